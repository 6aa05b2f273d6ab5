import FoundationEssentials

/// A request for an image decoded to fit a pixel size.
public struct ImageRequest: Sendable, Hashable {
    /// How urgently a request is served when downloads are queued.
    public enum Priority: Int, Sendable, Hashable, Comparable {
        /// Images expected to scroll into view soon.
        case prefetch = 0
        /// The default.
        case normal = 1
        /// Images of cells on screen.
        case visible = 2

        /// Orders priorities from `prefetch` to `visible`.
        public static func < (lhs: Priority, rhs: Priority) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// The image URL (`http`, `https` or `file`).
    public var url: URL
    /// The box the image is decoded to fit (usually the cell's size in device pixels).
    public var targetSize: ImagePixelSize
    /// The initial priority; change it later with `ImageTask.setPriority(_:)`.
    public var priority: Priority
    /// The origin of the document that named `url` (a feed item's `FeedItem.origin`); a URL it
    /// may not name fails without being read. `.unrestricted` for URLs the application supplies.
    public var origin: ContentOrigin

    /// Creates a request.
    public init(url: URL, targetSize: ImagePixelSize, priority: Priority = .normal, origin: ContentOrigin = .unrestricted) {
        self.url = url
        self.targetSize = targetSize
        self.priority = priority
        self.origin = origin
    }

    /// What identifies the decoded result: requests with equal keys share one load and one
    /// memory-cache entry.
    var key: ImageCacheKey {
        ImageCacheKey(url: url, targetSize: targetSize)
    }
}

/// The memory-cache and de-duplication key of a decoded image.
struct ImageCacheKey: Hashable, Sendable {
    var url: URL
    var targetSize: ImagePixelSize
}
