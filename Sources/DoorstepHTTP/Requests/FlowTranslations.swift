import DoorstepFlow
import DoorstepStrings
import Synchronization

/// The catalog's flows in every language their String Catalogs ship. A flow is translated into a
/// language when a person first asks for it in that language, then kept: a server starts without
/// translating what nobody may read, and a page picks its flow by the languages the person prefers.
package final class FlowTranslations: Sendable {
    /// Each translated flow's String Catalog, and its languages with the source language first.
    private let catalogs: [String: (strings: StringCatalog, offered: [String])]
    private let sources: [String: FlowDefinition]
    /// The translations made so far, by flow and language.
    private let made = Mutex<[String: [String: LocalizedFlow]]>([:])

    /// Reads the String Catalog `strings` has for each flow of `catalog`, if it has one.
    package init(catalog: FlowCatalog, strings: (String) -> StringCatalog?) {
        var catalogs: [String: (strings: StringCatalog, offered: [String])] = [:]
        for flow in catalog.flows {
            guard let translations = strings(flow.id) else { continue }
            catalogs[flow.id] = (translations, [translations.sourceLanguage] + translations.languages)
        }
        self.catalogs = catalogs
        self.sources = Dictionary(catalog.flows.map { ($0.id, $0) }) { first, _ in first }
    }

    /// The flow in the language a person who prefers `preferred` reads best, and that language.
    package func flow(_ id: String, preferred: [String]) -> (definition: FlowDefinition, language: FunnelLanguage)? {
        guard let source = sources[id] else { return nil }
        guard let (catalog, offered) = catalogs[id] else { return (source, .source) }
        let tag = StringCatalog.language(for: preferred, among: offered)
        let localized =
            catalog.languages.contains(tag)
            ? translation(of: source, into: tag, with: catalog)
            : LocalizedFlow(definition: source, language: offered[0])
        return (
            localized.definition,
            FunnelLanguage(tag: localized.language, isRightToLeft: localized.isRightToLeft, offered: offered)
        )
    }

    /// `source` in `language`, translated the first time it is asked for. Two first requests at once
    /// may both translate it; they get the same flow, and the lock is never held while translating.
    private func translation(of source: FlowDefinition, into language: String, with catalog: StringCatalog)
        -> LocalizedFlow
    {
        if let known = made.withLock({ $0[source.id]?[language] }) { return known }
        let localized = source.localized(with: catalog, preferredLanguages: [language])
        made.withLock { $0[source.id, default: [:]][language] = localized }
        return localized
    }
}
