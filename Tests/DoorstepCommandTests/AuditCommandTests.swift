import DoorstepTestSupport
import Foundation
import Testing

/// The audit log of a real server, read with `doorstep audit list`.
@Suite("doorstep audit")
struct AuditCommandTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    @Test("A walk's security events are in the log, with the network and never the address; the CLI adds its own")
    func endToEnd() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())
        let email = "audit@example.com"
        #expect(try await http.send("POST", "v1/auth/code", json: ["email": email, "purpose": "signup"]).status == 202)
        let code = try await latestCode(to: email, servers: [http.base])
        let session = try await http.send(
            "POST", "v1/auth/code/verify", json: ["email": email, "code": code, "purpose": "signup"])
        let object = try #require(session.json as? [String: Any])
        let token = try #require(object["accessToken"] as? String)
        let userID = try #require((object["user"] as? [String: Any])?["id"] as? String)
        let password = "Quiet-Harbor-Lights-7"
        #expect(
            try await http.send("PUT", "v1/auth/password", json: ["newPassword": password], bearer: token).status == 204
        )
        #expect(
            try await http.send("POST", "v1/auth/login", json: ["email": email, "password": "wrong-password-1"]).status
                == 401)
        #expect(try await http.send("POST", "v1/auth/logout", bearer: token).status == 204)

        // The server writes its audit entries in the background, within a second of the event.
        let wanted: Set<String> = ["signed_in", "password_set", "login_failed", "session_revoked"]
        let deadline = Date().addingTimeInterval(60)
        var listed = try await doorstep.run(
            "audit", "list", "--account", userID, "--json", "--database", server.database)
        var events = Set<String>()
        while true {
            #expect(listed.status == 0, "\(listed.standardError)")
            events = Set(listed.lines.compactMap { Self.object($0)?["event"] as? String })
            if events.isSuperset(of: wanted) || Date() > deadline { break }
            try await Task.sleep(for: .milliseconds(200))
            listed = try await doorstep.run(
                "audit", "list", "--account", userID, "--json", "--database", server.database)
        }
        #expect(events.isSuperset(of: wanted), "\(events)")
        let entries = try listed.lines.map { try #require(Self.object($0)) }
        #expect(entries.allSatisfy { ($0["network"] as? String) == "127.0.0.0/24" })
        #expect(entries.allSatisfy { ($0["requestId"] as? String)?.isEmpty == false })
        #expect(!listed.standardOutput.contains(password) && !listed.standardOutput.contains(code))

        #expect(try await doorstep.run("users", "delete", userID, "--yes", "--database", server.database).status == 0)
        let after = try await doorstep.run("audit", "list", "--account", userID, "--database", server.database)
        #expect(after.standardOutput.contains("account_deleted") && after.standardOutput.contains("actor=operator"))
        #expect(
            try await doorstep.run("audit", "list", "--since", "forever", "--database", server.database).status == 2)
    }

    /// One line of `audit list --json`.
    static func object(_ line: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }
}
