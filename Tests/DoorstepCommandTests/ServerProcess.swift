import DoorstepTestSupport
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `doorstep serve` process on a free loopback port, with its own temporary SQLite database
/// unless given one (a file or a `postgres://` URL).
final class ServerProcess: Sendable {
    let process: Process
    let database: String
    private let collector = OutputCollector()

    enum Failure: Error, CustomStringConvertible {
        case didNotStart(String)
        var description: String {
            switch self {
            case .didNotStart(let output): return "the server did not start:\n\(output)"
            }
        }
    }

    /// Starts a server; extra arguments are appended to `serve`.
    init(
        runner: CommandRunner, database: String? = nil, arguments: [String] = [], environment: [String: String] = [:]
    ) throws {
        let path =
            database
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("doorstep-\(UUID().uuidString).sqlite").path
        self.database = path
        process = Process()
        process.executableURL = runner.executable
        process.arguments = ["serve", "--port", "0", "--database", path, "--password-cost", "4"] + arguments
        // Tests stop servers often: no drain period unless a test asks for one.
        process.environment = ProcessInfo.processInfo.environment.merging(["DOORSTEP_DRAIN_SECONDS": "0"]) { $1 }
            .merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        // A thread of its own reads the output with blocking reads until the process closes it. Not
        // `readabilityHandler`: tearing down its dispatch read source races the descriptor on Linux and
        // crashed the whole test process in `_dispatch_event_loop_drain` (swift-corelibs-libdispatch#949);
        // nor `availableData`, which ends the process with a fatal error when a signal interrupts a read.
        let output = pipe.fileHandleForReading
        let collector = self.collector
        Thread.detachNewThread {
            PipeReading.chunks(of: output) { collector.append(String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// Waits until the server listens; returns its base URL.
    func waitUntilListening(timeout: TimeInterval = 60) async throws -> URL {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            // Checked once more after the deadline: a busy test pool may wake this wait only then.
            if let port = collector.port { return URL(string: "http://127.0.0.1:\(port)")! }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(50))
        } while Date() < deadline || collector.port != nil
        throw Failure.didNotStart(log + "\n" + state)
    }

    /// Whether the process still runs and, if so, where each of its threads waits, to tell a server
    /// stuck at start from one that ended.
    var state: String {
        guard process.isRunning else { return "(exited with status \(process.terminationStatus))" }
        let tasks = "/proc/\(process.processIdentifier)/task"
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        let waits = threads.sorted().map { thread in
            let name = (try? String(contentsOfFile: "\(tasks)/\(thread)/comm", encoding: .utf8)) ?? "?"
            let channel = (try? String(contentsOfFile: "\(tasks)/\(thread)/wchan", encoding: .utf8)) ?? "?"
            return "\(name.trimmingCharacters(in: .whitespacesAndNewlines)) in \(channel)"
        }
        return "(still running; \(threads.count) threads: \(waits.joined(separator: ", ")))"
    }

    var log: String { collector.text }

    /// Waits until the server has printed `text`; false if it has not within `timeout` seconds. A
    /// ceiling, not a timing: a loaded machine may take long, and the test goes on as soon as it is there.
    func waitForLog(containing text: String, within timeout: TimeInterval = 60) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if log.contains(text) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return log.contains(text)
    }

    /// Waits until the server has printed `text` at least `times` times; false if not within `timeout` seconds.
    func waitForLog(containing text: String, times: Int, within timeout: TimeInterval = 60) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        func count() -> Int { log.components(separatedBy: text).count - 1 }
        while Date() < deadline {
            if count() >= times { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return count() >= times
    }

    /// Sends SIGTERM and waits, off the test pool, for the process to end; returns its exit status.
    func stop() async -> Int32 {
        signalStop()
        return await process.exited()
    }

    /// Waits, off the test pool, for the process to end without being asked again; its exit status,
    /// or nil if a signal ended it, as SIGKILL does once `timeout` seconds have passed. A ceiling, so
    /// a server that ignores its signals fails the test instead of hanging the run.
    func waitForExit(within timeout: TimeInterval) async -> Int32? {
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { Foundation.kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let status = await process.exited()
        watchdog.cancel()
        return process.terminationReason == .uncaughtSignal ? nil : status
    }

    /// Sends SIGTERM without waiting for the process to end (SIGKILL if it has not within five
    /// seconds): for a test's `defer`, which cannot wait.
    func terminate() {
        process.stopSoon()
    }

    /// Sends SIGTERM without waiting for the process to end.
    func signalStop() {
        Foundation.kill(process.processIdentifier, SIGTERM)
    }

    /// Whether the process is still running.
    var isRunning: Bool { process.isRunning }

    /// Sends SIGKILL: no chance to finish anything. Returns once the process has ended.
    func kill() async {
        Foundation.kill(process.processIdentifier, SIGKILL)
        _ = await process.exited()
    }
}

/// What a server process printed, and the port it said it listens on.
final class OutputCollector: Sendable {
    private let state = Mutex((text: "", port: Int?.none))

    var text: String { state.withLock { $0.text } }
    var port: Int? { state.withLock { $0.port } }

    func append(_ chunk: String) {
        state.withLock { state in
            state.text += chunk
            if state.port == nil,
                let range = state.text.range(of: #"listening on 127\.0\.0\.1:[0-9]+"#, options: .regularExpression)
            {
                state.port = state.text[range].split(separator: ":").last.flatMap { Int($0) }
            }
        }
    }
}

/// A small HTTP client for a server process.
struct HTTP {
    let base: URL

    func send(
        _ method: String, _ path: String, json: [String: Any]? = nil, bearer: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> (status: Int, json: Any?) {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, try? JSONSerialization.jsonObject(with: data))
    }
}
