import Foundation
import Glibc
import Testing
import WaterfallFeed
@testable import WaterfallGTK

/// Waterfall's catalogs (po/, compiled by `scripts/build-locale.sh`, found through
/// `WATERFALL_LOCALEDIR` or beside the binary): a translated text, a plural and a failure
/// sentence in Traditional Chinese and Hebrew, read under that locale on this thread.
@Suite("Translations (gettext, text domain waterfall)", .serialized)
struct TranslationTests {
    /// Runs `body` with the calling thread in `name`'s locale (`uselocale`; gettext follows it).
    private func inLocale<T>(_ name: String, _ body: () throws -> T) throws -> T {
        try #require(Translation.directory != nil,
                     "no catalogs: run scripts/build-locale.sh (scripts/test.sh does), looked in \(Translation.candidateDirectories())")
        // LANGUAGE would take precedence over the thread's locale.
        try #require(ProcessInfo.processInfo.environment["LANGUAGE"].map(\.isEmpty) ?? true, "LANGUAGE is set")
        guard let locale = newlocale(LC_CTYPE_MASK | LC_MESSAGES_MASK, name, nil) else {
            try skipTest("the \(name) locale is not installed (scripts/setup.sh generates it)")
        }
        defer { freelocale(locale) }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return try body()
    }

    @Test("Traditional Chinese: a text, a plural (one form) and a failure in plain words")
    func traditionalChinese() throws {
        let (loading, one, many, reach) = try inLocale("zh_TW.UTF-8") {
            let strings = WaterfallStrings()
            return (strings.loadingMore, strings.newItems(1), strings.newItems(12),
                    strings.failures.sentence(for: DataLoadFailure(url: URL(string: "http://127.0.0.1:9/page1.json")!,
                                                                    kind: .transport(code: TransportError.Code.cannotConnectToHost.rawValue,
                                                                                     message: "Couldn't connect to server"))))
        }
        #expect(loading == "正在載入更多…")
        #expect(one == "1 個新項目")
        #expect(many == "12 個新項目")
        #expect(reach == "無法連線到 127.0.0.1。請檢查網址或網路連線。")
    }

    @Test("Hebrew: a text, both plural forms and a failure in plain words")
    func hebrew() throws {
        let (retry, one, many, status) = try inLocale("he_IL.UTF-8") {
            let strings = WaterfallStrings()
            return (strings.retry, strings.newItems(1), strings.newItems(12),
                    strings.failures.sentence(for: DataLoadFailure(url: URL(string: "http://127.0.0.1/x")!, kind: .httpStatus(503))))
        }
        #expect(retry == "_ניסיון חוזר")
        #expect(one == "פריט חדש אחד")
        #expect(many == "12 פריטים חדשים")
        #expect(status == "השרת 127.0.0.1 עמוס (שגיאה 503). כדאי לנסות שוב בעוד רגע.")
    }

    @Test("English without a catalog for the locale; an app's replacement wins over every translation")
    func fallbackAndReplacement() throws {
        let (english, replaced, plural) = try inLocale("C.UTF-8") {
            var strings = WaterfallStrings()
            let english = strings.newItems(2)
            strings.loadingMore = "Fetching…"
            strings.itemsRemoved = PluralText("{count} photo gone", "{count} photos gone", domain: nil)
            return (english, strings.loadingMore, strings.itemsRemoved(1) + "/" + strings.itemsRemoved(3))
        }
        #expect(english == "2 new items")
        #expect(replaced == "Fetching…")
        #expect(plural == "1 photo gone/3 photos gone")
        let stillReplaced = try inLocale("zh_TW.UTF-8") {
            var strings = WaterfallStrings()
            strings.loadingMore = "Fetching…"
            return strings.loadingMore
        }
        #expect(stillReplaced == "Fetching…")
    }

    @Test("a certificate failure names its problem: expired, not yet valid, another site's, untrusted, other")
    func certificateProblems() throws {
        let messages = ["certificate has expired", "certificate is not yet valid",
                        "SSL: no alternative certificate subject name matches target host name '127.0.0.1'",
                        "self-signed certificate", "unable to get local issuer certificate", "certificate revoked"]
        func sentences() -> [String] {
            messages.map { message in
                WaterfallStrings().failures.sentence(for: DataLoadFailure(url: URL(string: "https://127.0.0.1/p.json")!,
                                                                          kind: .certificate(message)))
            }
        }
        let english = try inLocale("C.UTF-8", sentences)
        #expect(english == [
            "Can't connect securely to 127.0.0.1: its certificate has expired.",
            "Can't connect securely to 127.0.0.1: its certificate is not valid yet. Check this computer's date and time.",
            "Can't connect securely to 127.0.0.1: its certificate is for another site.",
            "Can't connect securely to 127.0.0.1: its certificate is not from a trusted authority.",
            "Can't connect securely to 127.0.0.1: its certificate is not from a trusted authority.",
            "Can't connect securely to 127.0.0.1. Its certificate may be wrong or out of date.",
        ])
        let chinese = try inLocale("zh_TW.UTF-8", sentences)
        #expect(chinese.first == "無法與 127.0.0.1 建立安全連線：它的憑證已過期。")
    }

    @Test("placeholders are filled once; unknown or unclosed braces stay as they are")
    func fill() {
        #expect(WaterfallStrings.fill("{a} and {b}", ["a": "{b}", "b": "x"]) == "{b} and x")
        #expect(WaterfallStrings.fill("{unknown} {a", ["a": "1"]) == "{unknown} {a")
    }
}
