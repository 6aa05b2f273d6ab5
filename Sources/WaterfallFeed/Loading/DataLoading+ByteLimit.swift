import FoundationEssentials

/// A body that grew past the bound a caller set (see
/// ``DataLoading/data(for:received:maximumByteCount:)``).
public struct BodyTooLarge: Error, Sendable, Hashable {
    /// The bound, in bytes.
    public var limit: Int
    /// How many bytes had arrived when the transfer was stopped (more than `limit`).
    public var received: Int
}

extension DataLoading {
    /// ``DataLoading/data(for:received:)`` that stops the transfer as soon as the body so far
    /// is longer than `maximumByteCount`: the request runs in a child task, which is cancelled
    /// from the `received` callback (cancelling the underlying transfer), so a server that
    /// streams an endless body costs at most the bound plus one chunk of memory. A loader that
    /// reports the body only once, at its end (the protocol's default), is checked then.
    ///
    /// - Throws: ``BodyTooLarge`` for a longer body; otherwise what the loader throws
    ///   (cancelling the calling task cancels the transfer).
    public func data(for request: DataRequest, received: @escaping @Sendable (Data) -> Void,
                     maximumByteCount: Int) async throws -> (Data, DataResponse) {
        let limit = max(0, maximumByteCount)
        let overflow = Locked<(received: Int?, transfer: Task<(Data, DataResponse), any Error>?)>((nil, nil))
        // The task is made and recorded under the lock, so a callback (on another thread) that
        // takes the lock always finds it.
        let transfer = overflow.withLock { state in
            let task = Task {
                try await self.data(for: request) { soFar in
                    guard soFar.count > limit else { return received(soFar) }
                    let task = overflow.withLock { state -> Task<(Data, DataResponse), any Error>? in
                        if state.received == nil { state.received = soFar.count }
                        return state.transfer
                    }
                    task?.cancel()
                }
            }
            state.transfer = task
            return task
        }
        let result: Result<(Data, DataResponse), any Error> = await withTaskCancellationHandler {
            await transfer.result
        } onCancel: {
            transfer.cancel()
        }
        if let count = overflow.withLock({ $0.received }) {
            throw BodyTooLarge(limit: limit, received: count)
        }
        let (data, response) = try result.get()
        guard data.count <= limit else { throw BodyTooLarge(limit: limit, received: data.count) }
        return (data, response)
    }
}
