import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Logging
import Synchronization
import Testing

/// Collects every log line, message and metadata, for inspection.
final class RecordingLogHandler: LogHandler, Sendable {
    let lines = Mutex<[String]>([])
    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }
    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        let text = "\(event.level) \(event.message) \(event.metadata ?? [:]) \(event.source)"
        lines.withLock { $0.append(text) }
    }
}

@Suite("Log privacy")
struct LogPrivacyTests {
    @Test("Logs never contain a password, a code or a token")
    func noSecretsInLogs() async throws {
        let recorder = RecordingLogHandler()
        let logger = Logger(label: "doorstep.test") { _ in recorder }
        let server = try await TestServer.make(logger: logger)
        let password = "Sunny-Days-2026"
        let secrets = try await server.test { client -> [String] in
            let signUp = try await client.post("/v1/auth/signup", ["email": "a@example.com", "password": password])
            let code = try #require(await server.latestCode(to: "a@example.com"))
            _ = try await client.post(
                "/v1/auth/code/verify", ["email": "a@example.com", "code": code, "purpose": "verifyEmail"])
            _ = try await client.post("/v1/auth/login", ["email": "a@example.com", "password": "Wrong-Password-1"])
            let refreshed = try await client.post("/v1/auth/token/refresh", ["refreshToken": signUp.json.refreshToken])
            server.clock.advance(by: 30)
            _ = try await client.post("/v1/auth/token/refresh", ["refreshToken": signUp.json.refreshToken])
            _ = try await client.get("/v1/me", bearer: refreshed.json.accessToken)
            return [
                password, "Wrong-Password-1", code, signUp.json.accessToken, signUp.json.refreshToken,
                refreshed.json.refreshToken, refreshed.json.accessToken,
            ]
        }
        let lines = recorder.lines.withLock { $0 }
        #expect(!lines.isEmpty)
        for secret in secrets {
            #expect(!lines.contains { $0.contains(secret) })
        }
    }
}
