import DoorstepFlow
import DoorstepPresentation
import Foundation
import Testing

/// One screen holding a block of every kind, so every kind is presented here even where no catalog
/// flow uses it (pills, for instance).
@Suite("Every block kind")
struct EveryBlockKindTests {
    static let flowJSON = """
        {"id": "kinds", "version": 1, "title": "Kinds", "summary": "A block of every kind.",
         "theme": {"name": "Kinds", "appearance": "light",
           "palette": {"ink": "#111111", "paper": "#FFFFFF", "blue": "#2255EE", "grey": "#888888"},
           "colors": {"background": "paper", "surface": "paper", "textPrimary": "ink", "textSecondary": "grey",
             "textTertiary": "grey", "accent": "blue", "onAccent": "paper", "border": "grey", "danger": "#DD2222",
             "success": "#22AA44", "warning": "#DD9900"},
           "typography": {"big": {"size": 30, "weight": "bold"}, "small": {"size": 14, "weight": "regular"}},
           "textRoles": {"display": "big", "title": "big", "heading": "big", "body": "small", "label": "small",
             "caption": "small", "button": "small", "input": "small"},
           "spacing": {"xs": 4, "sm": 8, "md": 16, "lg": 24, "xl": 32}, "radius": {"sm": 4, "md": 8, "lg": 12, "full": 9999}},
         "fields": [
           {"id": "name", "kind": "text", "label": "Name"}, {"id": "code", "kind": "text", "rule": "code"},
           {"id": "secret", "kind": "password"}, {"id": "agree", "kind": "bool", "mustBeTrue": true},
           {"id": "height", "kind": "int", "min": 48, "max": 90, "initial": 68, "unit": "in"},
           {"id": "goal", "kind": "singleChoice", "options": ["Run", "Lift"]},
           {"id": "mood", "kind": "singleChoice", "options": ["Good", "Bad"]},
           {"id": "plan", "kind": "singleChoice", "options": [{"value": "basic", "title": "Basic", "price": "$0"}]},
           {"id": "tier", "kind": "singleChoice", "options": [{"value": "pro", "productId": "com.example.pro"}]},
           {"id": "story", "kind": "text", "required": false}, {"id": "born", "kind": "date"},
           {"id": "at", "kind": "time"}, {"id": "items", "kind": "stringList", "required": false},
           {"id": "photo", "kind": "image", "required": false}],
         "screens": [{"id": "all", "blocks": [
           {"kind": "heading", "text": "Hello {name}"}, {"kind": "text", "text": "Body"},
           {"kind": "symbol", "symbol": "star.fill"}, {"kind": "orb", "size": 56},
           {"kind": "narration", "lines": ["One two", "three"]}, {"kind": "divider", "text": "or"},
           {"kind": "markdown", "text": "# Plan"}, {"kind": "features", "items": [{"title": "Fast"}]},
           {"kind": "stats", "items": [{"title": "4.8", "detail": "rating"}]}, {"kind": "progress"},
           {"kind": "avatar", "field": "photo", "text": "Ada Lovelace"},
           {"kind": "textField", "field": "name"}, {"kind": "codeEntry", "field": "code"},
           {"kind": "password", "field": "secret", "strength": "tanda"}, {"kind": "checkbox", "field": "agree"},
           {"kind": "stepper", "field": "height", "display": "feetInches"},
           {"kind": "choiceList", "field": "goal"}, {"kind": "pills", "field": "mood"},
           {"kind": "voiceAnswer", "field": "story", "pills": ["Skip"]}, {"kind": "datePicker", "field": "born"},
           {"kind": "timePicker", "field": "at"}, {"kind": "planCards", "field": "plan"},
           {"kind": "listBuilder", "field": "items"}, {"kind": "card", "action": "pick", "label": "Pick"},
           {"kind": "paywall", "field": "tier", "paywall": {"renewal": "Renews monthly.",
             "termsLink": "https://example.com/terms", "privacyLink": "https://example.com/privacy",
             "elsewhere": "Buy it in the app."}},
           {"kind": "socialButton", "provider": "apple", "action": "apple"},
           {"kind": "resendTimer", "action": "resend", "text": "No code?"}],
           "actions": [{"id": "pick", "role": "secondary"}, {"id": "apple", "role": "secondary", "title": "Apple"},
             {"id": "resend", "role": "link", "title": "Resend"}, {"id": "done", "role": "primary"}]},
           {"id": "end", "terminal": true, "blocks": [], "actions": []}],
         "start": "all",
         "transitions": [{"from": "all", "on": "done", "to": "end"}, {"from": "all", "on": "pick", "to": "end"},
           {"from": "all", "on": "apple", "to": "end"}, {"from": "all", "on": "resend", "to": "all"}]}
        """

    @Test("Each block kind presents as its own kind of content")
    func everyKind() throws {
        let flow = try JSONDecoder().decode(FlowDefinition.self, from: Data(Self.flowJSON.utf8))
        let presentation = ScreenPresenter(engine: FlowEngine(flow: flow), now: Date(timeIntervalSince1970: 0))
            .present()
        let kinds = presentation.blocks.compactMap(\.kind)
        #expect(Set(kinds) == Set(Block.Kind.allCases))
        for block in presentation.blocks {
            guard let kind = block.kind else { continue }
            #expect(Self.matches(kind, block.content), "\(kind) presented as \(block.content)")
        }
        let heading = presentation.blocks.first { $0.kind == .heading }
        #expect(heading?.accessibility.traits == [.header])
    }

    // swiftlint:disable:next cyclomatic_complexity
    static func matches(_ kind: Block.Kind, _ content: BlockContent) -> Bool {
        switch (kind, content) {
        case (.heading, .heading), (.text, .text), (.symbol, .symbol), (.orb, .orb), (.narration, .narration),
            (.divider, .divider), (.markdown, .markdown), (.features, .features), (.stats, .stats),
            (.progress, .loading), (.avatar, .avatar), (.textField, .textField), (.codeEntry, .codeEntry),
            (.password, .password), (.checkbox, .checkbox), (.stepper, .stepper), (.voiceAnswer, .voiceAnswer),
            (.card, .card), (.socialButton, .socialButton), (.resendTimer, .resendTimer),
            (.listBuilder, .listBuilder):
            return true
        case (.choiceList, .choices(let choices)): return choices.style == .list
        case (.pills, .choices(let choices)): return choices.style == .pills
        case (.planCards, .choices(let choices)): return choices.style == .planCards
        case (.paywall, .paywall(let paywall)): return paywall.productIDs == ["com.example.pro"]
        case (.datePicker, .picker(let picker)): return picker.mode == .date
        case (.timePicker, .picker(let picker)): return picker.mode == .time
        default: return false
        }
    }
}
