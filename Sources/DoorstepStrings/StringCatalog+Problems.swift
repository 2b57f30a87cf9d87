import Foundation

extension StringCatalog {
    /// Why this catalog cannot ship with `sources`, the strings of `owner` (a flow, a server's
    /// messages, its mail): a source without a translation in a language the catalog offers, a
    /// translation whose placeholders (as `placeholders` reads them: `{name}` in a flow, `{{name}}` in
    /// Mustache) differ from its source's, a count without its plural forms, or a translated string
    /// `owner` no longer has.
    public func problems(sources: [String], of owner: String, placeholders: (String) -> [String]) -> [String] {
        var problems: [String] = []
        for language in languages {
            for source in sources {
                let localization = strings[source]?.localizations?[language]
                let forms = Self.forms(of: localization)
                guard !forms.isEmpty else {
                    problems.append("\(language): \"\(source)\" has no translation")
                    continue
                }
                let expected = placeholders(source).sorted()
                for (category, form) in forms.sorted(by: { $0.key < $1.key })
                where placeholders(form).sorted() != expected {
                    let which = category.isEmpty ? "" : " (\(category))"
                    problems.append(
                        "\(language): the translation\(which) of \"\(source)\" has placeholders "
                            + "\(Self.list(placeholders(form))) where the source has \(Self.list(expected))")
                }
                if expected.contains(where: Self.isCount), localization?.variations?.plural?["other"] == nil {
                    problems.append("\(language): \"\(source)\" counts, so it needs plural forms (at least \"other\")")
                }
            }
        }
        let current = Set(sources)
        for source in strings.keys.sorted() where !current.contains(source) {
            problems.append("\"\(source)\" is no longer in \(owner)")
        }
        return problems
    }

    /// The texts of a translation: its one text (category ""), or one per plural category.
    private static func forms(of localization: Localization?) -> [String: String] {
        guard let localization else { return [:] }
        if let plural = localization.variations?.plural {
            return plural.compactMapValues { $0.stringUnit.flatMap { $0.value.isEmpty ? nil : $0.value } }
        }
        guard let unit = localization.stringUnit, unit.state == "translated", !unit.value.isEmpty else { return [:] }
        return ["": unit.value]
    }

    /// Whether a placeholder holds a count, which picks a plural form: `count`, `…Count`, `….count`.
    public static func isCount(_ placeholder: String) -> Bool {
        placeholder == "count" || placeholder.hasSuffix("Count") || placeholder.hasSuffix(".count")
    }

    private static func list(_ placeholders: [String]) -> String {
        placeholders.isEmpty ? "none" : placeholders.map { "{\($0)}" }.joined(separator: ", ")
    }
}

extension StringCatalog {
    /// Whether a language (a BCP 47 tag) is written right to left.
    public static func isRightToLeft(_ language: String) -> Bool {
        rightToLeft.contains(language.split(separator: "-").first.map(String.init) ?? "")
    }

    private static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur", "yi", "ps", "dv", "ckb", "sd", "ug"]
}
