import DoorstepStrings
import Foundation

/// A String Catalog ready to translate sentences at run time: a server's problem details, field
/// messages and mail words. A source string may hold placeholders in braces (`Enter the {digits}-digit
/// code.`); a sentence written from it is matched back to its source, and the values it carries are
/// put into the translation's placeholders of the same names. A source worded by count (`{count}`)
/// takes the plural form its count calls for in the language, English included.
public struct MessageCatalog: Sendable {
    /// The languages it translates into, the source language first.
    public let languages: [String]
    private let tables: [String: [String: String]]
    /// Per language, the forms of each source worded by count, by plural category.
    private let plurals: [String: [String: [String: String]]]
    private let templates: [MessageTemplate]

    /// Prepares `catalog`'s finished translations.
    public init(_ catalog: StringCatalog) {
        languages = [catalog.sourceLanguage] + catalog.languages
        var tables: [String: [String: String]] = [:]
        for language in catalog.languages { tables[language] = catalog.table(for: language) }
        self.tables = tables
        plurals = Dictionary(uniqueKeysWithValues: languages.map { ($0, catalog.pluralForms(for: $0)) })
        // The most specific first: "Added {added}, last used {lastUsed}" before "Added {added}".
        templates = catalog.strings.keys.compactMap(MessageTemplate.init).sorted {
            ($0.literalLength, $1.source) > ($1.literalLength, $0.source)
        }
    }

    /// The language for a person who prefers `preferred` (most wanted first), else the source language.
    public func language(for preferred: [String]) -> String {
        StringCatalog.language(for: preferred, among: languages)
    }

    /// `sentence` in `language`: its translation, or the sentence itself when the catalog has none.
    public func translate(_ sentence: String, into language: String) -> String {
        // The source language, or one the catalog lacks, with nothing worded by count: as written.
        guard tables[language] != nil || plurals[language]?.isEmpty == false else { return sentence }
        if let exact = tables[language]?[sentence] { return exact }
        for template in templates {
            guard let values = template.values(in: sentence),
                let wording = wording(of: template.source, with: values, in: language)
            else { continue }
            return MessageTemplate.fill(wording, with: values)
        }
        return sentence
    }

    /// The source string `source` in `language`, with each `{name}` replaced by its value in `values`:
    /// the plural form its count calls for, else its translation, else the source itself.
    public func translate(_ source: String, filling values: [String: String], into language: String) -> String {
        MessageTemplate.fill(wording(of: source, with: values, in: language) ?? source, with: values)
    }

    /// How `source` is worded in `language` for these values, placeholders unfilled: the plural form of
    /// its count where it is worded by count, else its translation; nil when the catalog has neither.
    private func wording(of source: String, with values: [String: String], in language: String) -> String? {
        if let forms = plurals[language]?[source],
            let count = values.first(where: { StringCatalog.isCount($0.key) }).flatMap({ Int($0.value) })
        {
            return forms[PluralCategory.of(count, in: language)] ?? forms["other"]
        }
        return tables[language]?[source]
    }
}

/// A source string with placeholders, as literal pieces around named holes.
struct MessageTemplate: Sendable {
    let source: String
    /// The text before, between and after the placeholders: one more piece than there are names.
    let pieces: [Substring]
    let names: [Substring]

    /// How many characters of the source are not placeholders.
    var literalLength: Int { pieces.reduce(0) { $0 + $1.count } }

    init?(_ source: String) {
        var pieces: [Substring] = []
        var names: [Substring] = []
        var rest = source[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pieces.append(rest[..<open])
            names.append(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
        }
        guard !names.isEmpty else { return nil }
        pieces.append(rest)
        self.source = source
        self.pieces = pieces
        self.names = names
    }

    /// The values `sentence` puts in the placeholders, when it was written from this template.
    func values(in sentence: String) -> [String: String]? {
        let (head, tail) = (pieces[0], pieces[pieces.count - 1])
        guard sentence.count >= head.count + tail.count, sentence.hasPrefix(head), sentence.hasSuffix(tail)
        else { return nil }
        var rest = sentence.dropFirst(head.count).dropLast(tail.count)
        var values: [String: String] = [:]
        for (index, name) in names.enumerated() {
            let isLast = index == names.count - 1
            if isLast {
                guard !rest.isEmpty else { return nil }
                values[String(name)] = String(rest)
            } else {
                guard let next = rest.range(of: pieces[index + 1]), next.lowerBound > rest.startIndex else {
                    return nil
                }
                values[String(name)] = String(rest[..<next.lowerBound])
                rest = rest[next.upperBound...]
            }
        }
        return values
    }

    /// `text` with each `{name}` replaced by its value.
    static func fill(_ text: String, with values: [String: String]) -> String {
        var filled = text
        for (name, value) in values { filled = filled.replacingOccurrences(of: "{\(name)}", with: value) }
        return filled
    }
}
