import DoorstepClient
import DoorstepFlow
import DoorstepTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Flows in the person's language")
struct FlowLanguageTests {
    static let acceptLanguage = HTTPField.Name("Accept-Language")!

    @Test("A browser asking for Arabic gets TANDA right to left in Arabic, and walks it as in English")
    func arabicOnTheWeb() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            browser.extraHeaders = [Self.acceptLanguage: "ar-EG,ar;q=0.9,en;q=0.5"]
            let page = try await browser.open("/flows/tanda")
            #expect(page.text.contains(#"<html lang="ar" dir="rtl""#))
            #expect(page.text.contains("ابدأ الآن"), "Get Started, in Arabic")
            #expect(!page.text.contains(">Get Started<"))
            #expect(page.text.contains(#"lang="es">Español</a>"#), "the switch names each language in itself")

            try await browser.submit("tanda", press: "getStarted")
            #expect(browser.screen == "createAccount")
            try await browser.submit("tanda", [("email", "layla@example.com")], press: "continue")
            #expect(browser.screen == "verifyEmail", "the same walk in every language")
            let refused = try await browser.submit("tanda", [("code", "000000")], press: "verify")
            #expect(
                refused.text.contains("هذا الرمز غير صحيح. يُرجى المحاولة مرة أخرى."), "the server's refusal, in Arabic")
        }
    }

    @Test("Picking Spanish from the switch is remembered over the browser's own languages; English stays the default")
    func switchLanguage() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            browser.extraHeaders = [Self.acceptLanguage: "fr-FR, de"]
            let english = try await browser.open("/flows/tanda")
            #expect(english.text.contains(#"<html lang="en" dir="ltr""#), "no French: the flow's own language")
            let spanish = try await browser.open("/flows/tanda?lang=es")
            #expect(spanish.text.contains(#"<html lang="es" dir="ltr""#) && spanish.text.contains("Empezar"))
            #expect(browser.cookies["doorstep_lang"] == "es")
            let next = try await browser.submit("tanda", press: "getStarted")
            #expect(next.text.contains("Crear cuenta"), "the next page stays in Spanish")

            let unknown = try await browser.open("/flows/tanda?lang=xx-<script>")
            #expect(unknown.status == 200 && !unknown.text.contains("<script>"))
        }
    }

    @Test("The API and the SDK serve a flow in the device's best language")
    func apiAndSDK() async throws {
        let server = try await TestServer.make()
        try await server.test { http in
            let spanish = try await http.send(.get, "/v1/flows/tanda", headers: [Self.acceptLanguage: "es-MX"])
            #expect(spanish.text.contains("\"Empezar\""))
            let plain = try await http.get("/v1/flows/tanda")
            #expect(plain.text.contains("\"Get Started\""))

            let client = DoorstepClient(
                serverURL: URL(string: "http://doorstep.test")!, transport: InProcessTransport(client: http),
                preferredLanguages: ["ar_SA", "en"])
            let flow = try await client.flow("tanda")
            let start = try #require(flow.screens.first { $0.id == "slide1" })
            #expect(start.actions.contains { $0.title == "ابدأ الآن" })
            let english = try #require(try FlowCatalog.bundled().flow("tanda"))
            #expect(flow.transitions.map(\.destinations) == english.transitions.map(\.destinations))
            #expect(flow.fields.map(\.id) == english.fields.map(\.id), "the same walk, in Arabic")
        }
    }
}
