import Testing

/// Ends the running test as skipped, saying why: `Test.cancel` (Swift Testing 6.3). Before 6.3 a
/// running test cannot be skipped, so there it fails with the reason instead of passing silently.
func skipTest(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Never {
    #if compiler(>=6.3)
    try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
    #else
    Issue.record(Comment(rawValue: "cannot skip a running test before Swift 6.3: \(reason)"), sourceLocation: sourceLocation)
    throw CannotSkip()
    #endif
}

#if !compiler(>=6.3)
/// What ``skipTest(_:sourceLocation:)`` throws before Swift 6.3 (its issue says why).
struct CannotSkip: Error {}
#endif
