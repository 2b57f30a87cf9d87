import DoorstepTestSupport
import Foundation
import Testing

/// `doorstep seed` on a database a real server then serves: the rehearsal accounts sign in with the
/// rehearsal password, the funnel report reads the rehearsal's walks, and a second seed is refused.
@Suite("doorstep seed")
struct SeedCommandTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    @Test("A rehearsal signs in, reports its funnels, and is not written twice")
    func seedsARehearsal() async throws {
        let database = FileManager.default.temporaryDirectory
            .appendingPathComponent("rehearsal-\(UUID().uuidString).sqlite").path
        let seed = try await doorstep.run(
            "seed", "--database", database, "--accounts", "400", "--events", "3000", "--password", "Rehearsal-42!",
            "--password-cost", "4")
        #expect(seed.status == 0, "\(seed.standardError)")
        let accountsLine = try #require(seed.lines.first { $0.hasPrefix("wrote 400 accounts") })
        #expect(accountsLine.contains("with a password") && accountsLine.contains("sessions"))
        #expect(seed.lines.contains { $0.hasPrefix("wrote 3000 events") })

        let again = try await doorstep.run("seed", "--database", database, "--accounts", "10", "--events", "0")
        #expect(again.status != 0 && again.standardError.split(separator: "\n").count == 1, "\(again.standardError)")

        let funnel = try await doorstep.run("analytics", "funnel", "tanda", "--json", "--database", database)
        #expect(funnel.status == 0, "\(funnel.standardError)")
        let report = try JSONSerialization.jsonObject(with: Data(funnel.standardOutput.utf8)) as? [String: Any]
        #expect((report?["installs"] as? Int ?? 0) > 0)

        let server = try ServerProcess(runner: doorstep, database: database)
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())
        var signedIn = 0
        for index in 0..<20 {
            let answer = try await http.send(
                "POST", "v1/auth/login",
                json: ["email": "rehearsal-\(index)@example.test", "password": "Rehearsal-42!"])
            #expect(answer.status == 200 || answer.status == 401, "\(answer.status)")
            if answer.status == 200 { signedIn += 1 }
        }
        #expect(signedIn > 0 && signedIn < 20, "about half the rehearsal accounts have a password")
    }

    @Test("A database where someone has an account is not seeded, and keeps only that account")
    func refusesALiveDatabase() async throws {
        let server = try ServerProcess(runner: doorstep)
        let http = HTTP(base: try await server.waitUntilListening())
        let signUp = try await http.send(
            "POST", "v1/auth/signup", json: ["email": "someone@example.com", "password": "Quiet-Harbor-Lights-7"])
        #expect(signUp.status == 201)
        #expect(await server.stop() == 0)

        let seed = try await doorstep.run(
            "seed", "--database", server.database, "--accounts", "10", "--events", "10", "--password-cost", "4")
        #expect(seed.status != 0)
        #expect(seed.standardError.contains("already holds accounts"), "\(seed.standardError)")
        let rehearsal = try await doorstep.run(
            "users", "find", "rehearsal-0@example.test", "--database", server.database)
        #expect(rehearsal.status != 0, "no rehearsal account was written")
    }

    @Test("Nonsense options are one line each and write nothing")
    func refusesNonsense() async throws {
        for arguments in [["--accounts", "-1"], ["--days", "0"], ["--password-cost", "40"]] {
            let database = FileManager.default.temporaryDirectory
                .appendingPathComponent("rehearsal-\(UUID().uuidString).sqlite").path
            let answer = try await doorstep.run(["seed", "--database", database] + arguments)
            #expect(answer.status != 0, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: database), "\(arguments)")
        }
    }
}
