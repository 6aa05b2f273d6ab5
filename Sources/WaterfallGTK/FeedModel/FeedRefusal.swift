import CWaterfallGtk
import WaterfallFeed

/// Why a `WaterfallFeedWall` or `WaterfallFeedModel` could not be made: a `WaterfallFeedError`
/// code and its message.
struct FeedRefusal: Error {
    let code: WaterfallFeedError
    let message: String

    /// The loader of the feed at `url` shaped as `schema` (a preset name or mapping; `nil`:
    /// standard), or the refusal of the URL or schema.
    static func loader(url: String, schema: String?) -> Result<FeedLoader, FeedRefusal> {
        let feedSchema: FeedSchema
        do {
            feedSchema = try schema.map { try FeedSchema(mapping: $0) } ?? .standard
        } catch {
            return .failure(FeedRefusal(code: WATERFALL_FEED_ERROR_INVALID_SCHEMA,
                                        message: "the feed schema '\(schema ?? "")' is not valid: \(error)"))
        }
        do {
            return .success(try FeedLoader(feedURL: url, schema: feedSchema))
        } catch {
            return .failure(FeedRefusal(code: WATERFALL_FEED_ERROR_INVALID_URL, message: error.description))
        }
    }

    /// Reports the refusal in `error` (`WATERFALL_FEED_ERROR`).
    func set(_ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) {
        g_set_error_literal(error, waterfall_feed_error_quark(), gint(code.rawValue), message)
    }
}
