import Foundation

/// A String Catalog (`.xcstrings`), the JSON format Xcode and translation services read: each
/// source string (the key, in the source language) with its translations per language.
public struct StringCatalog: Codable, Sendable, Hashable {
    public var sourceLanguage: String
    public var strings: [String: Entry]
    public var version: String

    /// Creates a catalog.
    public init(sourceLanguage: String = "en", strings: [String: Entry] = [:], version: String = "1.0") {
        self.sourceLanguage = sourceLanguage
        self.strings = strings
        self.version = version
    }

    /// One source string: a note for translators, and its translations.
    public struct Entry: Codable, Sendable, Hashable {
        public var comment: String?
        public var extractionState: String?
        public var localizations: [String: Localization]?

        /// Creates an entry.
        public init(comment: String? = nil, localizations: [String: Localization]? = nil) {
            self.comment = comment
            self.localizations = localizations
        }
    }

    /// A string's translation into one language: one text, or a text per plural category.
    public struct Localization: Codable, Sendable, Hashable {
        public var stringUnit: StringUnit?
        public var variations: Variations?

        /// A plain translation.
        public init(_ value: String, state: String = "translated") {
            stringUnit = StringUnit(state: state, value: value)
        }

        /// A translation worded by count: a text per plural category (`one`, `other`, …).
        public init(plural texts: [String: String], state: String = "translated") {
            variations = Variations(plural: texts.mapValues { Localization($0, state: state) })
        }
    }

    /// A translated text and how far its translation is.
    public struct StringUnit: Codable, Sendable, Hashable {
        /// `translated`, `needs_review` or `new`.
        public var state: String
        public var value: String
    }

    /// Texts by plural category (`zero`, `one`, `two`, `few`, `many`, `other`).
    public struct Variations: Codable, Sendable, Hashable {
        public var plural: [String: Localization]?
    }

    /// The languages the catalog has any translation for, besides its source language.
    public var languages: [String] {
        Set(strings.values.flatMap { $0.localizations?.keys.map { $0 } ?? [] })
            .subtracting([sourceLanguage]).sorted()
    }

    /// The finished translations into `language`, keyed by source string; a string worded by count
    /// gives its `other` form here (``pluralForms(for:)`` has them all).
    public func table(for language: String) -> [String: String] {
        var table: [String: String] = [:]
        for (source, entry) in strings {
            let localization = entry.localizations?[language]
            guard let unit = localization?.stringUnit ?? localization?.variations?.plural?["other"]?.stringUnit,
                unit.state == "translated", !unit.value.isEmpty
            else { continue }
            table[source] = unit.value
        }
        return table
    }

    /// The finished forms of the strings worded by count in `language`, keyed by source string then
    /// plural category — the source language's too, where the catalog words a source by count
    /// ("1 recovery code left").
    public func pluralForms(for language: String) -> [String: [String: String]] {
        var forms: [String: [String: String]] = [:]
        for (source, entry) in strings {
            guard let plural = entry.localizations?[language]?.variations?.plural else { continue }
            let finished = plural.compactMapValues { form in
                form.stringUnit.flatMap { $0.state == "translated" && !$0.value.isEmpty ? $0.value : nil }
            }
            if !finished.isEmpty { forms[source] = finished }
        }
        return forms
    }

    /// The language to show a person who prefers `preferred` (BCP 47 tags, most wanted first): the
    /// first that the catalog has, exactly or by its base language (`es-MX` takes `es`); the source
    /// language when none is.
    public func language(for preferred: [String]) -> String {
        Self.language(for: preferred, among: [sourceLanguage] + languages)
    }

    /// The first of `preferred` that `offered` has, exactly or by its base language; else the first
    /// offered (the source language). For hosts that keep a catalog's languages instead of reading
    /// them from its strings on every request.
    public static func language(for preferred: [String], among offered: [String]) -> String {
        for tag in preferred {
            let wanted = tag.replacingOccurrences(of: "_", with: "-").lowercased()
            if let exact = offered.first(where: { $0.lowercased() == wanted }) { return exact }
            let base = wanted.split(separator: "-").first.map(String.init) ?? wanted
            if let sameBase = offered.first(where: { $0.lowercased() == base }) { return sameBase }
        }
        return offered.first ?? "en"
    }

    /// Reads a catalog.
    public static func decode(from data: Data) throws -> StringCatalog {
        try JSONDecoder().decode(StringCatalog.self, from: data)
    }

    /// The catalog as Xcode writes it: pretty-printed, keys sorted.
    public func encodedJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
