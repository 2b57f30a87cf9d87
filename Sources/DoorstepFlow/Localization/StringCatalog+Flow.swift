import DoorstepStrings
import Foundation

extension StringCatalog {
    /// A catalog of the flow's visible strings, with the translations this catalog already has
    /// for those that are still in the flow, and the place each is first used as its comment.
    public static func exporting(_ flow: FlowDefinition, keeping existing: StringCatalog? = nil) throws
        -> StringCatalog
    {
        var catalog = StringCatalog(sourceLanguage: existing?.sourceLanguage ?? "en")
        for (text, location) in try FlowStrings.sources(of: flow) {
            var entry = existing?.strings[text] ?? Entry()
            entry.comment = entry.comment ?? "\(flow.id): \(location)"
            catalog.strings[text] = entry
        }
        return catalog
    }

    /// This catalog with the translations of `other` added, replacing those it had for the same
    /// string and language.
    public func merging(_ other: StringCatalog) -> StringCatalog {
        var merged = self
        for (source, entry) in other.strings {
            var mine = merged.strings[source] ?? Entry(comment: entry.comment)
            for (language, localization) in entry.localizations ?? [:] {
                mine.localizations = (mine.localizations ?? [:]).merging([language: localization]) { $1 }
            }
            merged.strings[source] = mine
        }
        return merged
    }

    /// Why this catalog cannot ship with `flow`: a language of `shipping` it has no translations
    /// into, a visible string without a translation in a language the catalog offers, a translation
    /// whose placeholders differ from its source's, a count without its plural forms, or a string the
    /// flow no longer has.
    public func problems(with flow: FlowDefinition, shipping: [String] = []) throws -> [String] {
        let missing = shipping.filter { !languages.contains($0) }.map {
            "\($0): no translation at all, and the flow ships in this language"
        }
        return missing + problems(sources: try FlowStrings.sources(of: flow).map(\.text), of: "the flow")
    }

    /// Why this catalog cannot ship with `sources`, the strings of `owner` (a flow, a server's
    /// messages): as ``problems(with:shipping:)``, with placeholders written `{name}`.
    public func problems(sources: [String], of owner: String) -> [String] {
        problems(sources: sources, of: owner, placeholders: TextTemplate.keys(in:))
    }
}

extension FlowDefinition {
    /// The flow as a person who prefers `preferredLanguages` reads it, and the language chosen: the
    /// best match among the catalog's, or the flow's own (its source language) when none matches.
    public func localized(with catalog: StringCatalog?, preferredLanguages: [String]) -> LocalizedFlow {
        guard let catalog else { return LocalizedFlow(definition: self, language: "en") }
        let language = catalog.language(for: preferredLanguages)
        guard language != catalog.sourceLanguage,
            var translated = try? FlowStrings.translated(self, catalog.table(for: language))
        else { return LocalizedFlow(definition: self, language: catalog.sourceLanguage) }
        translated.language = language
        return LocalizedFlow(definition: translated, language: language)
    }
}

/// A flow in one language.
public struct LocalizedFlow: Sendable {
    public var definition: FlowDefinition
    /// Its BCP 47 language tag.
    public var language: String

    /// A flow in a language.
    public init(definition: FlowDefinition, language: String) {
        self.definition = definition
        self.language = language
    }

    /// Whether the language is written right to left.
    public var isRightToLeft: Bool { StringCatalog.isRightToLeft(language) }
}
