import Backoff
import Testing

/// A generator with one stored word (not zero-size), for the control case.
struct WordGenerator: RandomNumberGenerator {
    var state: UInt64 = 1
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return state
    }
}

/// Crashes under `swift test --sanitize=thread` (parallel, the default):
/// `ThreadSanitizer: SEGV … Backoff.swift:17:58` in `__tsan::ExternalAccess`.
@Test func zeroSizeSystemGenerator() {
    let backoff = Backoff(base: .milliseconds(100))
    var random = SystemRandomNumberGenerator()
    var total = Duration.zero
    for retry in 0..<10 {
        for _ in 0..<20 { total += backoff.delay(retry, using: &random) }
    }
    #expect(total >= .zero)
}

/// The same code with a one-word generator passes. (The loop stays written out in both tests:
/// moved into a generic helper, the zero-size case no longer crashes.)
@Test func oneWordGenerator() {
    let backoff = Backoff(base: .milliseconds(100))
    var random = WordGenerator()
    var total = Duration.zero
    for retry in 0..<10 {
        for _ in 0..<20 { total += backoff.delay(retry, using: &random) }
    }
    #expect(total >= .zero)
}
