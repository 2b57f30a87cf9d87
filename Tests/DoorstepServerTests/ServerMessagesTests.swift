import DoorstepFlow
import DoorstepServerCore
import DoorstepStrings
import DoorstepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import DoorstepServer
@testable import DoorstepWeb

@Suite("The server's messages in every language")
struct ServerMessagesTests {
    /// The folders whose words people read: problem details and field messages.
    static let folders = ["DoorstepServerCore", "DoorstepHTTP", "DoorstepWeb", "DoorstepServer", "DoorstepSQL"]
    /// Words only an operator reads (the admin pages, the audit log) or a model writes (a program's
    /// description) stay in English.
    static let operatorFiles = ["AdminController", "AdminPages", "DeterministicGoalPlanner", "MailComposer"]

    /// The pages the funnel draws itself (not a flow's screens): the account center, confirming who
    /// one is, the second factor and error pages.
    static let pageFiles = [
        "AccountPage", "FunnelPages", "FunnelController+Account", "FunnelController+AccountActions",
        "FunnelController+AccountPasskeys",
        "FunnelController+SecondFactor", "FunnelController+Confirmation", "FunnelController",
        "FunnelController+Responses", "FunnelController+Steps", "ScreenPage",
    ]
    /// Names, the same in every language: the product's, and the name a passkey is stored under
    /// until its owner renames it (data, not words of a page).
    static let names: Set<String> = ["Doorstep", "Synced passkey", "Passkey on this device"]
    static let literal = #""((?:[^"\\\n]|\\.)*)""#
    /// Where a problem's `detail` or a field's `message` is written.
    static let problemPatterns = [
        #"detail:\s*"# + literal, #"\.invalid\(\s*[^,()]+,\s*code:\s*[^,]+,\s*"# + literal, #"message:\s*"# + literal,
        // One sentence or another: `detail: hours <= 1 ? "…" : "…"`.
        #"\?\s*"# + literal + #"\s*:\s*"# + literal, #"\?\s*"# + literal + #"\s*:\s*Self"#,
    ]
    /// Where a page's words are written: translated as they are drawn, notices and refusals kept in
    /// tables, labels and buttons of forms.
    static let pagePatterns = [
        #"\btext\(\s*"# + literal, #"\bwords\(\s*"# + literal, #"translate\(\s*"# + literal,
        #"\b(?:notice|problem) = "# + literal, #"\.(?:notice|problem)\(\s*"# + literal,
        #"\bfield\(\s*"[^"]*",\s*"# + literal, #"button: "# + literal,
        #"\blabel: "# + literal,
        #""[a-zA-Z_]+": "# + literal, #"title: "# + literal, #"link: \("[^"]*", "# + literal,
    ]

    /// Every sentence the server's code puts in a problem's `detail` or a field's `message`, and every
    /// one on a page of its own, with `\(…)` where a value goes.
    static func sentencesInCode() throws -> (problems: [String], pages: [String]) {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let problems = problemPatterns.map { try! NSRegularExpression(pattern: $0) }
        let pages = pagePatterns.map { try! NSRegularExpression(pattern: $0) }
        var sentences: Set<String> = []
        var pageSentences: Set<String> = []
        for folder in folders {
            let root = sources.appendingPathComponent(folder)
            for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            where url.pathExtension == "swift" && !url.path.contains("/Generated/")
                && !operatorFiles.contains(where: { url.lastPathComponent.hasPrefix($0) })
            {
                let text = try String(contentsOf: url, encoding: .utf8)
                let isPage = pageFiles.contains(url.deletingPathExtension().lastPathComponent)
                if isPage {
                    // One sentence or another on a page is a label or a notice, not a problem.
                    sentences.formUnion(matches(of: Array(problems.prefix(3)), in: text))
                    pageSentences.formUnion(matches(of: pages + problems.dropFirst(3), in: text))
                } else {
                    sentences.formUnion(matches(of: problems, in: text))
                }
            }
        }
        return (sentences.sorted(), pageSentences.subtracting(sentences).sorted())
    }

    static func matches(of patterns: [NSRegularExpression], in text: String) -> Set<String> {
        var sentences: Set<String> = []
        for pattern in patterns {
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                for group in 1..<match.numberOfRanges {
                    let sentence = String(text[Range(match.range(at: group), in: text)!])
                    if isWords(sentence) { sentences.insert(sentence) }
                }
            }
        }
        return sentences
    }

    /// Whether a literal is words a person reads: a sentence or a label, not a value of a table
    /// (`"password": .password`), a name, or an audit detail (`endpoint=…`).
    static func isWords(_ literal: String) -> Bool {
        guard let first = literal.first, !names.contains(literal), !literal.hasPrefix("endpoint=") else { return false }
        return first.isUppercase || first.isNumber || first == "(" || literal.hasPrefix("signed in")
    }

    /// `sentence` with each `\(…)` or `{…}` hole written as `{}`, to compare a sentence in the code
    /// with a catalog key.
    static func shape(_ sentence: String) -> String {
        let interpolation = try! NSRegularExpression(pattern: #"\\\((?:[^()]|\([^()]*\))*\)|\{[^}]*\}"#)
        return interpolation.stringByReplacingMatches(
            in: sentence, range: NSRange(sentence.startIndex..., in: sentence), withTemplate: "{}")
    }

    static func catalog(_ path: String = "Sources/DoorstepServerCore/Resources/Messages.xcstrings") throws
        -> StringCatalog
    {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(path)
        return try StringCatalog.decode(from: Data(contentsOf: url))
    }

    @Test("Every problem detail and field message in the code has a Spanish and an Arabic translation")
    func everyMessageTranslated() throws {
        let messages = try Self.catalog()
        #expect(messages.languages == ["ar", "es"])
        // A page's labels may be the app's words; a problem the API answers must be the server's own.
        let catalog = messages.merging(try Self.catalog("Sources/DoorstepPresentation/Resources/Words.xcstrings"))
        func keys(_ catalog: StringCatalog) -> [String: String] {
            Dictionary(catalog.strings.keys.map { (Self.shape($0), $0) }) { first, _ in first }
        }
        let (problems, pages) = try Self.sentencesInCode()
        #expect(problems.count > 60 && pages.count > 30)
        #expect(problems.filter { keys(messages)[Self.shape($0)] == nil } == [], "problems with no message")
        #expect(pages.filter { keys(catalog)[Self.shape($0)] == nil } == [], "page words in neither catalog")
        let sentences = problems + pages
        // Why a body did not decode is worked out in a function the patterns above do not read.
        let described = [
            "The body could not be read.", "{field} has the wrong type.", "{field} is missing.",
            "{field} is not valid.",
        ]
        let sources = sentences.compactMap { keys(messages)[Self.shape($0)] } + described
        #expect(messages.problems(sources: sources, of: "the server's code") == [])
    }

    @Test("A sentence with values is translated with its values in place")
    func valuesCarried() {
        let catalog = ServerMessages.catalog
        let spanish = catalog.translate("Enter the 6-digit code.", into: "es")
        #expect(spanish != "Enter the 6-digit code." && spanish.contains("6") && !spanish.contains("{"))
        let arabic = catalog.translate("Passwords need at least 8 characters.", into: "ar")
        #expect(arabic.contains("8") && !arabic.contains("{"))
        #expect(
            catalog.translate("A sentence the catalog never saw.", into: "es") == "A sentence the catalog never saw.")
        #expect(catalog.translate("Enter the 6-digit code.", into: "fr") == "Enter the 6-digit code.")
    }

    @Test("A sentence worded by count takes the form its count calls for, in English too")
    func countedSentence() {
        let catalog = PageWords.catalog
        #expect(catalog.translate("On. 1 recovery codes left.", into: "en") == "On. 1 recovery code left.")
        #expect(catalog.translate("On. 10 recovery codes left.", into: "en") == "On. 10 recovery codes left.")
        #expect(
            catalog.translate("On. 1 recovery codes left.", into: "es") == "Activada. Queda 1 código de recuperación.")
    }

    @Test("A refused request is explained in the language the app or browser asks for")
    func problemInRequestLanguage() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let body = #"{"email": "not-an-email", "password": "Shield-Up-2026!"}"#
            for (asked, language) in [("es-MX,es;q=0.9,en;q=0.5", "es"), ("ar", "ar"), ("fr-FR", "en"), ("", "en")] {
                let refused = try await client.send(
                    .post, "/v1/auth/signup", body: body,
                    headers: asked.isEmpty ? [:] : [.acceptLanguage: asked])
                #expect(refused.status == 422)
                #expect(refused.headers[.contentLanguage] == language)
                let detail = try #require(refused.json["detail"] as? String)
                let message = (refused.json["errors"] as? [[String: Any]])?.first?["message"] as? String
                #expect(detail == ServerMessages.catalog.translate("Some fields are not valid.", into: language))
                #expect(
                    message == ServerMessages.catalog.translate("Please enter a valid email address.", into: language))
                #expect((language == "en") == (detail == "Some fields are not valid."), "\(asked)")
            }
            let spanish = try await client.send(
                .post, "/v1/auth/login", body: #"{"email": "nobody@example.com", "password": "wrong"}"#,
                headers: [.acceptLanguage: "es"])
            #expect(spanish.status == 401 && spanish.json["code"] as? String == "invalid_credentials", "codes stay")
            #expect(spanish.json["detail"] as? String == "El correo o la contraseña no son correctos.")
            // Why a body did not decode, worked out from where it failed, is translated too.
            for body in [#"{"password": "Shield-Up-2026!"}"#, #"{"email": 7, "password": "x"}"#, "{"] {
                let english = try await client.send(.post, "/v1/auth/signup", body: body)
                let arabic = try await client.send(
                    .post, "/v1/auth/signup", body: body, headers: [.acceptLanguage: "ar"])
                #expect(english.status == 400 && arabic.status == 400)
                #expect(arabic.json["detail"] as? String != english.json["detail"] as? String, "\(body)")
            }
        }
    }
}
