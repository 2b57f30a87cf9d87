import Foundation

/// A String Catalog ready to translate sentences at run time: a server's problem details, field
/// messages and mail words. A source string may hold placeholders in braces (`Enter the {digits}-digit
/// code.`); a sentence written from it is matched back to its source, and the values it carries are
/// put into the translation's placeholders of the same names.
public struct MessageCatalog: Sendable {
    /// The languages it translates into, the source language first.
    public let languages: [String]
    private let tables: [String: [String: String]]
    private let templates: [MessageTemplate]

    /// Prepares `catalog`'s finished translations.
    public init(_ catalog: StringCatalog) {
        languages = [catalog.sourceLanguage] + catalog.languages
        var tables: [String: [String: String]] = [:]
        for language in catalog.languages { tables[language] = catalog.table(for: language) }
        self.tables = tables
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
        guard let table = tables[language] else { return sentence }
        if let exact = table[sentence] { return exact }
        for template in templates {
            guard let values = template.values(in: sentence), let translated = table[template.source] else { continue }
            return MessageTemplate.fill(translated, with: values)
        }
        return sentence
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
    func values(in sentence: String) -> [Substring: Substring]? {
        let (head, tail) = (pieces[0], pieces[pieces.count - 1])
        guard sentence.count >= head.count + tail.count, sentence.hasPrefix(head), sentence.hasSuffix(tail)
        else { return nil }
        var rest = sentence.dropFirst(head.count).dropLast(tail.count)
        var values: [Substring: Substring] = [:]
        for (index, name) in names.enumerated() {
            let isLast = index == names.count - 1
            if isLast {
                guard !rest.isEmpty else { return nil }
                values[name] = rest
            } else {
                guard let next = rest.range(of: pieces[index + 1]), next.lowerBound > rest.startIndex else {
                    return nil
                }
                values[name] = rest[..<next.lowerBound]
                rest = rest[next.upperBound...]
            }
        }
        return values
    }

    /// `text` with each `{name}` replaced by its value.
    static func fill(_ text: String, with values: [Substring: Substring]) -> String {
        var filled = text
        for (name, value) in values { filled = filled.replacingOccurrences(of: "{\(name)}", with: value) }
        return filled
    }
}
