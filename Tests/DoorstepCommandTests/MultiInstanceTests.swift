import DoorstepPostgres
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two real `doorstep serve` processes on one PostgreSQL database answer as one server would.
@Suite(
    "Two instances on one PostgreSQL database", .serialized,
    .enabled(if: PostgresTestDatabase.serverURL != nil, "needs the server scripts/test starts"))
struct MultiInstanceTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    /// Runs `body` with two instances, A and B, on a fresh database.
    func withTwoInstances(_ body: (HTTP, HTTP, [ServerProcess], String) async throws -> Void) async throws {
        let url = try await PostgresTestDatabase.create()
        let instances = try (0..<2).map { _ in
            try ServerProcess(runner: doorstep, database: url, arguments: ["--rate-limits", "off"])
        }
        do {
            let a = HTTP(base: try await instances[0].waitUntilListening())
            let b = HTTP(base: try await instances[1].waitUntilListening())
            try await body(a, b, instances, url)
        } catch {
            for instance in instances { _ = await instance.stop() }
            try? await PostgresTestDatabase.drop(url)
            throw error
        }
        for instance in instances { _ = await instance.stop() }
        try await PostgresTestDatabase.drop(url)
    }

    static func field(_ answer: (status: Int, json: Any?), _ name: String) -> String? {
        (answer.json as? [String: Any])?[name] as? String
    }

    @Test("An account made on A logs in on B; a logout on A is refused on B at the very next request")
    func accountsAndLogout() async throws {
        try await withTwoInstances { a, b, _, _ in
            let signUp = try await a.send(
                "POST", "v1/auth/signup", json: ["email": "sam@example.com", "password": "Sunny-Days-2026"])
            #expect(signUp.status == 201)
            let logIn = try await b.send(
                "POST", "v1/auth/login", json: ["email": "sam@example.com", "password": "Sunny-Days-2026"])
            #expect(logIn.status == 200)
            let token = try #require(Self.field(logIn, "accessToken"))
            #expect(try await a.send("GET", "v1/me", bearer: token).status == 200, "A trusts B's token")
            #expect(try await b.send("GET", "v1/me", bearer: token).status == 200)

            #expect(try await a.send("POST", "v1/auth/logout", bearer: token).status == 204)
            let after = try await b.send("GET", "v1/me", bearer: token)
            #expect(after.status == 401)
            #expect(Self.field(after, "code") == "session_revoked", "B had verified the token before; it still asks")
        }
    }

    @Test("One refresh token sent to A and B at the same moment never forks the session")
    func concurrentRefresh() async throws {
        try await withTwoInstances { a, b, _, _ in
            var outcomes: [String: Int] = [:]
            for _ in 0..<200 {
                let guest = try await a.send("POST", "v1/auth/guest")
                let token = try #require(Self.field(guest, "refreshToken"))
                async let fromA = a.send("POST", "v1/auth/token/refresh", json: ["refreshToken": token])
                async let fromB = b.send("POST", "v1/auth/token/refresh", json: ["refreshToken": token])
                let answers = try await [fromA, fromB]
                let successors = Set(answers.filter { $0.status == 200 }.compactMap { Self.field($0, "refreshToken") })
                #expect(successors.count == 1, "one successor, whoever answers: \(answers.map(\.status))")
                outcomes[answers.map { "\($0.status)" }.joined(separator: "+"), default: 0] += 1
                guard let successor = successors.first else { continue }
                let next = try await b.send("POST", "v1/auth/token/refresh", json: ["refreshToken": successor])
                #expect(next.status == 200, "the one chain lives on")
            }
            #expect(outcomes.values.reduce(0, +) == 200, "\(outcomes)")
        }
    }

    @Test("Five wrong codes spread over A and B use up the code")
    func codeTriesAreShared() async throws {
        try await withTwoInstances { a, b, _, _ in
            let sent = try await a.send(
                "POST", "v1/auth/code", json: ["email": "kim@example.com", "purpose": "signup"])
            #expect(sent.status == 202)
            let code = try await latestCode(to: "kim@example.com", servers: [a.base, b.base])
            let wrong = (0..<10).map { String(format: "%06d", $0 * 111_111) }.filter { $0 != code }
            for attempt in 0..<5 {
                let instance = attempt.isMultiple(of: 2) ? a : b
                let answer = try await instance.send(
                    "POST", "v1/auth/code/verify",
                    json: ["email": "kim@example.com", "code": wrong[attempt], "purpose": "signup"])
                #expect(answer.status == 400 || answer.status == 422, "a wrong code: \(answer.status)")
            }
            let right = try await b.send(
                "POST", "v1/auth/code/verify", json: ["email": "kim@example.com", "code": code, "purpose": "signup"])
            #expect(right.status == 429)
            #expect(Self.field(right, "code") == "too_many_attempts")
        }
    }

    @Test("A kill -9 of A during 200 sign-ups leaves no half-made account, and B answers throughout")
    func killOneInstance() async throws {
        try await withTwoInstances { a, b, instances, url in
            let acknowledged = Counter()
            let failuresOfB = Notes()
            let signUps = Task {
                await withTaskGroup(of: Void.self) { group in
                    for index in 0..<200 {
                        group.addTask {
                            var instance = index.isMultiple(of: 2) ? a : b
                            let body = ["email": "user\(index)@example.com", "password": "Sunny-Days-2026"]
                            while true {
                                let answer: (status: Int, json: Any?)
                                do {
                                    answer = try await instance.send("POST", "v1/auth/signup", json: body)
                                } catch {
                                    // A is gone: the balancer sends the request on to B.
                                    if instance.base == b.base { failuresOfB.add("\(error)") }
                                    instance = b
                                    continue
                                }
                                if answer.status >= 500 && instance.base == b.base {
                                    failuresOfB.add("status \(answer.status)")
                                }
                                if answer.status == 201 { acknowledged.increment() }
                                guard answer.status == 429 else { return }
                                try? await Task.sleep(for: .milliseconds(20))
                            }
                        }
                    }
                }
            }
            while acknowledged.value < 20 { try await Task.sleep(for: .milliseconds(5)) }
            await instances[0].kill()
            await signUps.value
            let errorsOfB = instances[1].log.split(separator: "\n").filter { $0.contains(" error ") }
            #expect(
                failuresOfB.all.isEmpty,
                "B answered every request: \(failuresOfB.all)\n\(errorsOfB.joined(separator: "\n"))")
            #expect(try await b.send("GET", "healthz").status == 200)

            let storage = try await PostgresStorage.open(PostgresStorageConfiguration(url: url, poolSize: 2))
            var missing: [String] = []
            var incomplete: [String] = []
            for index in 0..<200 {
                let email = "user\(index)@example.com"
                let complete = try await storage.read { store -> Bool? in
                    guard let user = try await store.user(email: email) else { return nil }
                    let sessions = try await store.sessions(userID: user.id)
                    let code = try await store.code(email: email, purpose: .verifyEmail)
                    return !sessions.isEmpty && code != nil
                }
                switch complete {
                case nil: missing.append(email)
                case false?: incomplete.append(email)
                case true?: break
                }
            }
            await storage.close()
            #expect(missing.isEmpty, "every sign-up ended with an account, on A or on B: \(missing)")
            #expect(incomplete.isEmpty, "accounts without their session or code: \(incomplete)")
        }
    }

    @Test("Operators find, export and delete an account and revoke a session while both instances serve")
    func operatorCommands() async throws {
        try await withTwoInstances { a, b, _, url in
            let signUp = try await a.send(
                "POST", "v1/auth/signup", json: ["email": "ops.pg@example.com", "password": "Sunny-Days-2026"])
            let session = try #require(signUp.json as? [String: Any])
            let token = try #require(session["accessToken"] as? String)
            let found = try await doorstep.run("users", "find", "ops.pg@example.com", "--database", url, "--json")
            #expect(found.status == 0, "\(found.standardError)")
            let account = try JSONSerialization.jsonObject(with: Data(found.standardOutput.utf8)) as? [String: Any]
            let id = try #require(account?["id"] as? String)
            let export = try await doorstep.run("users", "export", id, "--database", url)
            let document = try JSONSerialization.jsonObject(with: Data(export.standardOutput.utf8)) as? [String: Any]
            let sessionID = try #require((document?["sessions"] as? [[String: Any]])?.first?["id"] as? String)

            #expect(try await doorstep.run("sessions", "revoke", sessionID, "--database", url).status == 0)
            #expect(try await b.send("GET", "v1/me", bearer: token).status == 401, "revoked on every instance at once")
            #expect(try await doorstep.run("users", "delete", id, "--database", url, "--yes").status == 0)
            let again = try await a.send(
                "POST", "v1/auth/login", json: ["email": "ops.pg@example.com", "password": "Sunny-Days-2026"])
            #expect(again.status == 401, "the account is gone")
        }
    }
}

/// Lines noted by concurrent tasks.
final class Notes: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func add(_ line: String) { lines.withLock { $0.append(line) } }
}
