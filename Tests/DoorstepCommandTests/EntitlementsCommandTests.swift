import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// Support's `doorstep entitlements` on a real server's database: what it grants reaches the
/// account's next token; what it refuses writes nothing.
@Suite("doorstep entitlements")
struct EntitlementsCommandTests {
    let doorstep: CommandRunner
    static let product = "com.kordant.plus.monthly"

    init() throws {
        doorstep = try CommandRunner()
    }

    /// The `entitlements` claim of an access token, nil when the token has none.
    static func entitlements(in token: String) throws -> [String]? {
        let parts = token.split(separator: ".")
        try #require(parts.count == 3)
        let payload = try #require(Base64URL.decode(String(parts[1])))
        let claims = try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any]
        return claims?["entitlements"] as? [String]
    }

    /// Exchanges the session's refresh token; returns the new session.
    static func refresh(_ session: [String: Any], _ http: HTTP) async throws -> [String: Any] {
        let refreshed = try await http.send(
            "POST", "v1/auth/token/refresh", json: ["refreshToken": session["refreshToken"] as? String ?? ""])
        #expect(refreshed.status == 200)
        return try #require(refreshed.json as? [String: Any])
    }

    @Test("grant and revoke change what the next token carries, and reach the audit log as the operator's")
    func grantAndRevoke() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())
        let email = "ines@example.com"
        let signedUp = try await http.send(
            "POST", "v1/auth/signup", json: ["email": email, "password": "Quiet-Harbor-Lights-7"])
        let session = try #require(signedUp.json as? [String: Any])
        let id = try #require((session["user"] as? [String: Any])?["id"] as? String)
        let database = ["--database", server.database]

        let empty = try await doorstep.run("entitlements", "list", "--email", email, "--database", server.database)
        #expect(empty.status == 0 && empty.standardOutput == "no entitlements\n", "\(empty.standardError)")
        let granted = try await doorstep.run(
            "entitlements", "grant", "--email", email, "--product", Self.product, "--until", "2099-01-31",
            "--database", server.database)
        #expect(granted.status == 0, "\(granted.standardError)")
        #expect(granted.standardOutput.contains("\(Self.product)  support-"))
        #expect(granted.standardOutput.contains("until 2099-02-01T00:00:00Z  GRANTED  active"))
        let refreshed = try await Self.refresh(session, http)
        #expect(try Self.entitlements(in: refreshed["accessToken"] as? String ?? "") == [Self.product])

        let revoked = try await doorstep.run(
            ["entitlements", "revoke", "--account", id, "--product", Self.product] + database)
        #expect(
            revoked.status == 0 && revoked.standardOutput.hasSuffix("GRANTED  revoked\n"), "\(revoked.standardError)")
        let after = try await Self.refresh(refreshed, http)
        #expect(try Self.entitlements(in: after["accessToken"] as? String ?? "") == nil)
        let listed = try await doorstep.run(["entitlements", "list", "--account", id, "--json"] + database)
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["state"] as? String } == ["revoked"])
        #expect(rows.first?["expiresAt"] as? String == "2099-02-01T00:00:00Z")

        let audit = try await doorstep.run(["audit", "list", "--account", id] + database)
        let lines = audit.lines.filter { $0.contains("entitlement_") }
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("actor=operator") }, "\(audit.standardOutput)")
    }

    @Test("Bad input is one line on standard error, a failing status, and nothing written")
    func badInput() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        let http = HTTP(base: try await server.waitUntilListening())
        let email = "omar@example.com"
        let signedUp = try await http.send(
            "POST", "v1/auth/signup", json: ["email": email, "password": "Quiet-Harbor-Lights-7"])
        let id = try #require(((signedUp.json as? [String: Any])?["user"] as? [String: Any])?["id"] as? String)
        #expect(await server.stop() == 0)
        let database = ["--database", server.database]
        let attempts: [(arguments: [String], status: Int32, says: String)] = [
            (["grant", "--email", "nobody@example.com", "--product", Self.product], 1, "No account has the email"),
            (["grant", "--email", email, "--product", Self.product, "--until", "31/01/2099"], 2, "is not a date"),
            (["grant", "--email", email, "--product", Self.product, "--until", "2001-01-01"], 2, "in the future"),
            (["grant", "--email", email, "--product", "plus monthly!"], 2, "is not a product id"),
            (["grant", "--account", "not-an-id", "--product", Self.product], 2, "is not an id"),
            (["grant", "--product", Self.product], 2, "--email or --account"),
            (["revoke", "--email", email, "--product", Self.product], 2, "holds no active entitlement"),
        ]
        for attempt in attempts {
            let refused = try await doorstep.run(["entitlements"] + attempt.arguments + database)
            #expect(refused.status == attempt.status, "\(attempt.arguments): \(refused.standardError)")
            #expect(refused.standardError.contains(attempt.says), "\(attempt.arguments): \(refused.standardError)")
            #expect(refused.standardError.split(separator: "\n").count == 1, "one line: \(refused.standardError)")
            #expect(refused.standardOutput.isEmpty)
        }
        let listed = try await doorstep.run(["entitlements", "list", "--account", id] + database)
        #expect(listed.standardOutput == "no entitlements\n")
        let audit = try await doorstep.run(["audit", "list", "--account", id] + database)
        #expect(!audit.standardOutput.contains("entitlement_"))
    }
}
