import ArgumentParser
import DoorstepFlow
import DoorstepStrings
import Foundation

struct Strings: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move a flow's visible strings to and from a String Catalog (.xcstrings) for translators.",
        subcommands: [ExportStrings.self, ImportStrings.self]
    )
}

struct ExportStrings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the flow's strings as a String Catalog, with the translations it already has.")

    @Argument(help: "A catalog id or a path to a flow JSON file.")
    var flow: String

    @Option(help: "Where to write the catalog (default: standard output).")
    var output: String?

    func run() throws {
        let definition = try FlowSource.load(flow)
        let existing = try? FlowCatalog.strings(definition.id)
        let data = try StringCatalog.exporting(definition, keeping: existing ?? nil).encodedJSON()
        if let output {
            try data.write(to: URL(fileURLWithPath: output))
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}

struct ImportStrings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Take a translator's String Catalog into the flow's, refusing what cannot ship.")

    @Argument(help: "The String Catalog to take (.xcstrings).")
    var file: String

    @Option(help: "The catalog id or flow JSON file the strings belong to.")
    var flow: String

    @Option(help: "The flow's catalog to update (default: <flow id>.xcstrings in the current directory).")
    var catalog: String?

    func run() throws {
        let definition = try FlowSource.load(flow)
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ValidationError("\(file): no such file")
        }
        let incoming: StringCatalog
        do {
            incoming = try StringCatalog.decode(from: data)
        } catch {
            throw ValidationError("\(file): not a String Catalog")
        }
        let target = catalog ?? "\(definition.id).xcstrings"
        let current =
            FileManager.default.contents(atPath: target).flatMap { try? StringCatalog.decode(from: $0) }
            ?? (try? FlowCatalog.strings(definition.id)) ?? nil
        let merged = try StringCatalog.exporting(definition, keeping: current).merging(incoming)
        let problems = try merged.problems(with: definition).filter { !$0.hasSuffix("is no longer in the flow") }
        guard problems.isEmpty else {
            throw ValidationError(problems.map { "\(file): \($0)" }.joined(separator: "\n"))
        }
        try StringCatalog.exporting(definition, keeping: merged).encodedJSON().write(to: URL(fileURLWithPath: target))
        print("\(target): \(merged.languages.joined(separator: ", ")) for \(definition.id)")
    }
}
