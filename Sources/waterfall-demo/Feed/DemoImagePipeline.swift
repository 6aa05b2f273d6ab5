import Foundation
import WaterfallFeed
import WaterfallGTK

/// The one image pipeline every feed cell shares: gdk-pixbuf decoding at the cell's pixel size,
/// a memory cache of decoded images bounded by `--image-cache-mb` (default 128 MB) and a disk
/// cache of downloaded data in `$XDG_CACHE_HOME/waterfall` (or `~/.cache/waterfall`).
enum DemoImagePipeline {
    /// The bound on the disk cache.
    static let diskCacheBytes = 512 << 20

    /// The disk cache's directory: `$XDG_CACHE_HOME/waterfall`, else `~/.cache/waterfall`.
    static var cacheDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("waterfall")
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".cache", isDirectory: true).appendingPathComponent("waterfall")
    }

    /// A pipeline with a memory cache of `memoryCacheMegabytes`; without a disk cache (and a
    /// warning) when its directory cannot be created.
    static func make(memoryCacheMegabytes: Int) -> ImagePipeline<PixbufDecoder> {
        var diskCache: DiskDataCache?
        do {
            diskCache = try DiskDataCache(directory: cacheDirectory, byteLimit: diskCacheBytes)
        } catch {
            FileHandle.standardError.write(Data("waterfall-demo: no disk cache at \(cacheDirectory.path): \(error)\n".utf8))
        }
        let configuration = ImagePipeline<PixbufDecoder>.Configuration(
            memoryCacheByteLimit: memoryCacheMegabytes << 20, diskCache: diskCache)
        return ImagePipeline(decoder: PixbufDecoder(), configuration: configuration)
    }
}
