import FoundationEssentials
import WaterfallFeed
import WaterfallGTK

extension Options {
    /// Where the wall's items come from.
    package enum Source: Equatable {
        /// The generated shop (`--items`), pictures drawn on the fly.
        case generated
        /// JSON or plist pages from a URL template (`--feed`, `{page}` is the 1-based page).
        case feed(FeedSource)
        /// The images of a local folder (`--folder`), sizes read from their headers.
        case folder(URL)

        /// Parses a `--feed` value.
        static func feed(template: String) throws(OptionsError) -> Source {
            do {
                return .feed(try FeedSource(template: template))
            } catch {
                throw .invalidValue("--feed", error.description)
            }
        }

        /// A `--folder` value (a missing or unreadable folder shows its error in the window).
        static func folder(path: String) -> Source {
            let home = FileManager.default.homeDirectoryForCurrentUser.path
            let expanded = path == "~" ? home : path.hasPrefix("~/") ? home + path.dropFirst() : path
            return .folder(URL(fileURLWithPath: expanded, isDirectory: true))
        }

        /// A loader over this source in pages of `pageSize` (folders; feeds page themselves),
        /// reading feed pages through `schema`, or `nil` for the generated shop.
        func makeLoader(pageSize: Int, schema: FeedSchema) -> FeedLoader? {
            switch self {
            case .generated: nil
            case .feed(let source): FeedLoader(provider: HTTPFeed(source: source, schema: schema))
            case .folder(let directory): FeedLoader(provider: FolderFeed(directory: directory, pageSize: pageSize))
            }
        }

        /// What the wall says when this source has no items.
        var emptyState: WaterfallStatus {
            switch self {
            case .generated:
                WaterfallStatus(title: tr("The shop has no items"),
                                description: tr("Start the demo with --items and a number above 0 to fill the shop."),
                                iconName: "view-grid-symbolic")
            case .feed(let source):
                WaterfallStatus(title: tr("The feed has no items"), description: source.template,
                                iconName: "image-x-generic-symbolic")
            case .folder(let directory):
                WaterfallStatus(title: tr("No images in this folder"), description: directory.path,
                                iconName: "folder-pictures-symbolic")
            }
        }

        /// The title of the status when the first page fails.
        var failureTitle: String {
            switch self {
            case .generated, .feed: tr("The shop could not be loaded")
            case .folder: tr("The folder could not be read")
            }
        }
    }
}
