// A URLSession delegate answers `willPerformHTTPRedirection` after the task left the state
// FoundationNetworking waits in: after the request's timeout (`late`) or after a cancel
// (`cancel`). Answering at once (`prompt`) is the control. See README.md.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Writes `line` to standard error at once (unbuffered, so it shows before a trap).
func say(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// One-shot HTTP server on 127.0.0.1: every request gets `302 Found` to `/elsewhere`.
func startRedirectServer() -> UInt16 {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            _ = bind(listener, pointer, length)
            _ = getsockname(listener, pointer, &length)
        }
    }
    listen(listener, 8)
    let port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread {
        while true {
            let client = accept(listener, nil, nil)
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = read(client, &buffer, buffer.count)
            let reply = "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:\(port)/elsewhere\r\nContent-Length: 0\r\n\r\n"
            _ = reply.withCString { write(client, $0, strlen($0)) }
        }
    }
    return port
}

final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
    let mode: String
    init(mode: String) { self.mode = mode }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        say("redirect asked (\(response.statusCode))")
        switch mode {
        case "late":
            // The request's timeout (1 s) passes before the answer (as when the delegate queue
            // is backed up that long).
            DispatchQueue.global().asyncAfter(deadline: .now() + 3) { completionHandler(nil) }
        case "cancel":
            // A cancel sent before the answer (as a caller's cancellation that reached the
            // delegate queue just ahead of this callback).
            task.cancel()
            completionHandler(nil)
        default:
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        say("completed: \((task.response as? HTTPURLResponse)?.statusCode ?? -1) \(error.map { "\($0)" } ?? "no error")")
        // A second for the answer to reach the task's queue (where the trap would be).
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { exit(0) }
    }
}

let mode = CommandLine.arguments.dropFirst().first ?? "prompt"
let port = startRedirectServer()
let queue = OperationQueue()
queue.maxConcurrentOperationCount = 1
let session = URLSession(configuration: .default, delegate: Delegate(mode: mode), delegateQueue: queue)
var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/start")!)
request.timeoutInterval = 1
session.dataTask(with: request).resume()
DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
    say("no completion within 10 s")
    exit(1)
}
dispatchMain()
