import DoorstepFlow
import DoorstepPresentation
import DoorstepStrings
import Foundation
import Testing

/// The renderers' own words are all in their String Catalog, in every language the flows ship.
@Suite("The renderers' own words")
struct PresentationWordsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The string literals of the first argument of every `words(…)` call in a folder's Swift files:
    /// `words("Back")`, `words(isBackward ? "Back" : "Continue")`.
    static func wordsInCode(_ folders: [String]) throws -> Set<String> {
        var found: Set<String> = []
        for folder in folders {
            let directory = root.appendingPathComponent(folder)
            for case let url as URL in FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)!
            where url.pathExtension == "swift" {
                let text = Array(try String(contentsOf: url, encoding: .utf8))
                var index = 0
                while let call = firstCall(in: text, from: index) {
                    found.formUnion(literalsOfFirstArgument(text, from: call))
                    index = call
                }
            }
        }
        return found
    }

    /// Where the argument list of the next `words(` starts.
    static func firstCall(in text: [Character], from start: Int) -> Int? {
        let name = Array("words(")
        var index = start
        while index + name.count <= text.count {
            if Array(text[index..<index + name.count]) == name, index == 0 || !text[index - 1].isLetter {
                return index + name.count
            }
            index += 1
        }
        return nil
    }

    static func literalsOfFirstArgument(_ text: [Character], from start: Int) -> [String] {
        var literals: [String] = []
        var depth = 0
        var index = start
        while index < text.count {
            let character = text[index]
            if character == "\"" {
                var literal = ""
                index += 1
                while index < text.count, text[index] != "\"" {
                    if text[index] == "\\" {
                        literal.append(text[index])
                        index += 1
                    }
                    literal.append(text[index])
                    index += 1
                }
                literals.append(literal)
            } else if "([".contains(character) {
                depth += 1
            } else if ")]".contains(character) {
                if depth == 0 { break }
                depth -= 1
            } else if character == ",", depth == 0 {
                break
            }
            index += 1
        }
        return literals
    }

    @Test("Every word the presentation and the SwiftUI views write has a Spanish and an Arabic translation")
    func everyWordTranslated() throws {
        let catalog = try #require(PresentationWords.strings)
        #expect(catalog.languages == ["ar", "es"])
        // The strength meter's words are the engine's measure, in English, said in the flow's language.
        let meter =
            [PasswordStrength.Level.weak, .medium, .strong].map(\.label)
            + [PasswordStrength.Rules.tanda, .kordant].flatMap {
                PasswordStrength.evaluate("", rules: $0).checks.map(\.label)
            }
        let words = try Self.wordsInCode(["Sources/DoorstepPresentation", "Sources/DoorstepUI"]).union(meter)
        #expect(words.count > 25)
        #expect(words.contains("Back") && words.contains("Remove {item}"))
        #expect(words.filter { catalog.strings[$0] == nil }.sorted() == [], "words with no catalog entry")
        // Also refuses a placeholder a translation lost and an entry the code no longer uses.
        #expect(catalog.problems(sources: words.sorted(), of: "the renderers' code") == [])
    }

    @Test("The SwiftUI views write no words of their own outside the catalog")
    func noStrayWords() throws {
        let controls = ["Text", "Button", "Section", "TextField", "SecureField", "Toggle", "Label"]
        let modifiers = ["navigationTitle", "accessibilityLabel", "accessibilityHint", "accessibilityValue"]
        let calls = (controls + modifiers.map { "." + $0 }).map(NSRegularExpression.escapedPattern(for:))
        let pattern = try NSRegularExpression(pattern: "(?:" + calls.joined(separator: "|") + #")\(\s*"[A-Z]"#)
        let directory = Self.root.appendingPathComponent("Sources/DoorstepUI")
        var stray: [String] = []
        for case let url as URL in FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)!
        where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                stray.append("\(url.lastPathComponent): \(text[Range(match.range, in: text)!])")
            }
        }
        #expect(stray == [], "words a person reads, not from PresentationWords")
    }

    @Test("A flow's Back and Close read as the renderers' own, so a back arrow is recognised in every language")
    func flowsAgreeWithTheRenderers() throws {
        for id in FlowCatalog.referenceIDs {
            let catalog = try #require(try FlowCatalog.strings(id))
            #expect(catalog.languages == ["ar", "es"], "\(id) ships Spanish and Arabic")
            for word in ["Back", "Close"] {
                for language in catalog.languages {
                    guard let translated = catalog.table(for: language)[word] else { continue }
                    #expect(translated == PresentationWords(language: language)(word), "\(id) \(language) \(word)")
                }
            }
        }
    }

    @Test("A sentence the server's pages and the app's views both say is kept once, in the app's words")
    func keptOnce() throws {
        let words = try #require(PresentationWords.strings)
        let server = try StringCatalog.decode(
            from: Data(
                contentsOf: Self.root.appendingPathComponent("Sources/DoorstepServerCore/Resources/Messages.xcstrings"))
        )
        #expect(Set(words.strings.keys).intersection(server.strings.keys).sorted() == [])
    }

    @Test("Recovery codes left are counted in words that fit the count, in English too")
    func countedWords() {
        let english = PresentationWords(language: nil)
        #expect(english("On. {count} recovery codes left.", ["count": "1"]) == "On. 1 recovery code left.")
        #expect(english("On. {count} recovery codes left.", ["count": "9"]) == "On. 9 recovery codes left.")
        let spanish = PresentationWords(language: "es")
        #expect(
            spanish("On. {count} recovery codes left.", ["count": "1"]) == "Activada. Queda 1 código de recuperación.")
        #expect(
            spanish("On. {count} recovery codes left.", ["count": "4"]) == "Activada. Quedan 4 códigos de recuperación."
        )
    }

    @Test("Values go into their places; an unknown language stays English")
    func values() {
        let spanish = PresentationWords(preferring: ["es-AR", "en"])
        #expect(spanish.language == "es")
        #expect(spanish("Step {current} of {total}", ["current": "2", "total": "4"]) == "Paso 2 de 4")
        let unknown = PresentationWords(preferring: ["fr"])
        #expect(unknown.language == "en" && !unknown.isRightToLeft)
        #expect(unknown("Step {current} of {total}", ["current": "2", "total": "4"]) == "Step 2 of 4")
        #expect(PresentationWords(language: "ar").isRightToLeft)
    }
}
