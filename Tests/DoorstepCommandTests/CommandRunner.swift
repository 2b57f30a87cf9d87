import DoorstepTestSupport
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

    /// Runs `doorstep` with `arguments` and waits for it to end. The waiting happens on threads of its
    /// own, one for each pipe (a child that fills one pipe while the other is read to its end would
    /// never finish): never on the test pool, where a command that takes a while under load would keep
    /// every other test, and the servers they wait on, from being heard.
    func run(_ arguments: String..., environment: [String: String] = [:]) async throws -> Output {
        try await run(arguments, environment: environment)
    }

    /// Runs `doorstep` with `arguments` put together by the test.
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        async let standardOutput = Self.readToEnd(output.fileHandleForReading)
        async let standardError = Self.readToEnd(error.fileHandleForReading)
        let (outputData, errorData) = await (standardOutput, standardError)
        let status = await process.exited()
        return Output(
            status: status, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// Everything `handle` gives until it is closed, read on a thread of its own.
    private static func readToEnd(_ handle: FileHandle) async -> Data {
        await onOwnThread { PipeReading.all(of: handle) }
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
