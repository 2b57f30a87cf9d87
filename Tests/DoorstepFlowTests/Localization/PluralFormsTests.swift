import DoorstepFlow
import DoorstepStrings
import Foundation
import Testing

/// A sentence worded by count reads right for one, two or many, in every shipped language.
@Suite("Plural forms")
struct PluralFormsTests {
    @Test("Counts fall in CLDR's categories: English and Spanish one and other, Arabic's six")
    func categories() {
        #expect([0, 1, 2, 5].map { PluralCategory.of($0, in: "en") } == ["other", "one", "other", "other"])
        #expect([1, 2, 1_000_000].map { PluralCategory.of($0, in: "es-MX") } == ["one", "other", "many"])
        #expect(
            [0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map { PluralCategory.of($0, in: "ar") } == [
                "zero", "one", "two", "few", "few", "many", "many", "other", "other", "few", "many",
            ])
        #expect(PluralCategory.of(1, in: "fr") == "one", "another language counts as English")
    }

    /// A catalog with one sentence worded by count in English and Spanish, and a plain one.
    static let catalog = MessageCatalog(
        StringCatalog(strings: [
            "{count} codes left.": StringCatalog.Entry(localizations: [
                "en": .init(plural: ["one": "{count} code left.", "other": "{count} codes left."]),
                "es": .init(plural: ["one": "Queda {count} código.", "other": "Quedan {count} códigos."]),
            ]),
            "Saved.": StringCatalog.Entry(localizations: ["es": StringCatalog.Localization("Guardado.")]),
        ]))

    @Test("A sentence written from a counted source takes its count's form, English included")
    func writtenSentences() {
        let catalog = Self.catalog
        #expect(catalog.translate("1 codes left.", into: "en") == "1 code left.")
        #expect(catalog.translate("3 codes left.", into: "en") == "3 codes left.")
        #expect(catalog.translate("1 codes left.", into: "es") == "Queda 1 código.")
        #expect(catalog.translate("0 codes left.", into: "es") == "Quedan 0 códigos.")
        #expect(catalog.translate("Saved.", into: "es") == "Guardado.")
        #expect(catalog.translate("Saved.", into: "en") == "Saved.")
    }

    @Test("A source filled with its values takes its count's form; without a count, its translation")
    func filledSources() {
        let catalog = Self.catalog
        #expect(catalog.translate("{count} codes left.", filling: ["count": "1"], into: "en") == "1 code left.")
        #expect(catalog.translate("{count} codes left.", filling: ["count": "7"], into: "es") == "Quedan 7 códigos.")
        #expect(catalog.translate("Saved.", filling: [:], into: "es") == "Guardado.")
        #expect(catalog.translate("Never seen.", filling: [:], into: "es") == "Never seen.")
    }
}
