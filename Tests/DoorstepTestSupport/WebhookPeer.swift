import Foundation

/// A real webhook receiver (`Tests/Peers/webhook_peer.py`) on a loopback port, verifying every
/// delivery with the `standardwebhooks` package from PyPI; it can be stopped and started again on
/// the same port and folder, as a receiver that goes away and comes back.
public final class WebhookPeer: @unchecked Sendable {
    // The process handle is replaced only by `start()` and `stop()`, which tests call in sequence.
    public let port: Int
    public let folder: URL
    public let secretFile: URL
    private var process: Process?
    /// Holds the port while the receiver is down.
    private var reservation: ReservedPort?

    /// What the receiver made of one delivery.
    public struct Received: Decodable, Sendable {
        public var id: String?
        public var timestamp: String?
        /// The W3C trace context the delivery carried.
        public var traceparent: String?
        public var verified: Bool
        public var error: String?
        public var payload: Payload?

        /// The body of a verified delivery.
        public struct Payload: Decodable, Sendable {
            public var type: String
            public var timestamp: String
            public var data: [String: JSONScalar]
        }
    }

    /// A value of an event's data: ids, names and flags, and lists of them (the fields a change touched).
    public enum JSONScalar: Decodable, Sendable, Equatable {
        case string(String)
        case int(Int)
        case bool(Bool)
        case array([JSONScalar])
        case null

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let int = try? container.decode(Int.self) {
                self = .int(int)
            } else if let array = try? container.decode([JSONScalar].self) {
                self = .array(array)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        public var string: String? {
            if case .string(let string) = self { return string }
            return nil
        }
    }

    /// Starts a receiver on a free port.
    public init() async throws {
        port = try SMTPPeer.freePort()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-peer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        secretFile = folder.appendingPathComponent("secret")
        try await start()
    }

    deinit { process?.stopSoon() }

    /// The URL deliveries go to.
    public var url: String { "http://127.0.0.1:\(port)/hooks" }

    /// Tells the receiver the endpoint's secret.
    public func use(secret: String) throws {
        try Data(secret.utf8).write(to: secretFile)
    }

    /// Starts the receiver (again).
    public func start() async throws {
        reservation?.release()
        reservation = nil
        process = try await Process.peer(
            "webhook_peer.py", python: try Self.python(),
            arguments: [
                "--port", String(port), "--dir", folder.appendingPathComponent("received").path, "--secret-file",
                secretFile.path,
            ])
    }

    /// Stops the receiver: its port refuses connections until ``start()``. Killed if it has not
    /// ended within five seconds.
    public func stop() async {
        guard let process, process.isRunning else { return }
        process.stopSoon()
        _ = await process.exited()
        self.process = nil
        // Down, the port stays this receiver's: no other test's peer may be given it meanwhile.
        reservation = try? ReservedPort(port: port)
    }

    /// The deliveries received so far, oldest first.
    public func received() throws -> [Received] {
        let directory = folder.appendingPathComponent("received")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return try files.filter { $0.hasSuffix(".json") }.sorted().map {
            try JSONDecoder().decode(Received.self, from: Data(contentsOf: directory.appendingPathComponent($0)))
        }
    }

    /// Waits until `done` holds for what was received, or `seconds` pass; returns what was received.
    /// The wait ends on the deliveries, so its ceiling only bounds a failing run: a loaded machine may
    /// take long to deliver.
    public func wait(within seconds: Double = 60, until done: ([Received]) -> Bool) async throws -> [Received] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let received = try received()
            if done(received) { return received }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try received()
    }

    /// The Python with `standardwebhooks`: `DOORSTEP_WEBHOOK_PYTHON`, or the venv `scripts/test` makes.
    static func python() throws -> URL {
        let path =
            ProcessInfo.processInfo.environment["DOORSTEP_WEBHOOK_PYTHON"]
            ?? SMTPPeer.root.appendingPathComponent(".build/webhook-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: path) else { throw SMTPPeer.PeerError.noPython(path) }
        return URL(fileURLWithPath: path)
    }
}
