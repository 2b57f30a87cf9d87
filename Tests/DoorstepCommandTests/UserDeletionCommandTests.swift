import Crypto
import DoorstepTestSupport
import Foundation
import Testing

@Suite("doorstep users delete", .serialized)
struct UserDeletionCommandTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    /// Sign in with Apple pointed at `provider`, with a team key to revoke tokens with.
    static func appleEnvironment(_ base: URL) throws -> [String: String] {
        let key = try CommandRunner.temporaryFile(P256.Signing.PrivateKey().pemRepresentation, name: "apple.p8")
        return [
            "DOORSTEP_APPLE_AUDIENCES": "com.example.app",
            "DOORSTEP_APPLE_JWKS_URL": base.appendingPathComponent("keys").absoluteString,
            "DOORSTEP_APPLE_TEAM_ID": "TEAM123456", "DOORSTEP_APPLE_KEY_ID": "APPLEKEY01",
            "DOORSTEP_APPLE_PRIVATE_KEY_FILE": key,
            "DOORSTEP_APPLE_TOKEN_URL": base.appendingPathComponent("auth/token").absoluteString,
            "DOORSTEP_APPLE_REVOKE_URL": base.appendingPathComponent("auth/revoke").absoluteString,
        ]
    }

    @Test("users delete erases an account as DELETE /v1/me does, revoking its Apple token, and asks first")
    func deletesAndRevokes() async throws {
        let provider = try FakeIdentityProvider()
        try await provider.serve { base in
            let environment = try Self.appleEnvironment(base)
            let server = try ServerProcess(runner: doorstep, environment: environment)
            let http = HTTP(base: try await server.waitUntilListening())
            let claims = TestIdentityClaims.apple(sub: "apple-042", email: "kit@privaterelay.appleid.com", now: Date())
            let signIn = try await http.send(
                "POST", "v1/auth/apple",
                json: try await provider.signIn(claims).merging(["authorizationCode": "code-42"]) { $1 })
            #expect(signIn.status == 200)
            let session = try #require(signIn.json as? [String: Any])
            let id = try #require((session["user"] as? [String: Any])?["id"] as? String)
            let token = try #require(session["accessToken"] as? String)
            #expect(await server.stop() == 0)

            let unconfirmed = try await doorstep.run(
                "users", "delete", id, "--database", server.database, environment: environment)
            #expect(unconfirmed.status == 2, "without a terminal to ask on, --yes is required")
            #expect(unconfirmed.standardError.split(separator: "\n").count == 1)
            #expect(try await doorstep.run("users", "show", id, "--database", server.database).status == 0)
            #expect(provider.revoked.isEmpty)

            let deleted = try await doorstep.run(
                "users", "delete", id, "--database", server.database, "--yes", "--json", environment: environment)
            #expect(deleted.status == 0, "\(deleted.standardError)")
            let answer = try JSONSerialization.jsonObject(with: Data(deleted.standardOutput.utf8)) as? [String: Any]
            #expect(answer?["deleted"] as? Bool == true)
            #expect(provider.revoked == ["apple-refresh-token"], "Apple was told, as Apple requires")
            #expect(try await doorstep.run("users", "show", id, "--database", server.database).status == 1)
            let again = try await doorstep.run("users", "delete", id, "--database", server.database, "--yes")
            #expect(again.status == 1 && again.standardError.split(separator: "\n").count == 1)

            let restarted = try ServerProcess(runner: doorstep, database: server.database, environment: environment)
            let http2 = HTTP(base: try await restarted.waitUntilListening())
            #expect(try await http2.send("GET", "v1/me", bearer: token).status == 401, "its sessions ended with it")
            #expect(await restarted.stop() == 0)
        }
    }
}
