import Foundation

/// Runs blocking `work` (waiting for a child process, reading a pipe) on a thread of its own and
/// returns its result. Never on the test pool: it has as many threads as the machine has cores, and
/// one blocked by a Python peer that starts slowly under load keeps every other test, and the servers
/// they wait on, from being heard.
public func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}

extension Process {
    /// Waits, off the test pool, for the process to end; returns its exit status.
    public func exited() async -> Int32 {
        await onOwnThread {
            self.waitUntilExit()
            return self.terminationStatus
        }
    }

    /// Sends SIGTERM, then SIGKILL if the process has not ended within `grace` seconds, without waiting.
    public func stopSoon(grace: Double = 5) {
        guard isRunning else { return }
        terminate()
        let identifier = processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
            if self.isRunning { kill(identifier, SIGKILL) }
        }
    }
}

extension FileHandle {
    /// The first line the writer sends (without its line break), read off the test pool; nil if it
    /// closes the pipe first.
    public func firstLine() async -> String? {
        await onOwnThread { self.availableLine() }
    }
}

extension Process {
    /// Starts a peer script of `Tests/Peers` with `python`, and returns once it has said "listening".
    static func peer(_ script: String, python: URL, arguments: [String]) async throws -> Process {
        let process = Process()
        process.executableURL = python
        process.arguments = [SMTPPeer.root.appendingPathComponent("Tests/Peers/\(script)").path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = await output.fileHandleForReading.firstLine()
        guard line == "listening" else {
            process.stopSoon()
            throw SMTPPeer.PeerError.didNotStart(line)
        }
        return process
    }
}
