import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The images of a local directory as a feed: files ending in `.png`, `.jpg`, `.jpeg`, `.gif`,
/// `.webp` or `.bmp` (any case), sorted by file name, in pages of `pageSize`, with pixel sizes
/// read from the file headers (`ImageHeader`) without decoding the images.
///
/// Subdirectories and hidden files are skipped. Files whose header cannot be read are dropped
/// and counted in `FeedPage.droppedItemCount`. Each item's `id` and `title` are the file name,
/// and its `origin` is the folder (``ContentOrigin/folder(_:)``). Symbolic links are not listed
/// (they are not regular files), so nothing outside the folder is read.
public struct FolderFeed: FeedPageProviding {
    /// The file name extensions listed (lowercase).
    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "bmp"]

    /// The directory.
    public let directory: URL
    /// Files per page.
    public let pageSize: Int

    /// Creates a feed over `directory`.
    public init(directory: URL, pageSize: Int = 200) {
        self.directory = directory
        self.pageSize = max(1, pageSize)
    }

    /// The image files of the directory, sorted by name.
    ///
    /// - Complexity: O(*n* log *n*) for *n* directory entries.
    /// - Throws: `FeedError.unreadableFolder` when the directory cannot be listed.
    public func imageFiles() throws(FeedError) -> [URL] {
        let path = directory.path
        guard let stream = opendir(path) else {
            throw .unreadableFolder(directory, reason: String(cString: strerror(errno)))
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let fileExtension = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() }
            guard !name.hasPrefix("."), let fileExtension, Self.imageExtensions.contains(fileExtension) else { continue }
            // lstat: a symbolic link is not a regular file, so nothing outside the folder is listed.
            var status = stat()
            guard lstat(path + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            names.append(name)
        }
        return names.sorted().map { directory.appendingPathComponent($0, isDirectory: false) }
    }

    /// Page `n` of the listing (1-based); the directory is listed again for each page, so files
    /// added meanwhile appear on refresh. Only `.page` cursors exist for folders.
    ///
    /// - Complexity: O(*n* log *n*) for the listing plus one header read per file of the page.
    public func page(at cursor: FeedCursor) async throws(FeedError) -> FeedPage {
        guard case .page(let number) = cursor, number >= 1 else {
            return FeedPage(items: [], next: nil)
        }
        let files = try imageFiles()
        let start = (number - 1) * pageSize
        guard start < files.count else { return FeedPage(items: [], next: nil) }
        let slice = files[start..<min(start + pageSize, files.count)]
        var items: [FeedItem] = []
        for file in slice {
            if Task.isCancelled { throw .cancelled }
            guard let header = ImageHeader.read(contentsOf: file) else { continue }
            items.append(FeedItem(id: file.lastPathComponent, imageURL: file,
                                  pixelWidth: Double(header.displaySize.width), pixelHeight: Double(header.displaySize.height),
                                  title: file.lastPathComponent, origin: .folder(directory)))
        }
        return FeedPage(items: items, droppedItemCount: slice.count - items.count,
                        next: slice.endIndex < files.count ? .page(number + 1) : nil)
    }
}
