import FoundationEssentials
import WaterfallFeed

extension ImagePipeline where Decoder == PixbufDecoder {
    /// The disk cache directory for an application called `name`: `$XDG_CACHE_HOME/name`, else
    /// `~/.cache/name`, as the XDG base directory rules say.
    public static func cacheDirectory(named name: String) -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(name)
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".cache", isDirectory: true).appendingPathComponent(name)
    }

    /// A pipeline of `PixbufDecoder` (as ``SharedImagePipeline/pipeline`` is made) decoding at each
    /// request's target size in the sandboxed workers of `ImageWorkerPool.standard` (no image is
    /// decoded when none can start), a memory cache of decoded images bounded by `memoryCacheMegabytes`,
    /// and an HTTP disk cache of downloaded data of at most `diskCacheMegabytes`, each entry kept
    /// at most `diskCacheDays` after it was stored or revalidated, in `diskCache` (`nil`: none).
    /// When the directory cannot be made the pipeline has no disk cache — see
    /// `configuration.diskCache` — and works from memory and the network.
    public static func standard(memoryCacheMegabytes: Int = 128, diskCache: URL? = nil,
                                diskCacheMegabytes: Int = 512, diskCacheDays: Int = 30) -> ImagePipeline<PixbufDecoder> {
        let cache = diskCache.flatMap { directory in
            try? DiskDataCache(directory: directory, byteLimit: max(0, diskCacheMegabytes) << 20,
                               maximumAge: TimeInterval(max(0, diskCacheDays)) * 86_400)
        }
        let configuration = ImagePipeline<PixbufDecoder>.Configuration(
            memoryCacheByteLimit: max(0, memoryCacheMegabytes) << 20, diskCache: cache)
        return ImagePipeline(decoder: PixbufDecoder(decoding: .standard), configuration: configuration)
    }
}
