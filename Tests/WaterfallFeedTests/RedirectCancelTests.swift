import Foundation
import SeededRandom
import Testing
@testable import WaterfallFeed

/// Transfers whose server redirects, cancelled at random moments around the redirect while other
/// transfers keep the loader busy: as cells cancel images that scroll away while an image CDN
/// answers `302`. FoundationNetworking, the loader before libsoup, trapped the process
/// ("Received callback for HTTP redirection, but we're not waiting for it") when a task was
/// cancelled while its redirect or response waited for its delegate; ``SoupDataLoader`` follows
/// redirects itself and may cancel at any moment.
@Suite("Redirects cancelled under load")
struct RedirectCancelTests {
    /// One round: `count` redirecting transfers, each answered after a random 0–150 ms and
    /// cancelled within 40 ms of that, beside trickling transfers whose callers take 2 ms over
    /// each report (as reading a hostile image's header did). Every transfer ends (an image or a
    /// cancellation), no cancelled transfer reports bytes after it ended, and the loader still
    /// works afterwards.
    func round(seed: UInt64, count: Int, server: TestServer, loader: SoupDataLoader) async throws {
        var random = SplitMix64(seed: seed)
        let key = uniqueKey()
        let plans = (0..<count).map { index in
            let answerAfter = random.next(below: 150)
            return (index: index, answerAfter: answerAfter, cancelAfter: max(0, answerAfter - 20 + random.next(below: 40)))
        }
        let load = (0..<4).map { index in
            Task {
                try await loader.data(for: DataRequest(url: server.url("/img/load-\(key)-\(index).png?w=8&h=8&size=400&trickle=2"))) { _ in
                    usleep(2_000)
                }
            }
        }
        let outcomes = await withTaskGroup(of: String?.self) { group in
            for plan in plans {
                group.addTask {
                    let target = server.urlString("/img/\(key)-\(plan.index).png?w=12&h=9")
                    let escaped = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? target
                    let url = server.url("/redirect?to=\(escaped)&delay=\(plan.answerAfter)&k=\(key)-\(plan.index)")
                    let cancelled = Locked(false)
                    let lateReports = Locked(0)
                    let transfer = Task {
                        try await loader.data(for: DataRequest(url: url)) { _ in
                            if cancelled.withLock({ $0 }) { lateReports.withLock { $0 += 1 } }
                        }
                    }
                    try? await Task.sleep(for: .milliseconds(plan.cancelAfter))
                    transfer.cancel()
                    let result = await transfer.result
                    // A report already running when the transfer ended may still finish.
                    try? await Task.sleep(for: .milliseconds(50))
                    cancelled.withLock { $0 = true }
                    switch result {
                    case .success(let (data, response)):
                        guard response.statusCode == 200, ImageHeader.read(from: data) != nil else {
                            return "transfer \(plan.index): not the redirect's image: \(response)"
                        }
                    case .failure(let error):
                        guard error is CancellationError || (error as? TransportError)?.code == .cancelled else {
                            return "transfer \(plan.index): \(error)"
                        }
                    }
                    // Give a transfer that was let run time to report what it should not.
                    try? await Task.sleep(for: .milliseconds(200))
                    let late = lateReports.withLock { $0 }
                    return late == 0 ? nil : "transfer \(plan.index) reported \(late) chunks after it ended"
                }
            }
            var failures: [String] = []
            for await failure in group { if let failure { failures.append(failure) } }
            return failures
        }
        for task in load { task.cancel() }
        #expect(outcomes.isEmpty, "seed \(seed): \(outcomes.prefix(5))")
        let (data, _) = try await loader.data(for: DataRequest(url: server.url("/img/after-\(key).png?w=5&h=4")))
        #expect(ImageHeader.read(from: data)?.displaySize == ImagePixelSize(width: 5, height: 4), "seed \(seed)")
    }

    @Test func cancellingRedirectingTransfersNeverTrapsTheProcess() async throws {
        let server = try TestServer.get()
        let loader = SoupDataLoader()
        let firstSeed = UInt64(Date().timeIntervalSince1970)
        for round in 0..<4 {
            try await self.round(seed: firstSeed &+ UInt64(round), count: 120, server: server, loader: loader)
        }
    }
}
