import ArgumentParser
import DoorstepFlow
import DoorstepStrings
import Foundation

struct Flows: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check, print, draw and simulate flow definitions.",
        subcommands: [Validate.self, Show.self, Graph.self, Simulate.self, Strings.self, Requirements.self]
    )
}

/// Finds a flow by catalog id or file path, or says plainly why it cannot.
enum FlowSource {
    static func load(_ reference: String) throws -> FlowDefinition {
        let (name, data) = try read(reference)
        let report = FlowDocument.check(data)
        guard let flow = report.flow else {
            throw ValidationError(report.problems.map { $0.line(file: name) }.joined(separator: "\n"))
        }
        return flow
    }

    static func read(_ reference: String) throws(ValidationError) -> (name: String, data: Data) {
        let isCatalogID = FlowCatalog.referenceIDs.contains(reference)
        let url = isCatalogID ? FlowCatalog.bundledURL(reference) : URL(fileURLWithPath: reference)
        let name = isCatalogID ? "\(reference).json" : reference
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            let ids = FlowCatalog.referenceIDs.joined(separator: ", ")
            throw ValidationError("\(name): no such file, and not a catalog flow (\(ids))")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: url.path) else {
            throw ValidationError("\(name): cannot be read as a file")
        }
        return (name, data)
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check catalog flows or flow files; with no argument, the whole catalog.")

    @Argument(help: "Catalog ids or paths to flow JSON files.")
    var flows: [String] = []

    func run() throws {
        var failed = false
        for reference in flows.isEmpty ? FlowCatalog.referenceIDs : flows {
            let name: String
            let data: Data
            do {
                (name, data) = try FlowSource.read(reference)
            } catch {
                print(error.message)
                failed = true
                continue
            }
            let report = FlowDocument.check(data)
            var lines = report.problems.map { $0.line(file: name) }
            if let flow = report.flow {
                lines += translationProblems(of: flow, reference: reference)
            }
            if lines.isEmpty {
                print("\(name): valid")
            } else {
                failed = true
                for line in lines { print(line) }
            }
        }
        if failed { throw ExitCode.failure }
    }
}

/// What keeps a flow's translations (its String Catalog, `<id>.xcstrings` beside the flow) from
/// shipping, one line each. A reference flow ships in every language of ``FlowCatalog/shippedLanguages``;
/// a flow file in the languages its own catalog has, if it has one.
func translationProblems(of flow: FlowDefinition, reference: String) -> [String] {
    let isReference = FlowCatalog.referenceIDs.contains(reference)
    let url =
        isReference
        ? FlowCatalog.stringsURL(reference)
        : URL(fileURLWithPath: reference).deletingPathExtension().appendingPathExtension("xcstrings")
    let name = url.lastPathComponent
    guard let data = FileManager.default.contents(atPath: url.path) else {
        let shipped = FlowCatalog.shippedLanguages.joined(separator: ", ")
        return isReference ? ["\(name): missing, and the flow ships in \(shipped)"] : []
    }
    do {
        return try StringCatalog.decode(from: data).problems(
            with: flow, shipping: isReference ? FlowCatalog.shippedLanguages : []
        ).map { "\(name): \($0)" }
    } catch {
        return ["\(name): not a String Catalog (\(error.localizedDescription))"]
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print a flow definition as JSON.")

    @Argument(help: "A catalog id or a path to a flow JSON file.")
    var flow: String

    func run() throws {
        let definition = try FlowSource.load(flow)
        print(String(decoding: try definition.encodedJSON(), as: UTF8.self))
    }
}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print a Mermaid diagram of screens and transitions.")

    @Argument(help: "A catalog id or a path to a flow JSON file.")
    var flow: String

    func run() throws {
        print(MermaidGraph.render(try FlowSource.load(flow)), terminator: "")
    }
}
