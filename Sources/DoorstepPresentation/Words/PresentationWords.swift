import DoorstepFlow
import DoorstepStrings
import Foundation

/// The words the renderers show that no flow gives — a button's default title, "Step 2 of 4", a
/// countdown, the question before a sensitive change, the launch notices — in the flow's language,
/// from `Resources/Words.xcstrings`, a String Catalog translators edit in Xcode. English is the
/// source: the words in the code are the catalog's keys, `{name}` where a value goes.
public struct PresentationWords: Sendable, Hashable {
    /// The language the words are in (a BCP 47 tag); English when the catalog has no translation.
    public let language: String

    /// The words for a flow in `language`; `nil` is the flow as written, in English.
    public init(language: String?) {
        self.language = language ?? "en"
    }

    /// The words for a person who prefers `preferredLanguages` (most wanted first): the best match
    /// among the catalog's languages, else English.
    public init(preferring preferredLanguages: [String]) {
        self.init(language: Self.catalog.language(for: preferredLanguages))
    }

    /// `english` in the language, with each `{name}` replaced by its value; worded by `{count}` where
    /// the catalog gives plural forms.
    public func callAsFunction(_ english: String, _ values: [String: String] = [:]) -> String {
        Self.catalog.translate(english, filling: values, into: language)
    }

    /// Whether the language is written right to left.
    public var isRightToLeft: Bool { StringCatalog.isRightToLeft(language) }

    /// The shipped catalog, read once; without one (a broken build) every word stays English.
    static let catalog: MessageCatalog = MessageCatalog(strings ?? StringCatalog())

    /// The shipped String Catalog.
    public static let strings: StringCatalog? = {
        guard let url = Bundle.module.url(forResource: "Words", withExtension: "xcstrings"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return try? StringCatalog.decode(from: data)
    }()
}
