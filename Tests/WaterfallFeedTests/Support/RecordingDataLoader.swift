import Foundation
@testable import WaterfallFeed

/// A `DataLoading` that passes every request on to `SoupDataLoader.shared` and records
/// its URL first, so a test can prove a URL never reached the loader (nothing was read).
final class RecordingDataLoader: DataLoading, Sendable {
    private let urls = Locked<[URL]>([])

    /// Every URL requested so far, in order.
    var requestedURLs: [URL] {
        urls.withLock { $0 }
    }

    func data(for request: DataRequest) async throws -> (Data, DataResponse) {
        urls.withLock { $0.append(request.url) }
        return try await SoupDataLoader.shared.data(for: request)
    }

    func data(for request: DataRequest, received: @escaping @Sendable (Data) -> Void) async throws -> (Data, DataResponse) {
        urls.withLock { $0.append(request.url) }
        return try await SoupDataLoader.shared.data(for: request, received: received)
    }
}
