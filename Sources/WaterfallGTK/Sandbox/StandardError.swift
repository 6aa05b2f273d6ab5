import Glibc

/// The process's standard error, written to without Foundation's `FileHandle` (and without the C
/// library's shared `stderr` stream, which strict concurrency does not let Swift name).
package enum StandardError {
    /// Writes `text` as it is (add the line break yourself), retrying short writes.
    package static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes(writeToStandardError)
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// `write(2)` of `bytes` to file descriptor 2; the bytes written, or -1.
private func writeToStandardError(_ bytes: UnsafeRawBufferPointer) -> Int {
    write(STDERR_FILENO, bytes.baseAddress, bytes.count)
}
