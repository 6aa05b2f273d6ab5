import FoundationEssentials
import WaterfallFeed

/// One image loaded through an `ImagePipeline<PixbufDecoder>`, with what a view needs to draw it
/// meanwhile: its ``phase`` and its ``pixelSize`` as soon as the image's header has been read,
/// before it is decoded. The Swift core of the C type `WaterfallImage`, usable by any cell.
///
/// ``load(targetSize:)`` shows a memory-cached image at once (in the same call); otherwise it
/// keeps the pipeline's `ImageTask` until the image or a failure arrives. ``cancel()`` cancels
/// that task, which cancels the download and decode unless another request shares them. A
/// pending load holds the image (as a cell's does), so an image outlives its last user by at
/// most the time its load takes to notice a cancellation.
///
/// An image made with `holdsPixels: false` (as `WaterfallImage` is) keeps no decoded pixels of
/// its own once loaded: ``texture`` is the pipeline's memory-cache entry, which each use marks
/// recently used, so any number of such images take no more memory than the cache's bound; an
/// image the cache dropped loads again when ``reloadIfEvicted()`` is called (when it is drawn).
/// An image too large for the cache is held.
@MainActor
public final class PipelineImage {
    /// Where the image's load stands.
    public enum Phase {
        /// Not loaded: never started, or cancelled.
        case idle
        /// Downloading or decoding.
        case loading
        /// Decoded (see ``texture``).
        case loaded
        /// The load failed (a cancellation is ``idle``).
        case failed(ImagePipelineError)
    }

    /// The image's URL (`http`, `https` or `file`).
    public let url: URL
    /// The origin of the document that named ``url`` (`.unrestricted` for an application's own).
    public let origin: ContentOrigin
    /// The pipeline the image loads through.
    public let pipeline: ImagePipeline<PixbufDecoder>
    /// Where the load stands.
    public private(set) var phase: Phase = .idle
    /// The size of the decoded image: the decoded pixels' once it is loaded, before that the
    /// header's size (oriented) fitted into the target size as the decoder fits it; `nil` while
    /// unknown.
    public private(set) var pixelSize: ImagePixelSize?
    /// Called on the main actor after ``phase`` or ``pixelSize`` changed.
    public var onChange: (@MainActor () -> Void)?
    /// Whether the loaded image keeps its pixels itself, rather than in the pipeline's cache only.
    public let holdsPixels: Bool

    /// The decoded pixels held by the image (see ``holdsPixels``).
    private var heldTexture: Texture?
    /// The target size of the load that succeeded: the key of its memory-cache entry.
    private var loadedSize: ImagePixelSize?

    /// The pipeline's handle on the current load.
    private var task: ImageTask<Texture>?
    /// The Swift task awaiting ``task``'s outcome; readable in the module so tests can wait.
    private(set) var waiter: Task<Void, Never>?
    /// The header handler of the current load.
    private var headerHandler: ImagePipeline<PixbufDecoder>.HeaderHandlerID?
    /// Bumped by each load and cancellation, so a late outcome or header of an older load is
    /// dropped.
    private var generation = 0

    /// Creates an image of `url` that loads through `pipeline` (by default the process's
    /// ``SharedImagePipeline/pipeline``) as a document of `origin` named it; with `holdsPixels`
    /// false its pixels live in the pipeline's memory cache only.
    public init(url: URL, origin: ContentOrigin = .unrestricted, pipeline: ImagePipeline<PixbufDecoder> = SharedImagePipeline.pipeline,
                holdsPixels: Bool = true) {
        self.url = url
        self.origin = origin
        self.pipeline = pipeline
        self.holdsPixels = holdsPixels
    }

    /// Whether a load was started and not cancelled since (it may have finished).
    public var isStarted: Bool {
        if case .idle = phase { return false }
        return true
    }

    /// Whether the image is downloading or decoding.
    public var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// The decoded image once it is loaded: the one held, or the pipeline's memory-cache entry
    /// (marked recently used), `nil` when the cache has dropped it.
    /// - Complexity: O(1).
    public var texture: Texture? {
        guard case .loaded = phase, let loadedSize else { return nil }
        return heldTexture ?? pipeline.cachedImage(for: url, size: loadedSize)?.image
    }

    /// Loads the image again at the size it was loaded at when the pipeline's memory cache has
    /// dropped its pixels (an image that does not hold them).
    ///
    /// - Returns: whether a load started.
    @discardableResult
    public func reloadIfEvicted() -> Bool {
        guard case .loaded = phase, let loadedSize, texture == nil else { return false }
        phase = .idle
        load(targetSize: loadedSize)
        return true
    }

    /// Starts loading the image decoded to fit `targetSize` (a zero size: its own size), unless
    /// it is loading or loaded; a failed image loads again. A memory-cached image is shown in
    /// this call.
    ///
    /// - Returns: whether the image was shown from the memory cache in this call.
    /// - Complexity: O(1) on the main actor.
    @discardableResult
    public func load(targetSize: ImagePixelSize) -> Bool {
        switch phase {
        case .loading, .loaded: return false
        case .idle, .failed: break
        }
        generation &+= 1
        if let cached = pipeline.cachedImage(for: url, size: targetSize) {
            finish(.success(cached), targetSize: targetSize)
            return true
        }
        watchHeader(fittingInto: targetSize)
        let task = pipeline.imageTask(for: ImageRequest(url: url, targetSize: targetSize, priority: .visible, origin: origin))
        if task.isFinished, let outcome = task.outcomeIfFinished {
            finish(outcome, targetSize: targetSize)
            return false
        }
        self.task = task
        phase = .loading
        onChange?()
        let generation = generation
        waiter = Task {
            let outcome = await task.outcome()
            guard self.generation == generation else { return }
            finish(outcome, targetSize: targetSize)
        }
        return false
    }

    /// Cancels the load (the download and decode, unless another request shares them) and
    /// forgets the image: ``phase`` is ``Phase/idle`` again. Safe to call any number of times.
    public func cancel() {
        generation &+= 1
        stopWatchingHeader()
        task?.cancel()
        task = nil
        waiter = nil
        heldTexture = nil
        loadedSize = nil
        guard isStarted else { return }
        phase = .idle
        onChange?()
    }

    private func finish(_ outcome: ImageTask<Texture>.Outcome, targetSize: ImagePixelSize) {
        stopWatchingHeader()
        task = nil
        waiter = nil
        switch outcome {
        case .success(let image):
            phase = .loaded
            loadedSize = targetSize
            let cached = pipeline.cachedImage(for: url, size: targetSize) != nil
            heldTexture = holdsPixels || !cached ? image.image : nil
            pixelSize = ImagePixelSize(width: image.pixelWidth, height: image.pixelHeight)
        case .failure(.cancelled):
            phase = .idle
        case .failure(let error):
            phase = .failed(error)
        }
        onChange?()
    }

    /// Listens for this load's header, which the pipeline reports from its loading thread.
    /// Each header of the pipeline is offered to every image loading, so a header costs
    /// O(images loading).
    private func watchHeader(fittingInto targetSize: ImagePixelSize) {
        stopWatchingHeader()
        let url = url
        let generation = generation
        // A strong capture, as the pending load's: the handler is removed when the load ends.
        headerHandler = pipeline.addHeaderHandler { headerURL, header in
            guard headerURL == url else { return }
            Task { @MainActor in
                guard self.generation == generation, case .loading = self.phase else { return }
                self.pixelSize = targetSize.fitting(header.displaySize)
                self.onChange?()
            }
        }
    }

    private func stopWatchingHeader() {
        if let headerHandler { pipeline.removeHeaderHandler(headerHandler) }
        headerHandler = nil
    }
}
