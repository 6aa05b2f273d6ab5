import Foundation
import ChildProcesses
import Testing
@testable import WaterfallFeed

/// Certificates that fail for a reason other than trust — expired, or issued for another host —
/// and an `https` transfer redirected to `http`, against local TLS servers whose certificates a
/// test CA issued.
///
/// glib-networking (GnuTLS) reads the system's trust store from
/// `/etc/ssl/certs/ca-certificates.crt`, and a test must not change what the user trusts, so a certificate of a CA of our own could
/// only fail as "unable to get local issuer certificate". So `certificateProblemsUnderATrustedTestCA`
/// makes the CA and the certificates, starts the servers, and runs this test binary again —
/// only `TrustedCATLSChecks` — in a private mount namespace (`unshare`) in which that file is
/// the test CA: the system's trust store is never touched.
@Suite("TLS certificates under a trusted test CA")
struct TrustedCATLSTests {
    /// The `unshare` options that give the child a mount namespace of its own: as root, that
    /// alone; otherwise a user namespace mapped to root with it, which needs no privileges.
    static let namespaceOptions = getuid() == 0 ? ["--mount"] : ["--user", "--map-root-user", "--mount"]

    /// Why this machine cannot give the child a mount namespace of its own, or `nil` when it can.
    /// The kernel refuses a user namespace to a process in a chroot (and where unprivileged user
    /// namespaces are turned off); root in a chroot needs its / to be a mount point
    /// (scripts/debian13.sh binds it). Only there does the test skip, saying why.
    static let namespaceRefusal: String? = {
        let probe = try? FinishedProcess(running: "/usr/bin/unshare", namespaceOptions + ["/bin/true"])
        guard let probe else { return "/usr/bin/unshare cannot be started" }
        guard probe.status != 0 else { return nil }
        return "this environment refuses `unshare \(namespaceOptions.joined(separator: " "))` to uid \(getuid()): "
            + probe.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    @Test(.enabled(if: namespaceRefusal == nil, Comment(rawValue: namespaceRefusal ?? "")))
    func certificateProblemsUnderATrustedTestCA() throws {
        let certificates = try TLSTests.Certificates()
        defer { certificates.remove() }
        try certificates.testCA()
        let expired = try TestServer(arguments: ["--tls"] + certificates.issued("expired", for: "IP:127.0.0.1",
                                                                                  validity: .expired))
        defer { expired.stop() }
        let wrongHost = try TestServer(arguments: ["--tls"] + certificates.issued("wrong-host", for: "DNS:wrong.invalid"))
        defer { wrongHost.stop() }
        let goodCertificate = try certificates.issued("good", for: "IP:127.0.0.1")
        let good = try TestServer(arguments: ["--tls"] + goodCertificate)
        defer { good.stop() }
        let http2 = try HTTP2Server(certificate: goodCertificate[0], key: goodCertificate[1],
                                    directory: certificates.directory)
        defer { http2.stop() }
        let plain = try TestServer.get()

        let testBinary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var environment = ProcessInfo.processInfo.environment
        environment[trustedCAVariable] = certificates.path("ca.pem")
        environment["WATERFALL_TLS_EXPIRED"] = expired.urlString("")
        environment["WATERFALL_TLS_WRONG_HOST"] = wrongHost.urlString("")
        environment["WATERFALL_TLS_GOOD"] = good.urlString("")
        environment["WATERFALL_HTTP"] = plain.urlString("")
        environment["WATERFALL_HTTP2"] = "https://127.0.0.1:\(http2.port)"
        // A mount namespace of its own (in a user namespace mapped to root unless we are root):
        // the bind mount is seen by the child alone.
        let child = try FinishedProcess(running: "/usr/bin/unshare", Self.namespaceOptions + [
            "/bin/sh", "-c",
            "mount --bind \"$0\" /etc/ssl/certs/ca-certificates.crt && exec \"$@\"",
            certificates.path("ca.pem"), testBinary, "--testing-library", "swift-testing", "--filter", "TrustedCATLSChecks",
        ], environment: environment)
        let text = child.output
        #expect(child.status == 0, "\(text)")
        let checks = TrustedCATLSChecks.checkCount
        #expect(text.contains("Test run with \(checks) tests") && text.contains("passed"),
                "all \(checks) checks ran and passed:\n\(text)")
    }
}

/// The environment variable naming the test CA a process trusts (set for `TrustedCATLSChecks`).
private let trustedCAVariable = "WATERFALL_TLS_TRUSTED_CA"

/// The checks `TrustedCATLSTests` runs in a process that trusts its test CA; skipped anywhere
/// else.
@Suite("TLS checks in a process trusting the test CA",
       .enabled(if: ProcessInfo.processInfo.environment[trustedCAVariable] != nil))
struct TrustedCATLSChecks {
    /// How many tests this suite has.
    static let checkCount = 5

    typealias Pipeline = ImagePipeline<HeaderImageDecoder>

    static func base(_ name: String) throws -> String {
        try #require(ProcessInfo.processInfo.environment[name], "\(name) is not set")
    }

    /// Loads an image of `base` and the first page of a feed there; returns both failures.
    func failures(at base: String) async throws -> (image: DataLoadFailure?, page: FeedError?) {
        let pipeline = Pipeline(decoder: HeaderImageDecoder(), configuration: .init(dataLoader: SoupDataLoader()))
        let outcome = await pipeline.imageTask(for: ImageRequest(url: URL(string: "\(base)/img/\(uniqueKey()).png?w=10&h=10")!,
                                                                 targetSize: ImagePixelSize(width: 10, height: 10))).outcome()
        var image: DataLoadFailure?
        if case .failure(.loadFailed(let failure)) = outcome { image = failure }
        let feed = HTTPFeed(source: try FeedSource(template: "\(base)/feed/\(uniqueKey())/{page}.json"),
                            dataLoader: SoupDataLoader())
        do {
            _ = try await feed.page(at: .page(1))
            return (image, nil)
        } catch {
            return (image, error)
        }
    }

    func certificateProblem(_ failure: DataLoadFailure?) -> String? {
        if case .certificate(let problem) = failure?.kind { return problem }
        return nil
    }

    @Test func aCertificateTheCAIssuedForThisHostLoads() async throws {
        let (image, page) = try await failures(at: try Self.base("WATERFALL_TLS_GOOD"))
        #expect(image == nil && page == nil, "the test CA is trusted here: \(String(describing: image)), \(String(describing: page))")
    }

    @Test func anExpiredCertificateFailsNamingTheExpiry() async throws {
        let (image, page) = try await failures(at: try Self.base("WATERFALL_TLS_EXPIRED"))
        #expect(certificateProblem(image) == "certificate has expired", "\(String(describing: image))")
        #expect(image?.certificateProblem == .expired)
        guard case .load(let pageFailure) = page else {
            Issue.record("expected a load failure, got \(String(describing: page))")
            return
        }
        #expect(certificateProblem(pageFailure) == "certificate has expired")
        #expect(page?.description.contains("TLS certificate not accepted: certificate has expired") == true,
                "\(String(describing: page))")
        #expect(page?.isTransient == false)
    }

    @Test func aCertificateForAnotherHostFailsNamingTheHostMismatch() async throws {
        let (image, page) = try await failures(at: try Self.base("WATERFALL_TLS_WRONG_HOST"))
        let problem = certificateProblem(image)
        #expect(problem == "certificate is not valid for host name '127.0.0.1'",
                "\(String(describing: image))")
        guard case .load(let pageFailure) = page else {
            Issue.record("expected a load failure, got \(String(describing: page))")
            return
        }
        #expect(certificateProblem(pageFailure) == problem)
        #expect(pageFailure.certificateProblem == .wrongHost)
        #expect(page?.description.contains("host name '127.0.0.1'") == true, "\(String(describing: page))")
    }

    @Test func anHTTPSTransferRedirectedToHTTPIsRefused() async throws {
        let good = try Self.base("WATERFALL_TLS_GOOD")
        let plain = try Self.base("WATERFALL_HTTP")
        let key = uniqueKey()
        let target = "\(plain)/img/\(key).png?w=10&h=10"
        let escaped = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let pipeline = Pipeline(decoder: HeaderImageDecoder(), configuration: .init(dataLoader: SoupDataLoader()))
        let outcome = await pipeline.imageTask(for: ImageRequest(url: URL(string: "\(good)/redirect?to=\(escaped)")!,
                                                                 targetSize: ImagePixelSize(width: 10, height: 10))).outcome()
        guard case .failure(.loadFailed(let failure)) = outcome, case .refused(let reason) = failure.kind else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(reason == "redirect from https down to http (\(target))")
        // A page too: a feed error naming the rule, shown in the banner.
        let page = "\(plain)/feed/\(key)/1.json".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let feed = HTTPFeed(source: try FeedSource(template: "\(good)/redirect?to=\(page)"), dataLoader: SoupDataLoader())
        do {
            _ = try await feed.page(at: .page(1))
            Issue.record("a page redirected from https to http must fail")
        } catch {
            guard case .load(let pageFailure) = error, case .refused(let pageReason) = pageFailure.kind else {
                Issue.record("expected a refusal, got \(error)")
                return
            }
            #expect(pageReason.contains("down to http"), "\(pageReason)")
        }
        // Nothing was read at the http targets (the counts are the plain server's; this process
        // asks it over http, which the test CA does not concern).
        let loader = SoupDataLoader()
        for path in ["/img/\(key).png", "/feed/\(key)/1.json"] {
            let (data, _) = try await loader.data(for: DataRequest(url: URL(string: "\(plain)/_count?path=\(path)")!))
            #expect(String(decoding: data, as: UTF8.self) == "0", "\(path) was requested")
        }
    }

    /// A server that offers HTTP/2 in its TLS handshake (ALPN) gets HTTP/2 from libsoup.
    @Test func http2IsSpokenWhereTheServerOffersIt() async throws {
        let base = try Self.base("WATERFALL_HTTP2")
        let (data, response) = try await SoupDataLoader().data(for: DataRequest(url: URL(string: "\(base)/ca.pem")!))
        #expect(response.statusCode == 200)
        #expect(response.httpVersion == "HTTP/2", "\(response)")
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("-----BEGIN CERTIFICATE-----"))
    }
}

/// `nghttpd` (Debian `nghttp2-server`): an HTTP/2 server over TLS on 127.0.0.1 serving a
/// directory, ended by its process id with `stop()`.
final class HTTP2Server: @unchecked Sendable {
    let port: Int
    private let process = Process()

    init(certificate: String, key: String, directory: URL) throws {
        let probe = try FinishedProcess(running: "/usr/bin/python3", ["-c", """
            import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])
            """])
        port = try #require(Int(probe.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(probe.output)")
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nghttpd")
        process.arguments = ["--address=127.0.0.1", "-d", directory.path, String(port), key, certificate]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let ready = try FinishedProcess(running: "/usr/bin/python3", ["-c", """
            import socket, time
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", \(port)), timeout=1).close(); break
                except OSError:
                    time.sleep(0.05)
            else:
                raise SystemExit(1)
            """])
        if ready.status != 0 { stop() }
        try #require(ready.status == 0, "nghttpd did not start on port \(port)")
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
