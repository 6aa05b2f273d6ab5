import Foundation

/// A child process the tests ran to its end (`openssl`, Python, the test binary under
/// `unshare`): how it ended and what it wrote.
public struct FinishedProcess: Sendable {
    /// Its exit status.
    public let status: Int32
    /// What it wrote to standard output and standard error, in the order written (one pipe).
    public let output: String

    /// Runs `executable` with `arguments` and waits for it to end.
    ///
    /// - Parameters:
    ///   - directory: its working directory (this process's when `nil`).
    ///   - environment: its whole environment (this process's when `nil`).
    /// - Throws: what `Process.run()` throws when it cannot start.
    public init(running executable: String, _ arguments: [String], in directory: URL? = nil,
                environment: [String: String]? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        status = process.terminationStatus
    }
}
