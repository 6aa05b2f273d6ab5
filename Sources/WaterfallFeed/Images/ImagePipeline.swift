import FoundationEssentials

/// Loads images for a UI: data through a `DataLoading` with at most
/// `Configuration.maximumConcurrentDownloads` downloads at once and
/// `Configuration.maximumDownloadsPerHost` from one host (most urgent first, so a stalled host
/// never starves the others and cells on screen go first), each bounded by an idle timeout and
/// an overall deadline, raw data in
/// an optional `DiskDataCache`, decoding and downscaling to the requested size off the calling
/// thread by a `Decoder`, and decoded images in a memory cache bounded in bytes (LRU, cost =
/// `DecodedImage.byteCount`).
///
/// Requests with the same URL and target size share one load (de-duplication); the load is
/// cancelled when the last task waiting for it is cancelled. `cachedImage(for:size:)` answers
/// synchronously, so a cell can show a cached image in the same frame it is configured.
///
/// The pipeline is generic over its decoder's image type and knows nothing of the UI toolkit.
///
/// Failures: a transient one (timeout, 5xx, dropped connection) is retried within the load with
/// backoff (`Configuration.transientRetry`); a load that still fails is remembered in a negative
/// cache, so re-binding cells does not ask again: a permanent failure (404, 410, other 4xx,
/// empty or undecodable data) until `Configuration.failureRetryInterval` (default 5 minutes) has
/// passed or `forgetFailures()` is called (a refresh), a transient one for a backoff that doubles
/// per consecutive failure (a missed deadline counts as transient but is not retried within
/// the load). Meanwhile requests finish at once with the remembered error.
///
/// Origin rules: a request whose URL its `ImageRequest.origin` may not name (a `file:` URL in
/// a remote feed, a file outside a local feed's folder; see ``ContentOrigin``) fails at once
/// with ``DataLoadFailure/Kind/refused(_:)``, is counted as a failure, and nothing is read.
public final class ImagePipeline<Decoder: ImageDecoding>: Sendable {
    /// The platform image type.
    public typealias Image = Decoder.Image

    /// How a pipeline loads and caches.
    public struct Configuration: Sendable {
        /// What fetches image data.
        public var dataLoader: any DataLoading
        /// The most downloads running at once, from all hosts.
        public var maximumConcurrentDownloads: Int
        /// The most downloads running at once from one host (host and port).
        public var maximumDownloadsPerHost: Int
        /// Whether a download that has run a second and receives under 16 KiB/s stops counting
        /// against `maximumConcurrentDownloads` (never against its host's limit), so slow hosts
        /// cannot hold every slot while a fast one waits (docs/NETWORK.md, "Fairness"). At most
        /// four times `maximumConcurrentDownloads` downloads run so beside the others. Default
        /// `true`.
        public var lendsSlotsOfSlowDownloads = true
        /// The bound on the total `byteCount` of the decoded images kept in memory.
        public var memoryCacheByteLimit: Int
        /// Where raw `http`/`https` data is kept between launches, or `nil` for no disk cache.
        public var diskCache: DiskDataCache?
        /// The idle timeout of each download, in seconds.
        public var requestTimeout: TimeInterval
        /// How long one download may take in all, however steadily its bytes trickle in; a
        /// download still running then fails with
        /// ``DataLoadFailure/Kind/deadlineExceeded(seconds:)`` and is negative-cached with the
        /// transient backoff.
        public var requestDeadline: Duration
        /// The clock `requestDeadline` is kept by (a `ContinuousClock` unless a test injects a
        /// manual one).
        public var deadlineClock: any Clock<Duration>
        /// The most bytes one image download may have: a longer body is stopped while it
        /// arrives and the load fails with ``DataLoadFailure/Kind/tooLarge(limit:received:)``
        /// (a permanent failure, remembered like a 404), so a server streaming an endless or a
        /// huge "image" cannot exhaust memory.
        public var maximumImageByteCount: Int
        /// How transient download failures are retried within one load (attempts and backoff),
        /// and the backoff ceilings of the negative cache for loads that still failed.
        public var transientRetry: RetryPolicy
        /// How long a permanent failure (404, 410, undecodable data, …) is answered from the
        /// negative cache before the URL is requested again.
        public var failureRetryInterval: Duration
        /// The monotonic time the negative cache is kept by (default: time since the pipeline
        /// module was first used; inject a manual clock in tests).
        public var now: @Sendable () -> Duration

        /// Creates a configuration; the defaults are 12 downloads at once and 6 per host (as
        /// browsers), a 128 MB memory cache, no disk cache, a 30 s idle timeout and a 60 s
        /// deadline per download, images of at most 64 MB (a 50-megapixel JPEG is ~25 MB), 3
        /// attempts for transient failures (backoff from 0.5 s, at most 60 s in the negative
        /// cache) and permanent failures remembered for 5 minutes. The
        /// default data loader is ``SoupDataLoader/shared``, the one libsoup session the feed
        /// loader uses too (its per-host connection limit is above this pipeline's, so images
        /// never hold the connection a feed page needs).
        public init(dataLoader: any DataLoading = SoupDataLoader.shared, maximumConcurrentDownloads: Int = 12,
                    maximumDownloadsPerHost: Int = 6,
                    memoryCacheByteLimit: Int = 128 << 20, diskCache: DiskDataCache? = nil,
                    requestTimeout: TimeInterval = 30, requestDeadline: Duration = .seconds(60),
                    deadlineClock: any Clock<Duration> = ContinuousClock(),
                    maximumImageByteCount: Int = 64 << 20,
                    transientRetry: RetryPolicy = RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(500),
                                                              maximumDelay: .seconds(60)),
                    failureRetryInterval: Duration = .seconds(300),
                    now: @escaping @Sendable () -> Duration = { ContinuousClock.now - pipelineClockOrigin }) {
            self.dataLoader = dataLoader
            self.maximumConcurrentDownloads = maximumConcurrentDownloads
            self.maximumDownloadsPerHost = maximumDownloadsPerHost
            self.memoryCacheByteLimit = memoryCacheByteLimit
            self.diskCache = diskCache
            self.requestTimeout = requestTimeout
            self.requestDeadline = requestDeadline
            self.deadlineClock = deadlineClock
            self.maximumImageByteCount = maximumImageByteCount
            self.transientRetry = transientRetry
            self.failureRetryInterval = failureRetryInterval
            self.now = now
        }
    }

    /// Counters for diagnostics (`--scroll-test` figures).
    public struct Statistics: Sendable, Hashable {
        /// Loads that produced an image (shared loads count once).
        public var imagesLoaded = 0
        /// Distinct image URLs whose load failed (cancellations excluded): a 404 asked for by
        /// many cells counts once.
        public var imagesFailed = 0
        /// Requests answered from the negative cache, without a download.
        public var failureCacheHits = 0
        /// Downloads tried again within a load after a transient failure.
        public var transientRetries = 0
        /// Loads cancelled because every task waiting for them was cancelled.
        public var loadsCancelled = 0
        /// Downloads started through the data loader.
        public var downloadsStarted = 0
        /// Loads answered from the disk cache without a request (fresh entries; stale ones when
        /// revalidating failed transiently).
        public var diskCacheHits = 0
        /// Stale disk-cache entries revalidated by a `304 Not Modified` (their data reused).
        public var notModifiedResponses = 0
        /// Requests answered from the memory cache (`imageTask(for:)` and `cachedImage`).
        public var memoryCacheHits = 0
        /// The total `byteCount` of the images in the memory cache.
        public var memoryCacheBytes = 0
        /// The number of images in the memory cache.
        public var memoryCacheCount = 0
        /// Loads in progress.
        public var loadsInProgress = 0
        /// Image headers read and reported to the header handlers (see `addHeaderHandler(_:)`).
        public var headersReported = 0
    }

    struct Job {
        var id: Int
        var priorities: [Int: ImageRequest.Priority]
        var tasks: [Int: ImageTask<Image>]
        var work: Task<Void, Never>?

        var priority: ImageRequest.Priority {
            priorities.values.max() ?? .prefetch
        }
    }

    struct State {
        var memoryCache: LRUCache<ImageCacheKey, DecodedImage<Image>>
        var jobs: [ImageCacheKey: Job] = [:]
        var prefetches: [ImageCacheKey: ImageTask<Image>] = [:]
        var failures: FailureCache
        var failedURLs: Set<URL> = []
        var nextID = 0
        var statistics = Statistics()
        var headerHandlers: [HeaderHandlerID: @Sendable (URL, ImageHeader) -> Void] = [:]
        /// The headers read, by URL (the most recent ``ImagePipeline/rememberedHeaders``): a
        /// memory-cache hit reports its image's header again, for a handler added after the
        /// image was loaded.
        var headers = LRUCache<URL, ImageHeader>(costLimit: ImagePipeline.rememberedHeaders)
    }

    /// How many image headers the pipeline remembers (about 100 B each), to report them again
    /// on memory-cache hits: more than the memory cache holds images in practice.
    static var rememberedHeaders: Int { 4_096 }

    /// The decoder.
    public let decoder: Decoder
    /// The configuration.
    public let configuration: Configuration
    let scheduler: DownloadScheduler
    let state: Locked<State>

    /// Creates a pipeline.
    public init(decoder: Decoder, configuration: Configuration = Configuration()) {
        self.decoder = decoder
        self.configuration = configuration
        scheduler = DownloadScheduler(
            maximumConcurrent: configuration.maximumConcurrentDownloads, maximumPerHost: configuration.maximumDownloadsPerHost,
            lending: configuration.lendsSlotsOfSlowDownloads
                ? .init(maximumLent: 4 * max(1, configuration.maximumConcurrentDownloads)) : nil)
        state = Locked(State(memoryCache: LRUCache(costLimit: configuration.memoryCacheByteLimit),
                             failures: FailureCache(retryInterval: configuration.failureRetryInterval,
                                                    transientBackoff: configuration.transientRetry)))
    }

    /// The image for `url` decoded for `size`, if it is in the memory cache (marking it recently
    /// used); never starts a load and never waits for one.
    ///
    /// - Complexity: O(1).
    public func cachedImage(for url: URL, size: ImagePixelSize) -> DecodedImage<Image>? {
        let image = state.withLock { state in
            let image = state.memoryCache.value(forKey: ImageCacheKey(url: url, targetSize: size))
            if image != nil { state.statistics.memoryCacheHits += 1 }
            return image
        }
        if image != nil { reportRememberedHeader(of: url) }
        return image
    }

    /// Starts (or joins) the load of `request` and returns its task; a memory-cache hit, a URL
    /// in the negative cache, or a URL the request's origin may not name (see ``ContentOrigin``)
    /// returns a task that has already finished.
    ///
    /// - Complexity: O(1) amortized.
    public func imageTask(for request: ImageRequest) -> ImageTask<Image> {
        let key = request.key
        let (task, newJob) = state.withLock { state -> (ImageTask<Image>, Job?) in
            state.nextID += 1
            let id = state.nextID
            if let refusal = request.origin.refusal(of: key.url) {
                let error = ImagePipelineError.loadFailed(DataLoadFailure(url: key.url, kind: .refused(refusal)))
                state.failures.record(error, for: key.url, at: configuration.now())
                state.failedURLs.insert(key.url)
                state.statistics.imagesFailed = state.failedURLs.count
                return (ImageTask(request: request, id: id, finished: .failure(error)), nil)
            }
            if let cached = state.memoryCache.value(forKey: key) {
                state.statistics.memoryCacheHits += 1
                return (ImageTask(request: request, id: id, finished: .success(cached)), nil)
            }
            if let failure = state.failures.failure(for: key.url, at: configuration.now()) {
                state.statistics.failureCacheHits += 1
                return (ImageTask(request: request, id: id, finished: .failure(failure)), nil)
            }
            let task = ImageTask<Image>(request: request, id: id, owner: self)
            if var job = state.jobs[key] {
                let before = job.priority
                job.tasks[id] = task
                job.priorities[id] = request.priority
                state.jobs[key] = job
                if job.priority != before { scheduler.setPriority(job.priority, id: job.id) }
                return (task, nil)
            }
            let job = Job(id: id, priorities: [id: request.priority], tasks: [id: task])
            state.jobs[key] = job
            state.statistics.loadsInProgress += 1
            return (task, job)
        }
        if let newJob {
            start(newJob, key: key)
        } else if task.isFinished, case .success? = task.outcomeIfFinished {
            reportRememberedHeader(of: key.url)
        }
        return task
    }

    /// Loads `request` and returns the image. Cancelling the calling Swift task cancels this
    /// request (and the shared load, if no other request waits for it).
    ///
    /// - Throws: `ImagePipelineError`.
    public func image(for request: ImageRequest) async throws(ImagePipelineError) -> DecodedImage<Image> {
        try await imageTask(for: request).image()
    }

    /// Starts loading `urls` at `.prefetch` priority into the memory cache, skipping images that
    /// are cached or already being prefetched. A later request for the same URL and size joins
    /// the prefetch (raising its priority). `origin` is the origin of the document that named
    /// the URLs (see ``ImageRequest/origin``).
    ///
    /// - Complexity: O(*k*) for *k* URLs.
    public func prefetch(urls: [URL], targetSize: ImagePixelSize, origin: ContentOrigin = .unrestricted) {
        for url in urls {
            let key = ImageCacheKey(url: url, targetSize: targetSize)
            let isKnown = state.withLock { $0.memoryCache.contains(key) || $0.prefetches[key] != nil }
            guard !isKnown else { continue }
            let task = imageTask(for: ImageRequest(url: url, targetSize: targetSize, priority: .prefetch, origin: origin))
            state.withLock { state in
                if !task.isFinished { state.prefetches[key] = task }
            }
        }
    }

    /// Cancels the prefetches of `urls` at `targetSize` (e.g. when the user scrolls the other
    /// way); loads that other requests wait for continue.
    public func cancelPrefetching(urls: [URL], targetSize: ImagePixelSize) {
        let tasks = state.withLock { state in
            urls.compactMap { state.prefetches.removeValue(forKey: ImageCacheKey(url: $0, targetSize: targetSize)) }
        }
        for task in tasks { task.cancel() }
    }

    /// Forgets every remembered failure (a refresh), so failed images are requested again.
    public func forgetFailures() {
        state.withLock { $0.failures.removeAll() }
    }

    /// Identifies a handler added with `addHeaderHandler(_:)`, to remove it.
    public struct HeaderHandlerID: Hashable, Sendable {
        let value: Int
    }

    /// Adds a handler told an image's format and pixel size as soon as its header has arrived —
    /// from the first bytes of a download (as far as the data loader delivers them early), or
    /// from disk-cached data — before the image is decoded; once per load, from the loading
    /// thread; and again, from the calling thread, each time the image is taken from the memory
    /// cache (``cachedImage(for:size:)``, ``imageTask(for:)``) while the pipeline remembers its
    /// header, so that a handler added after the image was loaded learns its size too. A view
    /// uses it to correct items laid out at an estimated size; several views sharing a pipeline
    /// each add their own.
    ///
    /// - Returns: the id that `removeHeaderHandler(_:)` takes.
    @discardableResult
    public func addHeaderHandler(_ handler: @escaping @Sendable (_ url: URL, _ header: ImageHeader) -> Void) -> HeaderHandlerID {
        state.withLock { state in
            state.nextID += 1
            let id = HeaderHandlerID(value: state.nextID)
            state.headerHandlers[id] = handler
            return id
        }
    }

    /// Removes a handler added with `addHeaderHandler(_:)`; unknown ids are ignored.
    public func removeHeaderHandler(_ id: HeaderHandlerID) {
        state.withLock { _ = $0.headerHandlers.removeValue(forKey: id) }
    }

    /// Remembers the header read for `url` in `state` and tells it to every header handler
    /// there (static: a load's header report holds the state, not the pipeline).
    static func reportHeader(_ header: ImageHeader, of url: URL, in state: Locked<State>) {
        let handlers = state.withLock { state in
            state.headers.insert(header, cost: 1, forKey: url)
            if !state.headerHandlers.isEmpty { state.statistics.headersReported += 1 }
            return Array(state.headerHandlers.values)
        }
        for handler in handlers { handler(url, header) }
    }

    /// Tells the header remembered for `url` (an image taken from the memory cache) to every
    /// header handler; nothing when none is remembered or no handler listens.
    private func reportRememberedHeader(of url: URL) {
        let (header, handlers) = state.withLock { state in
            state.headerHandlers.isEmpty ? (nil, []) : (state.headers.value(forKey: url), Array(state.headerHandlers.values))
        }
        guard let header else { return }
        for handler in handlers { handler(url, header) }
    }

    /// Empties the memory cache (e.g. on memory pressure); images in use stay alive.
    public func removeAllCachedImages() {
        state.withLock { $0.memoryCache.removeAll() }
    }

    /// A snapshot of the counters.
    public var statistics: Statistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.memoryCacheBytes = state.memoryCache.totalCost
            statistics.memoryCacheCount = state.memoryCache.count
            return statistics
        }
    }
}

/// The origin of the default `ImagePipeline.Configuration.now`: monotonic time since first use.
@usableFromInline let pipelineClockOrigin = ContinuousClock.now
