import Foundation
import Testing

/// `DoorstepUI` compiles only where SwiftUI exists, so this machine reads its source instead: every
/// kind of block content the presenter can produce must have its case in the SwiftUI block view.
/// (`scripts/test` also parses every `DoorstepUI` file, so a syntax error fails here too.)
@Suite("SwiftUI renderer coverage")
struct SwiftUICoverageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func source(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The case names of `BlockContent`, read from its declaration.
    static func contentCases() throws -> [String] {
        let model = try source("Sources/DoorstepPresentation/Model/BlockPresentation.swift")
        guard let start = model.range(of: "public enum BlockContent"),
            let end = model.range(of: "\n}\n", range: start.upperBound..<model.endIndex)
        else { return [] }
        return model[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("case ") else { return nil }
            return String(trimmed.dropFirst(5).prefix { $0.isLetter || $0.isNumber })
        }
    }

    @Test("Every kind of block content has its case in DoorstepUI's BlockView")
    func everyContentHasAView() throws {
        let cases = try Self.contentCases()
        #expect(cases.count >= 24)
        let view = try Self.source("Sources/DoorstepUI/BlockView.swift")
        for name in cases {
            #expect(view.contains("case .\(name)"), "BlockView draws no .\(name)")
        }
    }

    @Test("Each view BlockView names is defined in DoorstepUI")
    func everyNamedViewExists() throws {
        let directory = Self.root.appendingPathComponent("Sources/DoorstepUI")
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        let all = try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let view = try Self.source("Sources/DoorstepUI/BlockView.swift")
        let swiftUIViews: Set<String> = ["ProgressView"]
        let used = Set(view.matches(of: /([A-Z][A-Za-z]+View)\(/).map { String($0.output.1) }).subtracting(swiftUIViews)
        #expect(!used.isEmpty)
        for name in used {
            #expect(all.contains("struct \(name)"), "\(name) is used but not defined")
        }
    }
}
