import DoorstepClient
import DoorstepPresentation
import Foundation

extension FlowSession {
    /// The screen as a person sees it now: the presentation both renderers draw from.
    /// - Parameter providers: the sign-in providers the app offers; every one when `nil`.
    func presented(at now: Date, offering providers: Set<String>? = nil) -> ScreenPresentation {
        ScreenPresenter(engine: engine, now: now, offeredProviders: providers).present()
    }
}

extension ScreenPresentation {
    /// The headings and texts drawn, top to bottom.
    var texts: [String] {
        blocks.compactMap { block in
            switch block.content {
            case .heading(let heading): heading.text.text
            case .text(let text): text.text.text
            default: nil
            }
        }
    }

    /// The one-line field with this id, as drawn.
    func field(_ id: String) -> FieldPresentation? {
        blocks.lazy.compactMap { $0.content.field(id) }.first
    }

    /// The cards drawn, such as FamilySync's ways to save.
    var cards: [CardContent] {
        blocks.compactMap { block in
            if case .card(let card) = block.content { card } else { nil }
        }
    }
}
