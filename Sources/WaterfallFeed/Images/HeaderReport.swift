import FoundationEssentials

/// Reads an image's header from the bytes of a load as they arrive and reports it once.
///
/// Work is bounded by what arrives: a read is tried on the first bytes, then only once the body
/// has grown by half since the last try (at least 4 KiB) and once more on the complete body, so
/// the reads of a body of *n* bytes cost O(*n*) together however small its chunks; and a body that shows no header in its first
/// ``sniffLimit`` bytes is given up on (its decode still finds its size). A hostile JPEG of 8 MiB
/// of fill bytes, re-read from byte 0 on every chunk, used to stall every transfer.
final class HeaderReport: Sendable {
    /// The most bytes read for a header: real images have theirs within their first few hundred
    /// kilobytes (EXIF, ICC and XMP segments before a JPEG's frame header).
    static let sniffLimit = 1 << 20

    private struct State {
        /// Whether the header was found, or the bytes proved not to be a known image format.
        var done = false
        /// The body length at which the next read is tried.
        var nextTry = 1
        /// How many reads were tried.
        var attempts = 0
        /// Whether the header was reported.
        var reported = false
    }

    private let url: URL
    private let report: @Sendable (URL, ImageHeader) -> Void
    private let state = Locked(State())

    init(url: URL, report: @escaping @Sendable (URL, ImageHeader) -> Void) {
        self.url = url
        self.report = report
    }

    /// How many reads were tried so far.
    var attempts: Int { state.withLock { $0.attempts } }

    /// Tries the bytes received so far when they grew enough since the last try, or when they
    /// are the `complete` body.
    /// - Complexity: amortized O(new bytes); O(1) once the header was found or given up on.
    func received(_ data: Data, complete: Bool = false) {
        let tries = state.withLock { state -> Bool in
            guard !state.done, complete || data.count >= state.nextTry else { return false }
            state.attempts += 1
            state.nextTry = data.count + max(4096, data.count / 2)
            if data.count >= Self.sniffLimit { state.done = true }
            return true
        }
        guard tries, let header = ImageHeader.read(from: data.prefix(Self.sniffLimit)) else { return }
        let first = state.withLock { state -> Bool in
            defer { (state.done, state.reported) = (true, true) }
            return !state.reported
        }
        if first { report(url, header) }
    }
}
