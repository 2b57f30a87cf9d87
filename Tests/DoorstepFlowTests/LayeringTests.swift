import Foundation
import Testing

/// The targets import only what ARCHITECTURE.md lets them: dependencies point down, toward the flow
/// model, and the mail client stands apart from the flow model.
@Suite("Layering")
struct LayeringTests {
    /// The Doorstep targets each target may import (ARCHITECTURE.md).
    static let allowed: [String: Set<String>] = [
        "DoorstepStrings": [],
        "DoorstepFlow": ["DoorstepStrings"],
        "DoorstepAPI": ["DoorstepFlow", "DoorstepStrings"],
        "DoorstepPresentation": ["DoorstepFlow", "DoorstepStrings"],
        "DoorstepClient": ["DoorstepFlow", "DoorstepAPI", "DoorstepStrings"],
        "DoorstepUI": ["DoorstepClient", "DoorstepPresentation", "DoorstepFlow", "DoorstepAPI", "DoorstepStrings"],
        "DoorstepServerCore": ["DoorstepFlow", "DoorstepStrings"],
        "DoorstepSQL": ["DoorstepServerCore", "DoorstepFlow", "DoorstepStrings"],
        "DoorstepSQLite": ["DoorstepSQL", "DoorstepServerCore", "DoorstepFlow", "DoorstepStrings"],
        "DoorstepPostgres": ["DoorstepSQL", "DoorstepServerCore", "DoorstepFlow", "DoorstepStrings"],
        "DoorstepMail": ["DoorstepStrings"],
        "DoorstepHTTP": ["DoorstepServerCore", "DoorstepAPI", "DoorstepFlow", "DoorstepStrings"],
        "DoorstepWeb": [
            "DoorstepHTTP", "DoorstepServerCore", "DoorstepPresentation", "DoorstepFlow", "DoorstepStrings",
        ],
        "DoorstepServer": [
            "DoorstepHTTP", "DoorstepWeb", "DoorstepServerCore", "DoorstepAPI", "DoorstepMail", "DoorstepFlow",
            "DoorstepStrings",
        ],
    ]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Each Doorstep module a target's files import that it may not, as `target/file: module`.
    static func violations() throws -> [String] {
        var found: [String] = []
        for (target, allowed) in allowed {
            let folder = sources.appendingPathComponent(target)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ").map(String.init)
                    guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                        words[..<index].allSatisfy({ $0.hasPrefix("@") || $0.isEmpty }),
                        case let module = words[index + 1], module.hasPrefix("Doorstep"), !allowed.contains(module)
                    else { continue }
                    found.append("\(target)/\(file): \(module)")
                }
            }
        }
        return found.sorted()
    }

    @Test(
        "Every target imports only the Doorstep targets below it; the mail client none but the strings, the API none of the pages"
    )
    func importsPointDown() throws {
        #expect(FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent("DoorstepMail").path))
        #expect(try Self.violations() == [])
    }
}
