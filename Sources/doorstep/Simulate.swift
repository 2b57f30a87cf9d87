import ArgumentParser
import DoorstepFlow
import Foundation

struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Walk a flow with each field's example answer and each effect's default result.",
        discussion: """
            Prints one JSON line per screen visited. --set NAME=VALUE replaces an answer or an effect \
            result; VALUE is read as JSON when it parses (true, 42, "text") and as text otherwise.
            Example: doorstep flows simulate tanda --set account.exists=true
            """
    )

    @Argument(help: "A catalog id or a path to a flow JSON file.")
    var flow: String

    @Option(name: .customLong("set"), help: "NAME=VALUE: an answer or effect result to use.")
    var overrides: [String] = []

    @Flag(help: "Launch with a signed-in session.")
    var signedIn = false

    func run() throws {
        let definition = try FlowSource.load(flow)
        let walk = FlowSimulator(
            flow: definition, overrides: try parsedOverrides(),
            session: SessionState(isSignedIn: signedIn), now: Date()
        ).run()
        for step in walk.steps {
            print(try StepLine.json(step))
        }
        if case .stuck(let screen, let reason) = walk.outcome {
            FileHandle.standardError.write(Data("stuck at screen \"\(screen)\": \(reason)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func parsedOverrides() throws -> [String: Value] {
        var values: [String: Value] = [:]
        for pair in overrides {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("--set needs NAME=VALUE, got \"\(pair)\"")
            }
            let name = String(pair[..<equals])
            let text = String(pair[pair.index(after: equals)...])
            values[name] = (try? JSONDecoder().decode(Value.self, from: Data(text.utf8))) ?? .string(text)
        }
        return values
    }
}

/// One line of simulation output, with its keys in the documented order: screen, section, progress.
private enum StepLine {
    static func json(_ step: FlowSimulator.Step) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let screen = String(decoding: try encoder.encode(step.screen), as: UTF8.self)
        let section = try step.section.map { String(decoding: try encoder.encode($0), as: UTF8.self) } ?? "null"
        return "{\"screen\": \(screen), \"section\": \(section), \"progress\": \(step.progress)}"
    }
}
