import DoorstepFlow
import DoorstepStrings
import Foundation
import Testing

@Suite("A flow's strings in a String Catalog")
struct FlowStringsTests {
    @Test("What a person reads is exported once each, with where it is used; ids, colours and rules are not")
    func sources() throws {
        let tanda = try Catalog.flow("tanda")
        let sources = try FlowStrings.sources(of: tanda)
        let texts = sources.map(\.text)
        #expect(texts.contains("Get Started"))
        #expect(texts.contains("name@example.com"), "a placeholder is read")
        #expect(texts.contains("Incorrect password. Please try again."), "an effect's error message is read")
        #expect(Set(texts).count == texts.count, "each text once")
        for notRead in ["slide1", "createAccount", "primary", "brand", "sendCode", "email", "signup"] {
            #expect(!texts.contains(notRead), "\(notRead) is not shown to anyone")
        }
        let getStarted = try #require(sources.first { $0.text == "Get Started" })
        #expect(getStarted.location == "screens.slide1.actions.getStarted.title")
    }

    @Test("A text used in two places is named at the same one on every export: an object's keys in order")
    func firstPlaceIsFixed() throws {
        var tanda = try Catalog.flow("tanda")
        tanda.screens[0].blocks.append(Block(.text, text: "Get Started"))
        let getStarted = try #require(try FlowStrings.sources(of: tanda).first { $0.text == "Get Started" })
        #expect(getStarted.location == "screens.slide1.actions.getStarted.title", "actions come before blocks")
        let catalog = try StringCatalog.exporting(tanda)
        #expect(catalog.strings["Get Started"]?.comment == "tanda: screens.slide1.actions.getStarted.title")
    }

    @Test("A translated flow shows the translations and walks as the source does; a bare choice keeps its value")
    func translated() throws {
        let trainer = try Catalog.flow("trainer")
        let table = ["Next": "Siguiente", "Female": "Mujer", "none": "ninguno"]
        let spanish = try FlowStrings.translated(trainer, table)

        #expect(spanish.screens.map(\.id) == trainer.screens.map(\.id))
        #expect(spanish.transitions == trainer.transitions, "the walk is the same")
        let gender = try #require(spanish.screens.first { $0.id == "gender" })
        #expect(gender.actions.contains { $0.title == "Siguiente" })
        #expect(!gender.actions.contains { $0.title == "Next" })
        let female = try #require(spanish.field("gender")?.options?.first { $0.value == "Female" })
        #expect(female.displayTitle == "Mujer", "a bare choice shows its translation and stores its value")
        let familySync = try Catalog.flow("familysync")
        let translatedStatus = try FlowStrings.translated(familySync, table).field("householdStatus")
        let sourceStatus = familySync.field("householdStatus")
        #expect(
            translatedStatus == sourceStatus,
            "the options of a field no screen shows are values, left alone")
        #expect(FlowEngine(flow: spanish).screen.id == FlowEngine(flow: trainer).screen.id)
    }

    @Test(
        "A catalog that cannot ship says why: a missing translation, other placeholders, no plural forms, a stale key")
    func problems() throws {
        let tanda = try Catalog.flow("tanda")
        var catalog = try StringCatalog.exporting(tanda)
        let sources = try FlowStrings.sources(of: tanda).map(\.text)
        for source in sources { catalog.strings[source]?.localizations = ["es": .init("ES " + source)] }
        #expect(try catalog.problems(with: tanda).isEmpty, "every string translated")

        let templated = try #require(sources.first { !TextTemplate.keys(in: $0).isEmpty })
        catalog.strings[templated]?.localizations = ["es": .init("Hola {nombre}")]
        catalog.strings["Get Started"]?.localizations = nil
        catalog.strings["Gone from the flow"] = .init(localizations: ["es": .init("Ya no")])
        catalog.strings["{count} codes left"] = .init(localizations: ["es": .init("Quedan {count} códigos")])
        var counting = tanda
        counting.screens[0].blocks.append(Block(.text, text: "{count} codes left"))
        let found = try catalog.problems(with: counting)
        #expect(found.contains("es: \"Get Started\" has no translation"))
        #expect(found.contains { $0.hasPrefix("es: the translation of \"\(templated)\" has placeholders {nombre}") })
        #expect(found.contains("es: \"{count} codes left\" counts, so it needs plural forms (at least \"other\")"))
        #expect(found.contains("\"Gone from the flow\" is no longer in the flow"))
    }

    @Test("The language shown is the first preferred one the catalog has, by base language too; else the source")
    func language() throws {
        var catalog = StringCatalog()
        catalog.strings["Continue"] = .init(localizations: ["es": .init("Continuar"), "ar": .init("متابعة")])
        #expect(catalog.languages == ["ar", "es"])
        #expect(catalog.language(for: ["es-MX", "en"]) == "es")
        #expect(catalog.language(for: ["fr-FR", "ar_EG"]) == "ar")
        #expect(catalog.language(for: ["fr", "de"]) == "en")
        #expect(catalog.language(for: ["en-GB", "es"]) == "en", "English first stays English")
        let tanda = try Catalog.flow("tanda")
        let arabic = tanda.localized(with: catalog, preferredLanguages: ["ar"])
        #expect(arabic.language == "ar" && arabic.isRightToLeft)
        #expect(!tanda.localized(with: catalog, preferredLanguages: ["es"]).isRightToLeft)
    }

    @Test("Exported, written and read back, a catalog is the same; a translator's file merges in")
    func roundTrip() throws {
        let destiny = try Catalog.flow("destiny")
        var catalog = try StringCatalog.exporting(destiny)
        let decoded = try StringCatalog.decode(from: catalog.encodedJSON())
        #expect(decoded == catalog)

        var translator = StringCatalog()
        translator.strings["Continue"] = .init(localizations: ["es": .init("Continuar")])
        catalog = catalog.merging(translator)
        #expect(catalog.table(for: "es") == ["Continue": "Continuar"])
        let again = try StringCatalog.exporting(destiny, keeping: catalog)
        #expect(again.table(for: "es") == ["Continue": "Continuar"], "a new export keeps the translations")
    }
}

@Suite("The languages the catalog ships")
struct ShippedLanguagesTests {
    @Test("A reference flow's catalog without one of the shipped languages cannot ship, in one line")
    func missingLanguage() throws {
        let flow = try #require(try FlowCatalog.bundled().flow("destiny"))
        var catalog = try #require(try FlowCatalog.strings("destiny"))
        #expect(try catalog.problems(with: flow, shipping: FlowCatalog.shippedLanguages) == [])
        for key in catalog.strings.keys { catalog.strings[key]?.localizations?["ar"] = nil }
        #expect(
            try catalog.problems(with: flow, shipping: FlowCatalog.shippedLanguages) == [
                "ar: no translation at all, and the flow ships in this language"
            ])
        #expect(try catalog.problems(with: flow) == [], "without the rule, Spanish alone is complete")
    }
}
