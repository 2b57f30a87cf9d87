import Foundation
import Testing

/// A real SMTP server (aiosmtpd, run by `Tests/Peers/smtp_peer.py`) on a free loopback port, with a
/// folder of the messages it accepted as Python's email parser reads them.
public final class SMTPPeer: Sendable {
    public let port: Int
    public let maildir: URL
    private let process: Process

    /// What the peer's parser read from one accepted message.
    public struct Received: Decodable, Sendable {
        public var mailFrom: String
        public var rcptTo: [String]
        public var from: String
        public var to: String
        public var subject: String
        public var messageID: String
        public var date: String
        public var contentType: String
        public var text: String?
        public var html: String?
        public var longestLine: Int
    }

    /// Starts a peer; `options` are the script's (`--starttls CERT KEY`, `--auth USER:PASS`, …).
    public init(_ options: [String] = [], port: Int? = nil) async throws {
        let python = try Self.python()
        self.port = try port ?? Self.freePort()
        maildir = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-peer-\(UUID().uuidString)")
        process = try await Process.peer(
            "smtp_peer.py", python: python,
            arguments: ["--port", String(self.port), "--maildir", maildir.path] + options)
    }

    deinit { process.stopSoon() }

    /// Stops the server (a server that is down), killing it if it has not ended within five seconds.
    public func stop() async {
        process.stopSoon()
        _ = await process.exited()
    }

    /// The messages accepted so far, oldest first.
    public func received() throws -> [Received] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: maildir.path)) ?? []
        return try files.filter { $0.hasSuffix(".json") }.sorted().map {
            try JSONDecoder().decode(Received.self, from: Data(contentsOf: maildir.appendingPathComponent($0)))
        }
    }

    public enum PeerError: Error, CustomStringConvertible {
        case didNotStart(String?)
        case noPython(String)
        public var description: String {
            switch self {
            case .didNotStart(let line): return "the SMTP peer did not start (said \(line ?? "nothing"))"
            case .noPython(let path): return "no Python with aiosmtpd at \(path): run scripts/test, which installs it"
            }
        }
    }

    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Python that has aiosmtpd: `DOORSTEP_MAIL_PYTHON`, or the venv `scripts/test` makes.
    static func python() throws -> URL {
        let path =
            ProcessInfo.processInfo.environment["DOORSTEP_MAIL_PYTHON"]
            ?? root.appendingPathComponent(".build/mail-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: path) else { throw PeerError.noPython(path) }
        return URL(fileURLWithPath: path)
    }

    public static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// A self-signed certificate for `localhost` and 127.0.0.1, made with openssl for one test run.
public struct TestCertificate: Sendable {
    public let certificate: String
    public let key: String

    public init() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        certificate = folder.appendingPathComponent("cert.pem").path
        key = folder.appendingPathComponent("key.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
            "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        #expect(await openssl.exited() == 0, "openssl made the certificate")
    }
}

extension FileHandle {
    /// Reads up to the first line break (blocking), without it.
    func availableLine() -> String? {
        var bytes: [UInt8] = []
        while true {
            let chunk = readData(ofLength: 1)
            guard let byte = chunk.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
