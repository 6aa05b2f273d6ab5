import Foundation
import WaterfallFeed
import WaterfallGTK

/// The one image pipeline every feed cell shares: streaming decoding at the cell's pixel size,
/// a memory cache of decoded images bounded by `--image-cache-mb` (default 128 MB) and an HTTP
/// disk cache of downloaded data in `$XDG_CACHE_HOME/waterfall` (or `~/.cache/waterfall`),
/// bounded by `--disk-cache-mb` (default 512) and `--disk-cache-days` (default 30).
enum DemoImagePipeline {
    /// The disk cache's directory: `$XDG_CACHE_HOME/waterfall`, else `~/.cache/waterfall`.
    static var cacheDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("waterfall")
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".cache", isDirectory: true).appendingPathComponent("waterfall")
    }

    /// A pipeline with the caches `options` ask for; without a disk cache (and a warning) when
    /// its directory cannot be created.
    static func make(options: Options) -> ImagePipeline<PixbufDecoder> {
        let memoryCacheMegabytes = options.imageCacheMegabytes
        var diskCache: DiskDataCache?
        do {
            diskCache = try DiskDataCache(directory: cacheDirectory, byteLimit: options.diskCacheMegabytes << 20,
                                          maximumAge: TimeInterval(options.diskCacheDays) * 86_400)
        } catch {
            FileHandle.standardError.write(Data("waterfall-demo: no disk cache at \(cacheDirectory.path): \(error)\n".utf8))
        }
        let configuration = ImagePipeline<PixbufDecoder>.Configuration(
            memoryCacheByteLimit: memoryCacheMegabytes << 20, diskCache: diskCache)
        return ImagePipeline(decoder: PixbufDecoder(), configuration: configuration)
    }
}
