/// Polls `condition` every 20 ms until it holds, giving up after about 10 s (a generous bound for
/// events that happen in another process, such as the server noticing a disconnect).
func eventually(_ condition: () async throws -> Bool) async rethrows -> Bool {
    for _ in 0..<500 {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return false
}
