import FoundationEssentials
import WaterfallFeed

/// The image pipeline of the whole process, which every `WaterfallImage` (and every
/// ``PipelineImage`` made without a pipeline of its own) loads through, so they share one memory
/// cache of decoded images, one disk cache, the sandboxed decoders and each host's fair share.
public enum SharedImagePipeline {
    /// The name of the disk cache's directory under `$XDG_CACHE_HOME` (`~/.cache`), shared by
    /// the applications of the installed library.
    public static let cacheName = "waterfall-1"

    /// `ImagePipeline.standard(memoryCacheMegabytes:diskCache:diskCacheMegabytes:diskCacheDays:)`
    /// with its default limits (128 MB of decoded images, 512 MB of data on disk) and its disk
    /// cache in ``cacheName``; made on first use.
    public static let pipeline: ImagePipeline<PixbufDecoder> =
        .standard(diskCache: ImagePipeline.cacheDirectory(named: cacheName))
}
