import DoorstepFlow
import DoorstepStrings

/// The catalog's flows in every language their String Catalogs ship, translated once when the
/// server starts: a page picks its flow by the languages the person prefers.
package struct FlowTranslations: Sendable {
    private let flows: [String: [String: LocalizedFlow]]
    /// Each translated flow's languages, its source language first, read from its catalog once.
    private let offered: [String: [String]]
    private let sources: [String: FlowDefinition]

    /// Translates each flow of `catalog` with its String Catalog, if `strings` has one.
    package init(catalog: FlowCatalog, strings: (String) -> StringCatalog?) {
        var flows: [String: [String: LocalizedFlow]] = [:]
        var offered: [String: [String]] = [:]
        for flow in catalog.flows {
            guard let translations = strings(flow.id) else { continue }
            offered[flow.id] = [translations.sourceLanguage] + translations.languages
            for language in translations.languages {
                flows[flow.id, default: [:]][language] = flow.localized(
                    with: translations, preferredLanguages: [language])
            }
        }
        self.flows = flows
        self.offered = offered
        self.sources = Dictionary(catalog.flows.map { ($0.id, $0) }) { first, _ in first }
    }

    /// The flow in the language a person who prefers `preferred` reads best, and that language.
    package func flow(_ id: String, preferred: [String]) -> (definition: FlowDefinition, language: FunnelLanguage)? {
        guard let source = sources[id] else { return nil }
        guard let offered = offered[id] else { return (source, .source) }
        let tag = StringCatalog.language(for: preferred, among: offered)
        let localized = flows[id]?[tag] ?? LocalizedFlow(definition: source, language: offered[0])
        return (
            localized.definition,
            FunnelLanguage(tag: localized.language, isRightToLeft: localized.isRightToLeft, offered: offered)
        )
    }
}
