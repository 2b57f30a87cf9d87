import DoorstepFlow

/// The catalog's flows in every language their String Catalogs ship, translated once when the
/// server starts: a page picks its flow by the languages the person prefers.
struct FlowTranslations: Sendable {
    private let flows: [String: [String: LocalizedFlow]]
    private let catalogs: [String: StringCatalog]
    private let sources: [String: FlowDefinition]

    /// Translates each flow of `catalog` with its String Catalog, if `strings` has one.
    init(catalog: FlowCatalog, strings: (String) -> StringCatalog?) {
        var flows: [String: [String: LocalizedFlow]] = [:]
        var catalogs: [String: StringCatalog] = [:]
        for flow in catalog.flows {
            guard let translations = strings(flow.id) else { continue }
            catalogs[flow.id] = translations
            for language in translations.languages {
                flows[flow.id, default: [:]][language] = flow.localized(
                    with: translations, preferredLanguages: [language])
            }
        }
        self.flows = flows
        self.catalogs = catalogs
        self.sources = Dictionary(catalog.flows.map { ($0.id, $0) }) { first, _ in first }
    }

    /// The flow in the language a person who prefers `preferred` reads best, and that language.
    func flow(_ id: String, preferred: [String]) -> (definition: FlowDefinition, language: FunnelLanguage)? {
        guard let source = sources[id] else { return nil }
        guard let catalog = catalogs[id] else { return (source, .source) }
        let offered = [catalog.sourceLanguage] + catalog.languages
        let tag = catalog.language(for: preferred)
        let localized = flows[id]?[tag] ?? LocalizedFlow(definition: source, language: catalog.sourceLanguage)
        return (
            localized.definition,
            FunnelLanguage(tag: localized.language, isRightToLeft: localized.isRightToLeft, offered: offered)
        )
    }
}
