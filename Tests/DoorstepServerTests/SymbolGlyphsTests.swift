import DoorstepFlow
import DoorstepPresentation
import DoorstepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import DoorstepServer
@testable import DoorstepWeb

@Suite("Web funnel icons")
struct SymbolGlyphsTests {
    /// Every SF Symbol name the catalog's screens, actions and options use.
    static func catalogSymbols() throws -> Set<String> {
        var symbols: Set<String> = []
        for flow in try FlowCatalog.bundled().flows {
            for screen in flow.screens {
                symbols.formUnion(screen.blocks.compactMap(\.symbol))
                symbols.formUnion(screen.blocks.flatMap { $0.items ?? [] }.compactMap(\.symbol))
                symbols.formUnion(screen.actions.compactMap(\.symbol))
            }
            symbols.formUnion(flow.fields.flatMap { $0.options ?? [] }.compactMap(\.symbol))
        }
        return symbols
    }

    @Test("Every symbol the catalog uses is drawn as a Lucide icon (or Google's ring), never a stand-in dot")
    func everyCatalogSymbolHasAnIcon() throws {
        let dot = SymbolGlyphs.glyph("no.such.symbol")
        for symbol in try Self.catalogSymbols() {
            let icon = SymbolGlyphs.glyph(symbol)
            #expect(icon.hasPrefix("<svg class=\"icon\""), "\(symbol)")
            #expect(icon != dot, "\(symbol) has an icon of its own")
            #expect(!icon.contains("style="), "the page's content policy allows no inline styles")
        }
        #expect(SymbolGlyphs.lucideName("faceid") == "scan-face")
        #expect(SymbolGlyphs.lucideName("bell.badge.fill") == "bell-dot")
        #expect(SymbolGlyphs.lucideName("person.3") == "users")
        #expect(SymbolGlyphs.lucideName("person.3.fill") == "users", "a household, not one person")
        #expect(SymbolGlyphs.lucideName("person.crop.circle.fill") == "circle-user")
    }

    /// Each control with the markup just before its icon: its accessible name, or a hidden photo circle.
    static let controls: [(flowID: String, screen: String, answers: [String: Value], symbol: String, before: String)] =
        [
            ("trainer", "goals", [:], "mic", #"aria-label="Answer by voice" aria-pressed="false" hidden>"#),
            (
                "kordant", "watchlist", ["watchlist": ["dana@example.com"]], "xmark",
                #"aria-label="Remove dana@example.com" formnovalidate>"#
            ),
            (
                "tanda", "photo", [:], "person.fill",
                #"class="avatar-circle" aria-hidden="true" data-avatar-preview><span class="avatar-empty">"#
            ),
            ("tanda", "photo", [:], "plus", #"<span class="badge-add">"#),
        ]

    @Test(
        "The voice button, a list's remove buttons and an empty photo draw the app's symbols, not emoji",
        arguments: controls)
    func controlsDrawSymbols(
        flowID: String, screen: String, answers: [String: Value], symbol: String, before: String
    ) throws {
        let flow = try #require(try FlowCatalog.bundled().flow(flowID))
        let snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: screen, answers: answers)
        let engine = try FlowEngine(flow: flow, restoring: snapshot)
        let presentation = ScreenPresenter(engine: engine, now: Date(timeIntervalSince1970: 1_790_000_000)).present()
        let page = ScreenPage(presentation: presentation, csrfToken: "token").render()
        let icon = SymbolGlyphs.glyph(symbol)
        #expect(icon.contains(#"aria-hidden="true""#), "the icon is decoration; the control keeps its name")
        #expect(page.contains(before + icon), "\(symbol) drawn as Lucide's icon")
        for emoji in ["🎙️", "📷", "✕"] { #expect(!page.contains(emoji)) }
    }

    @Test("A page draws its symbols as inline SVG, not emoji, and the content policy still holds")
    func pagesDrawInlineIcons() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            let page = try await browser.submit("tanda", [("email", "sam@example.com")], press: "continue")
            #expect(browser.screen == "verifyEmail")
            #expect(page.text.contains(#"<svg class="icon""#))
            #expect(page.text.contains(try #require(LucideIcons.elements["mail"])), "envelope.fill is Lucide's mail")
            #expect(!page.text.contains("✉️"))
            #expect(page.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'self'") == true)
            #expect(!page.text.contains("style=\""))
        }
    }
}
