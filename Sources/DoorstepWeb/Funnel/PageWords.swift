import DoorstepFlow
import DoorstepHTTP
import DoorstepPresentation
import DoorstepServerCore
import DoorstepStrings

/// The words of the funnel's own pages (the account center, confirming who one is, notices around a
/// flow's screen): a label or a button the app's screens also show is the app's words
/// (`Words.xcstrings`), kept once; what only the server says is its messages (`Messages.xcstrings`).
enum PageWords {
    /// Both catalogs as one.
    static let catalog = MessageCatalog(ServerMessages.strings.merging(PresentationWords.strings ?? StringCatalog()))

    /// `english` in `language`, as it is (escape it where it goes into HTML).
    static func translate(_ english: String, into language: String) -> String {
        catalog.translate(english, into: language)
    }
}

extension FunnelLanguage {
    /// One of the funnel's own words around a flow's screen ("Start over", "Next"), in this language
    /// when the server speaks it, escaped for HTML.
    func text(_ english: String) -> String {
        HTML.escape(PageWords.translate(english, into: tag))
    }
}
