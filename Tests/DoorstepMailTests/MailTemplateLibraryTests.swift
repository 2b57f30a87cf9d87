import DoorstepMail
import Foundation
import Testing

@Suite("Mail templates")
struct MailTemplateLibraryTests {
    static let kinds = [
        "signupCode", "loginCode", "verifyEmail", "passwordReset", "invitation", "emailChanged", "passwordChanged",
        "passkeyAdded",
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
