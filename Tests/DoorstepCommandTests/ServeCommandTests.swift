import Foundation
import SQLiteNIO
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("doorstep serve", .serialized)
struct ServeCommandTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    @Test("Serves on loopback, stops cleanly on SIGTERM, and a restart keeps sessions valid")
    func restartKeepsSessions() async throws {
        let first = try ServerProcess(runner: doorstep)
        let http = HTTP(base: try await first.waitUntilListening())
        #expect(try await http.send("GET", "healthz").status == 200)
        let guest = try await http.send("POST", "v1/auth/guest")
        #expect(guest.status == 201)
        let token = try #require((guest.json as? [String: Any])?["accessToken"] as? String)
        #expect(await first.stop() == 0, "SIGTERM is a graceful stop")
        #expect(!FileManager.default.fileExists(atPath: first.database + ".keys.json"), "keys live in the database")

        let second = try ServerProcess(runner: doorstep, database: first.database)
        let again = HTTP(base: try await second.waitUntilListening())
        let me = try await again.send("GET", "v1/me", bearer: token)
        #expect(me.status == 200, "the signing key was kept in the database")
        second.terminate()
    }

    @Test("On SIGTERM /readyz turns 503 at once while requests are still served, until a second SIGTERM stops it")
    func drainsUntilASecondSignal() async throws {
        // The longest drain there is: the test ends it, so a loaded machine's pace cannot close the
        // listener before the requests below are sent.
        let server = try ServerProcess(runner: doorstep, arguments: ["--drain-seconds", "600"])
        let http = HTTP(base: try await server.waitUntilListening())
        let ready = try await http.send("GET", "readyz")
        #expect(ready.status == 200)
        #expect((ready.json as? [String: Any])?["status"] as? String == "ready")
        server.signalStop()
        #expect(try await server.waitForLog(containing: "stopping: not ready, draining"))
        do {
            #expect(try await http.send("GET", "readyz").status == 503, "readiness turned 503 with the signal")
            #expect(try await http.send("GET", "healthz").status == 200, "requests are still served")
        } catch {
            Issue.record("the listener closed during the drain: \(error)\n\(server.log)\n\(server.state)")
        }
        #expect(server.isRunning, "the drain has not ended on its own")
        server.signalStop()
        #expect(try await server.waitForLog(containing: "stopping now: a second signal"))
        #expect(await server.waitForExit(within: 60) == 0, "the second signal stops the server gracefully")
    }

    @Test("A drain ends on its own after --drain-seconds and the server stops")
    func drainEndsOnItsOwn() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--drain-seconds", "2"])
        _ = try await server.waitUntilListening()
        let stopping = ContinuousClock.now
        server.signalStop()
        #expect(await server.waitForExit(within: 60) == 0)
        #expect(ContinuousClock.now - stopping >= .seconds(2), "the server drained for the period it was given")
        #expect(!server.log.contains("stopping now"))
    }

    @Test("--log-format json writes one JSON object per line: each request with its id, never a secret")
    func jsonLogs() async throws {
        // Without the dev mailbox, which names each mail's recipient on the console by design.
        let server = try ServerProcess(runner: doorstep, arguments: ["--log-format", "json", "--mail", "none"])
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let password = "Lantern-Quiet-8841"
        let email = "log.reader@example.com"
        let signUp = try await http.send("POST", "v1/auth/signup", json: ["email": email, "password": password])
        #expect(signUp.status == 201)
        let token = try #require((signUp.json as? [String: Any])?["accessToken"] as? String)
        #expect(try await http.send("GET", "v1/me", bearer: token).status == 200)
        var request = URLRequest(url: base.appendingPathComponent("v1/auth/login"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("support-ticket-42", forHTTPHeaderField: "X-Request-ID")
        request.httpBody = Data(#"{"email":"\#(email)","password":"wrong-\#(password)"}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Request-ID") == "support-ticket-42")
        let problem = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(problem?["requestId"] as? String == "support-ticket-42", "the problem names the request")
        #expect(await server.stop() == 0)

        let lines = server.log.split(separator: "\n").filter { !$0.isEmpty }
        let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == lines.count, "every line is a JSON object")
        let requests = objects.filter { $0["message"] as? String == "request" }
        #expect(
            requests.contains {
                $0["route"] as? String == "/v1/me" && $0["user_id"] != nil && $0["status"] as? String == "200"
            })
        #expect(
            requests.contains { $0["request_id"] as? String == "support-ticket-42" && $0["status"] as? String == "401" }
        )
        #expect(requests.allSatisfy { $0["duration_ms"] != nil && $0["request_id"] != nil })
        for secret in [password, token, email] {
            #expect(!server.log.contains(secret), "the log holds no password, token or email")
        }
    }

    @Test("Operators find, show and export an account and revoke a session on the server's own store")
    func operatorCommands() async throws {
        let server = try ServerProcess(runner: doorstep)
        let http = HTTP(base: try await server.waitUntilListening())
        let signUp = try await http.send(
            "POST", "v1/auth/signup", json: ["email": "ops@example.com", "password": "Sunny-Days-2026"])
        let session = try #require(signUp.json as? [String: Any])
        let token = try #require(session["accessToken"] as? String)
        let refresh = try #require(session["refreshToken"] as? String)
        #expect(await server.stop() == 0)

        let found = try await doorstep.run("users", "find", "OPS@example.com", "--database", server.database, "--json")
        #expect(found.status == 0)
        let account = try #require(
            try JSONSerialization.jsonObject(with: Data(found.standardOutput.utf8)) as? [String: Any])
        let id = try #require(account["id"] as? String)
        #expect(
            try await doorstep.run("users", "show", id, "--database", server.database).lines.first?.contains(
                "ops@example.com") == true)

        let export = try await doorstep.run("users", "export", id, "--database", server.database)
        #expect(export.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(export.standardOutput.utf8)) as? [String: Any])
        #expect((document["profile"] as? [String: Any])?["email"] as? String == "ops@example.com")
        let sessions = try #require(document["sessions"] as? [[String: Any]])
        #expect(sessions.count == 1)
        for secret in ["Sunny-Days-2026", "$2", token, refresh] {
            #expect(!export.standardOutput.contains(secret), "the export holds no password, hash or token")
        }
        let audit = try await doorstep.run("audit", "list", "--account", id, "--database", server.database)
        #expect(audit.lines.contains { $0.contains("account_exported") && $0.contains("actor=operator") })

        let missing = try await doorstep.run("users", "find", "nobody@example.com", "--database", server.database)
        #expect(missing.status == 1 && missing.standardError.split(separator: "\n").count == 1)
        let garbage = try await doorstep.run("users", "show", "not-an-id", "--database", server.database)
        #expect(garbage.status == 2 && garbage.standardError.split(separator: "\n").count == 1)

        let sessionID = try #require(sessions.first?["id"] as? String)
        let revoked = try await doorstep.run("sessions", "revoke", sessionID, "--database", server.database)
        #expect(revoked.status == 0 && revoked.standardOutput.contains("revoked"))
        let twice = try await doorstep.run("sessions", "revoke", sessionID, "--database", server.database)
        #expect(twice.status == 0 && twice.standardOutput.contains("had already ended"))
        let unknown = try await doorstep.run(
            "sessions", "revoke", "00000000-0000-4000-8000-000000000000", "--database", server.database)
        #expect(unknown.status == 1 && unknown.standardError.contains("No session has the id"))
        let revocations = try await doorstep.run("audit", "list", "--account", id, "--database", server.database)
        #expect(
            revocations.lines.filter { $0.contains("session_revoked") && $0.contains("actor=operator") }.count == 1,
            "one revocation, by the operator: \(revocations.lines)")
        let again = try ServerProcess(runner: doorstep, database: server.database)
        let http2 = HTTP(base: try await again.waitUntilListening())
        #expect(try await http2.send("GET", "v1/me", bearer: token).status == 401, "the revoked session is over")
        #expect(await again.stop() == 0)
    }

    @Test("SIGTERM lets a request under way finish before the server stops")
    func gracefulShutdown() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--password-cost", "13"])
        let http = HTTP(base: try await server.waitUntilListening())
        let signUp = Task {
            try await http.send(
                "POST", "v1/auth/signup", json: ["email": "slow@example.com", "password": "Sunny-Days-2026"]
            )
            .status
        }
        while !server.log.contains("/v1/auth/signup") { try await Task.sleep(for: .milliseconds(5)) }
        let status = await server.stop()
        #expect(try await signUp.value == 201, "the sign-up that was hashing still got its answer")
        #expect(status == 0)
    }

    @Test("A kill -9 during sign-ups leaves no half-created account after restart")
    func killDuringSignUps() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        let http = HTTP(base: try await server.waitUntilListening())
        let created = Counter()
        let signUps = Task {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        // Like an app, try again when the server says it is busy hashing.
                        while true {
                            let answer = try? await http.send(
                                "POST", "v1/auth/signup",
                                json: [
                                    "email": "user\(index)@example.com", "password": "Sunny-Days-2026",
                                ])
                            if answer?.status == 201 { created.increment() }
                            guard answer?.status == 429 else { return }
                            try? await Task.sleep(for: .milliseconds(20))
                        }
                    }
                }
            }
        }
        while created.value < 10 { try await Task.sleep(for: .milliseconds(5)) }
        await server.kill()
        await signUps.value
        let acknowledged = created.value

        let restarted = try ServerProcess(runner: doorstep, database: server.database)
        _ = try await restarted.waitUntilListening()
        restarted.terminate()

        let connection = try await SQLiteConnection.open(storage: .file(path: server.database))
        let users = try await connection.query("SELECT id, email FROM users", [])
        var incomplete: [String] = []
        for user in users {
            let id = user.column("id")?.string ?? ""
            let email = user.column("email")?.string ?? ""
            let sessions = try await connection.query(
                "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", [.text(id)])
            let tokens = try await connection.query(
                "SELECT COUNT(*) AS n FROM refresh_tokens JOIN sessions ON sessions.id = refresh_tokens.session_id WHERE sessions.user_id = ?",
                [.text(id)])
            let codes = try await connection.query("SELECT COUNT(*) AS n FROM codes WHERE email = ?", [.text(email)])
            let counts = [sessions, tokens, codes].map { $0.first?.column("n")?.integer ?? 0 }
            if counts.contains(0) { incomplete.append(email) }
        }
        try await connection.close()
        #expect(users.count >= acknowledged, "every acknowledged sign-up survived")
        #expect(incomplete.isEmpty, "accounts without their session, token or code: \(incomplete)")
    }

    @Test("Bad options are refused with a message, not a crash")
    func badOptions() async throws {
        let port = try await doorstep.run("serve", "--port", "70000")
        #expect(port.status != 0)
        #expect(port.standardError.contains("port"))
        let cost = try await doorstep.run("serve", "--password-cost", "2")
        #expect(cost.status != 0)
        #expect(cost.standardError.contains("password cost"))
        let limits = try await doorstep.run("serve", "--rate-limits", "maybe")
        #expect(limits.status != 0)
        let idle = try await doorstep.run("serve", "--walk-idle-hours", "0")
        #expect(idle.status != 0)
        #expect(idle.standardError.contains("walk idle time is 1–720 hours"))
        let iosOrigin = try await doorstep.run(
            "serve", "--passkey-rp-id", "example.com", "--passkey-origin", "ios:bundle-id:com.example.app")
        #expect(iosOrigin.status != 0)
        #expect(iosOrigin.standardError.contains("https://example.com"))
        #expect(iosOrigin.standardError.contains("--apple-app-id"))
        let bundle = try await doorstep.run("serve", "--appstore-bundle-id", "kordant")
        #expect(bundle.status != 0 && bundle.standardError.contains("reverse-DNS"))
        let store = try await doorstep.run(
            "serve", "--appstore-bundle-id", "com.example.kordant", "--appstore-environment", "staging")
        #expect(store.status != 0 && store.standardError.contains("production or sandbox"))
        let root = try await doorstep.run(
            "serve", "--appstore-bundle-id", "com.example.kordant", "--appstore-root-certificate", "/etc/hostname")
        #expect(root.status != 0 && root.standardError.contains("not a certificate in PEM or DER"))
        let restore = try await doorstep.run("serve", "--appstore-restore-policy", "steal")
        #expect(restore.status != 0 && restore.standardError.contains("keep or transfer"))
        let unreachable = try await doorstep.run("serve", "--database", "postgres://app:s3cret@127.0.0.1:1/accounts")
        #expect(unreachable.status != 0)
        #expect(unreachable.standardError.hasPrefix("Error: cannot connect to PostgreSQL at 127.0.0.1:1/accounts"))
        #expect(!unreachable.standardError.contains("s3cret"))
        #expect(unreachable.standardError.split(separator: "\n").count == 1, "one line, no stack trace")
    }

    @Test("keys rotate adds a key the server publishes at once; a sealed store needs its key-encryption key")
    func keyRotation() async throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("doorstep-\(UUID()).sqlite").path
        let sealing = ["DOORSTEP_KEY_ENCRYPTION_KEY": Data((0..<32).map { UInt8($0) }).base64EncodedString()]
        let rotated = try await doorstep.run("keys", "rotate", "--database", database, environment: sealing)
        #expect(rotated.status == 0)
        #expect(rotated.standardOutput.hasPrefix("added signing key "))
        let listed = try await doorstep.run("keys", "list", "--database", database, environment: sealing)
        #expect(listed.standardOutput.split(separator: "\n").count == 2, "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("signing") && listed.standardOutput.contains("published, signs from"))

        let unsealed = try await doorstep.run("keys", "list", "--database", database)
        #expect(unsealed.status != 0)
        #expect(unsealed.standardError.contains("DOORSTEP_KEY_ENCRYPTION_KEY"))

        let server = try ServerProcess(runner: doorstep, database: database, environment: sealing)
        let http = HTTP(base: try await server.waitUntilListening())
        let jwks = try await http.send("GET", ".well-known/jwks.json")
        #expect(((jwks.json as? [String: Any])?["keys"] as? [Any])?.count == 2, "both keys are published")
        server.terminate()
    }
}

/// A count shared by concurrent tasks.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
