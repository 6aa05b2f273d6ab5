import ChildProcesses
import CWaterfallSoup
import Foundation
import Testing
@testable import WaterfallFeed

/// Certificates that do not verify are never accepted, and the failure names the problem: a
/// local HTTPS fixture server with certificates `openssl` makes for each test in a temporary
/// directory.
@Suite("TLS certificates")
struct TLSTests {
    /// A temporary directory of PEM files made by `openssl`.
    struct Certificates {
        let directory: URL

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(uniqueKey())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        func path(_ name: String) -> String {
            directory.appendingPathComponent(name).path
        }

        /// Runs `openssl` with `arguments` in the directory and waits for it.
        func openssl(_ arguments: [String]) throws {
            let openssl = try FinishedProcess(running: "/usr/bin/openssl", arguments, in: directory)
            #expect(openssl.status == 0, "openssl \(arguments.joined(separator: " ")): \(openssl.output)")
        }

        /// A self-signed certificate for 127.0.0.1: `self-signed.pem`, `self-signed.key`.
        func selfSigned() throws -> [String] {
            try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                         "-addext", "subjectAltName=IP:127.0.0.1",
                         "-keyout", "self-signed.key", "-out", "self-signed.pem"])
            return [path("self-signed.pem"), path("self-signed.key")]
        }

        /// A certificate for another host name, issued by a CA of the test's own that the
        /// system does not trust (and the server does not send): `leaf.pem`, `leaf.key`.
        func otherHostFromUnknownCA() throws -> [String] {
            try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=Waterfall Test CA",
                         "-keyout", "ca.key", "-out", "ca.pem"])
            try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=wrong.invalid",
                         "-keyout", "leaf.key", "-out", "leaf.csr"])
            try Data("subjectAltName=DNS:wrong.invalid\n".utf8).write(to: directory.appendingPathComponent("leaf.ext"))
            try openssl(["x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                         "-days", "1", "-extfile", "leaf.ext", "-out", "leaf.pem"])
            return [path("leaf.pem"), path("leaf.key")]
        }

        /// When a certificate is valid.
        enum Validity {
            /// From now, for a day.
            case current
            /// A day in 2020.
            case expired
        }

        /// A CA of the test's own: `ca.pem`, `ca.key`, and what `openssl ca` needs to issue.
        func testCA() throws {
            try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=Waterfall Test CA",
                         "-keyout", "ca.key", "-out", "ca.pem"])
            try Data().write(to: directory.appendingPathComponent("index.txt"))
            try Data("01\n".utf8).write(to: directory.appendingPathComponent("serial"))
            try Data("""
                [ca]
                default_ca = test
                [test]
                database = index.txt
                new_certs_dir = .
                serial = serial
                default_md = sha256
                policy = any
                unique_subject = no
                [any]
                commonName = supplied

                """.utf8).write(to: directory.appendingPathComponent("ca.cnf"))
        }

        /// A certificate the `testCA()` issues for `subjectAltName` (`IP:…` or `DNS:…`),
        /// valid as `validity` says: `NAME.pem`, `NAME.key`.
        func issued(_ name: String, for subjectAltName: String, validity: Validity = .current) throws -> [String] {
            try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=\(name)",
                         "-keyout", "\(name).key", "-out", "\(name).csr"])
            try Data("subjectAltName=\(subjectAltName)\n".utf8).write(to: directory.appendingPathComponent("\(name).ext"))
            let dates = switch validity {
            case .current: ["-days", "1"]
            case .expired: ["-startdate", "20200101000000Z", "-enddate", "20200102000000Z"]
            }
            try openssl(["ca", "-batch", "-notext", "-config", "ca.cnf", "-cert", "ca.pem", "-keyfile", "ca.key",
                         "-in", "\(name).csr", "-extfile", "\(name).ext", "-out", "\(name).pem"] + dates)
            return [path("\(name).pem"), path("\(name).key")]
        }

        func remove() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    func certificateProblem(_ failure: DataLoadFailure) -> String? {
        if case .certificate(let problem) = failure.kind { return problem }
        return nil
    }

    @Test func aSelfSignedCertificateFailsImagesAndPagesNamingTheProblem() async throws {
        let certificates = try Certificates()
        defer { certificates.remove() }
        let server = try TestServer(arguments: ["--tls"] + certificates.selfSigned())
        defer { server.stop() }
        #expect(server.scheme == "https")
        let pipeline = ImagePipeline(decoder: HeaderImageDecoder(), configuration: .init(dataLoader: SoupDataLoader()))
        let outcome = await pipeline.imageTask(for: ImageRequest(url: server.url("/img/\(uniqueKey()).png?w=10&h=10"),
                                                                 targetSize: ImagePixelSize(width: 10, height: 10))).outcome()
        guard case .failure(.loadFailed(let failure)) = outcome, let problem = certificateProblem(failure) else {
            Issue.record("expected a certificate failure, got \(outcome)")
            return
        }
        #expect(problem.contains("self-signed") || problem.contains("self signed"), "\(problem)")
        #expect(failure.certificateProblem == .untrusted)
        #expect(!failure.isTransient)
        #expect(pipeline.statistics.downloadsStarted == 1, "not retried")
        #expect(failure.description.contains("TLS certificate"), "\(failure.description)")
        // A page: the feed error (the banner's text) names it too.
        let feed = HTTPFeed(source: try FeedSource(template: server.urlString("/feed/\(uniqueKey())/{page}.json")),
                            dataLoader: SoupDataLoader())
        do {
            _ = try await feed.page(at: .page(1))
            Issue.record("the page must not load")
        } catch {
            guard case .load(let pageFailure) = error, let pageProblem = certificateProblem(pageFailure) else {
                Issue.record("expected a certificate failure, got \(error)")
                return
            }
            #expect(pageProblem == problem)
            #expect(error.description.contains(problem), "\(error.description)")
            #expect(!error.isTransient)
        }
    }

    @Test func aCertificateFromAnUnknownIssuerForAnotherHostFails() async throws {
        let certificates = try Certificates()
        defer { certificates.remove() }
        let server = try TestServer(arguments: ["--tls"] + certificates.otherHostFromUnknownCA())
        defer { server.stop() }
        do {
            _ = try await SoupDataLoader().validatedData(for: server.url("/img/x.png"), timeout: 10)
            Issue.record("the transfer must fail")
        } catch {
            let problem = certificateProblem(error)
            #expect(problem?.contains("issuer") == true, "\(error)")
            #expect(error.certificateProblem == .untrusted)
        }
    }

    /// GLib's `GTlsCertificateFlags` become one phrase, the most fundamental problem first, that
    /// `certificateProblem` sorts.
    @Test func glibCertificateFlagsAreNamedInPlainWords() {
        let url = URL(string: "https://a.test/")!
        func failure(_ flags: GTlsCertificateFlags..., selfSigned: Bool = false) -> DataLoadFailure {
            DataLoadFailure(url: url, error: RejectedCertificate(flags: flags.reduce(0) { $0 | $1.rawValue },
                                                                  selfSigned: selfSigned, host: "a.test", message: nil))
        }
        let cases: [(DataLoadFailure, String, DataLoadFailure.CertificateProblem)] = [
            (failure(G_TLS_CERTIFICATE_UNKNOWN_CA, G_TLS_CERTIFICATE_BAD_IDENTITY, selfSigned: true),
             "self-signed certificate", .untrusted),
            (failure(G_TLS_CERTIFICATE_UNKNOWN_CA, G_TLS_CERTIFICATE_EXPIRED), "certificate from an unknown issuer", .untrusted),
            (failure(G_TLS_CERTIFICATE_EXPIRED, G_TLS_CERTIFICATE_BAD_IDENTITY), "certificate has expired", .expired),
            (failure(G_TLS_CERTIFICATE_NOT_ACTIVATED), "certificate is not yet valid", .notYetValid),
            (failure(G_TLS_CERTIFICATE_BAD_IDENTITY), "certificate is not valid for host name 'a.test'", .wrongHost),
            (failure(G_TLS_CERTIFICATE_REVOKED), "certificate has been revoked", .other),
            (failure(G_TLS_CERTIFICATE_GENERIC_ERROR), "certificate could not be verified", .other),
        ]
        for (failure, phrase, problem) in cases {
            #expect(failure.kind == .certificate(phrase))
            #expect(failure.certificateProblem == problem, "\(phrase)")
            #expect(!failure.isTransient)
        }
    }

    @Test func libcurlCertificateMessagesAreClassified() {
        let url = URL(string: "https://a.test/")!
        func failure(_ code: Int, _ message: String) -> DataLoadFailure {
            DataLoadFailure(url: url, error: TransportError(TransportError.Code(rawValue: code), message: message))
        }
        #expect(failure(-1, "SSL certificate problem: certificate has expired").kind == .certificate("certificate has expired"))
        #expect(failure(-1, "SSL: no alternative certificate subject name matches target host name 'a.test'").kind
                == .certificate("SSL: no alternative certificate subject name matches target host name 'a.test'"))
        #expect(failure(TransportError.Code.serverCertificateUntrusted.rawValue, "untrusted").kind == .certificate("untrusted"))
        #expect(failure(-1, "transfer closed with 10 bytes remaining to read").kind
                == .transport(code: -1, message: "transfer closed with 10 bytes remaining to read"))
    }
}
