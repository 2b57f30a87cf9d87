import DoorstepMail
import Foundation
import Testing

@Suite("Mail templates")
struct MailTemplateLibraryTests {
    static let kinds = [
        "signupCode", "loginCode", "verifyEmail", "passwordReset", "invitation", "emailChanged", "passwordChanged",
        "passkeyAdded", "addressInUse",
    ]
    let brand = MailBrand(appName: "TANDA", accent: "#6C4CF1")
    let values = [
        "code": "483920", "minutes": "10", "group": "Smith <Family> & \"Co\"", "inviter": "Sam <script>",
        "inviteCode": "K7M2QX9P", "email": "new@example.com",
    ]

    @Test("Every kind renders a one-line subject, text and HTML in the app's name and colour", arguments: kinds)
    func everyKind(_ kind: String) throws {
        let library = try MailTemplateLibrary(kinds: Self.kinds)
        let mail = try library.render(kind, values: values, brand: brand)
        #expect(!mail.subject.isEmpty && !mail.subject.contains("\n"))
        #expect(mail.subject.contains("TANDA"))
        let html = try #require(mail.html)
        #expect(html.contains("#6C4CF1") && html.contains("TANDA"))
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("src=") && !html.contains("http"))
        #expect(html.contains("<table role=\"presentation\""), "tables and inline styles, as mail clients need")
        #expect(!mail.text.contains("&lt;") && !mail.text.contains("&amp;"), "text is not HTML-escaped")
        #expect(!mail.text.contains("{{") && !html.contains("{{"))
    }

    @Test("Every sentence of every mail is translated into Spanish and Arabic with the same placeholders")
    func everySentenceTranslated() throws {
        let library = try MailTemplateLibrary(kinds: Self.kinds)
        #expect(library.languages == ["en", "ar", "es"])
        #expect(library.sentences.count > 30, "the templates' words are marked for translation")
        #expect(library.translationProblems == [])
    }

    @Test("A mail is written in its reader's language, Arabic right to left; other languages get English")
    func languages() throws {
        let library = try MailTemplateLibrary(kinds: Self.kinds)
        #expect(library.language(for: ["fr-CA", "es-MX"]) == "es")
        #expect(library.language(for: ["fr"]) == "en")
        for kind in Self.kinds {
            let english = try library.render(kind, values: values, brand: brand)
            for language in ["es", "ar"] {
                let mail = try library.render(kind, values: values, brand: brand, language: language)
                let html = try #require(mail.html)
                #expect(mail.subject != english.subject && mail.text != english.text, "\(kind) in \(language)")
                #expect(!mail.text.contains("{{") && !html.contains("{{"))
                #expect(html.contains("<html lang=\"\(language)\" dir=\"\(language == "ar" ? "rtl" : "ltr")\">"))
            }
        }
        let spanish = try library.render("signupCode", values: values, brand: brand, language: "es")
        #expect(spanish.subject.hasPrefix("483920"), "the code still leads, for AutoFill")
        #expect(spanish.text.contains("10"), "the values go into the translation")
        let invitation = try library.render("invitation", values: values, brand: brand, language: "ar")
        #expect(try #require(invitation.html).contains("Sam &lt;script&gt;"), "values are escaped in any language")
    }

    @Test("Codes lead the subject, so iOS offers them for AutoFill")
    func codeSubjects() throws {
        let library = try MailTemplateLibrary(kinds: Self.kinds)
        #expect(try library.render("signupCode", values: values, brand: brand).subject == "483920 is your TANDA code")
        #expect(try library.render("loginCode", values: values, brand: brand).text.contains("483920"))
        #expect(try library.render("passwordReset", values: values, brand: brand).html?.contains(">483920<") == true)
    }

    @Test("Every value put into HTML is escaped; in text it stays as typed")
    func escaping() throws {
        let mail = try MailTemplateLibrary(kinds: Self.kinds).render("invitation", values: values, brand: brand)
        let html = try #require(mail.html)
        #expect(html.contains("Smith &lt;Family&gt; &amp; &quot;Co&quot;"))
        #expect(html.contains("Sam &lt;script&gt;"))
        #expect(mail.text.contains("Sam <script> invited you to join Smith <Family> & \"Co\" on TANDA."))
        #expect(
            MailBrand(appName: "X", accent: "red;background:url(x)").accent == "#4F46E5", "only colours reach a style")
    }

    @Test("A combining mark after a quote, < or & does not escape the HTML escape, in a team's templates too")
    func escapingByScalar() throws {
        let hostile = "\"\u{301} style=x <\u{301}b &\u{301}"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doorstep-mail-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"<p title="{{inviter}}">{{group}}</p>"#.write(
            to: folder.appendingPathComponent("invitation.html.mustache"), atomically: true, encoding: .utf8)
        for library in [
            try MailTemplateLibrary(kinds: Self.kinds),
            try MailTemplateLibrary(overrides: folder.path, kinds: Self.kinds),
        ] {
            var hostileValues = values
            hostileValues["inviter"] = hostile
            hostileValues["group"] = hostile
            let html = try #require(try library.render("invitation", values: hostileValues, brand: brand).html)
            #expect(html.contains("&quot;\u{301} style=x &lt;\u{301}b &amp;\u{301}"))
            #expect(!html.contains("\"\u{301}") && !html.contains("<\u{301}"))
        }
    }

    @Test("A team's folder replaces the templates it holds; a broken or incomplete set is refused in one line")
    func overrides() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "{{% CONTENT_TYPE: TEXT}}Your {{appName}} code: {{code}}".write(
            to: folder.appendingPathComponent("loginCode.subject.mustache"), atomically: true, encoding: .utf8)
        let library = try MailTemplateLibrary(overrides: folder.path, kinds: Self.kinds)
        #expect(try library.render("loginCode", values: values, brand: brand).subject == "Your TANDA code: 483920")
        #expect(try library.render("signupCode", values: values, brand: brand).subject == "483920 is your TANDA code")

        try "{{#unclosed}}".write(
            to: folder.appendingPathComponent("signupCode.txt.mustache"), atomically: true, encoding: .utf8)
        #expect(throws: MailTemplateLibrary.TemplateError.self) {
            try MailTemplateLibrary(overrides: folder.path, kinds: Self.kinds)
        }
        #expect(throws: MailTemplateLibrary.TemplateError.self) {
            try MailTemplateLibrary(kinds: Self.kinds + ["newKind"])
        }
        #expect(throws: MailTemplateLibrary.TemplateError.self) {
            try MailTemplateLibrary(overrides: "/no/such/folder", kinds: Self.kinds)
        }
    }
}
