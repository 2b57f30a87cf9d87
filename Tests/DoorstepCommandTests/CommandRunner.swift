import Foundation

/// Runs the built `doorstep` executable the way a person does from a shell.
struct CommandRunner {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String

        var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
    }

    enum Failure: Error, CustomStringConvertible {
        case executableNotFound(searched: String)
        var description: String {
            switch self {
            case .executableNotFound(let searched): return "no doorstep executable near \(searched)"
            }
        }
    }

    let executable: URL

    init() throws {
        let start = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = start.deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("doorstep")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                executable = candidate
                return
            }
            directory = directory.deletingLastPathComponent()
        }
        throw Failure.executableNotFound(searched: start.path)
    }

    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// Writes `text` to a new temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String = "flow.json") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
