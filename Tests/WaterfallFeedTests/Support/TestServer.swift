import Foundation
import WaterfallFeed

/// The local Python feed server (`Tests/feed-server/feed_server.py`) on 127.0.0.1 with a free
/// port: the shared one (`get()`), started once per test process, or one a test starts with
/// `init(arguments:)` (HTTPS, a second host) and ends with `stop()`. Either exits when this
/// process ends (its stdin pipe closes and it watches this process id).
final class TestServer: @unchecked Sendable {
    enum LaunchError: Error, CustomStringConvertible {
        case noPort(String)
        var description: String {
            switch self {
            case .noPort(let output): return "feed server did not report a port; output: \(output)"
            }
        }
    }

    /// The shared server, or why it could not start.
    static let shared: Result<TestServer, any Error> = Result { try TestServer() }

    let port: Int
    /// `http` or `https`.
    let scheme: String
    private let process: Process
    private let input: Pipe

    /// Starts a server of its own; `arguments` go before the parent pid (e.g. `--tls CERT KEY`).
    init(arguments: [String] = []) throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("feed-server/feed_server.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments + [String(ProcessInfo.processInfo.processIdentifier)]
        scheme = arguments.contains("--tls") ? "https" : "http"
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var text = ""
        for _ in 0..<100 where !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first, line.hasPrefix("PORT "),
              let port = Int(line.dropFirst(5)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw LaunchError.noPort(text)
        }
        self.port = port
    }

    /// Ends a server this test started, by its process id, and waits for it. SIGKILL, because
    /// the server inherits the test process's signal mask, in which SIGTERM is blocked.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The server, started on first use.
    static func get() throws -> TestServer {
        try shared.get()
    }

    /// `<scheme>://127.0.0.1:<port><pathAndQuery>` as a string (may contain `{page}`).
    func urlString(_ pathAndQuery: String, host: String = "127.0.0.1") -> String {
        "\(scheme)://\(host):\(port)\(pathAndQuery)"
    }

    /// `<scheme>://127.0.0.1:<port><pathAndQuery>`.
    func url(_ pathAndQuery: String) -> URL {
        URL(string: urlString(pathAndQuery))!
    }

    /// How many requests `path` has received.
    func requestCount(_ path: String) async throws -> Int {
        try await counter("/_count", path)
    }

    /// How many `/hang` requests on `path` saw the client disconnect.
    func disconnectCount(_ path: String) async throws -> Int {
        try await counter("/_disconnects", path)
    }

    /// How many requests on `path` were answered 304 Not Modified.
    func notModifiedCount(_ path: String) async throws -> Int {
        try await counter("/_notmodified", path)
    }

    private func counter(_ endpoint: String, _ path: String) async throws -> Int {
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? path
        let (data, _) = try await SoupDataLoader.shared.data(for: DataRequest(url: url("\(endpoint)?path=\(escaped)")))
        return Int(String(decoding: data, as: UTF8.self)) ?? -1
    }
}

/// A fresh path component, so tests sharing the server never share its per-path counters.
func uniqueKey() -> String {
    String(UUID().uuidString.prefix(8)).lowercased()
}
