import DoorstepPostgres
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite(
    "PostgreSQL storage", .enabled(if: PostgresTestDatabase.serverURL != nil, "needs the server scripts/test starts"))
struct PostgresStorageTests {
    @Test("Instances starting at the same moment apply each migration once")
    func concurrentMigrations() async throws {
        let url = try await PostgresTestDatabase.create()
        var settings = try PostgresStorageConfiguration(url: url, poolSize: 2)
        settings.connectTimeout = PostgresTestDatabase.connectTimeout
        let configuration = settings
        let storages = try await withThrowingTaskGroup(of: PostgresStorage.self) { group in
            for _ in 0..<4 { group.addTask { try await PostgresStorage.open(configuration) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for storage in storages {
            #expect(try await storage.schemaVersions() == Array(1...26))
            await storage.close()
        }
        try await PostgresTestDatabase.drop(url)
    }

    @Test("A database that cannot be reached is named in one line, without its password")
    func unreachable() async throws {
        let serverURL = try #require(PostgresTestDatabase.serverURL)
        var closedPort = URLComponents(string: serverURL)!
        closedPort.port = 1
        var configuration = try PostgresStorageConfiguration(url: closedPort.string!)
        configuration.connectTimeout = .seconds(5)
        let refused = await #expect(throws: PostgresStorageError.self) { try await PostgresStorage.open(configuration) }
        #expect(
            refused?.description.hasPrefix("cannot connect to PostgreSQL at 127.0.0.1:1/postgres") == true,
            "\(String(describing: refused))")

        var wrongPassword = URLComponents(string: serverURL)!
        wrongPassword.password = "not-the-password"
        let denied = await #expect(throws: PostgresStorageError.self) {
            try await PostgresStorage.open(PostgresStorageConfiguration(url: wrongPassword.string!))
        }
        #expect(denied?.description.contains("password authentication failed") == true, "\(String(describing: denied))")
        #expect(denied?.description.contains("not-the-password") == false)
        #expect(denied?.description.contains("\n") == false)
    }

    @Test(
        "URLs are read as libpq reads them, and a malformed one is refused with its reason",
        arguments: [
            ("postgresql://app:s%40cret@db.internal:6543/accounts?sslmode=require", nil),
            ("postgres://app@db.internal/accounts", nil),
            ("mysql://app@db.internal/accounts", "postgres://"),
            ("postgres://db.internal/accounts", "no user"),
            ("postgres://app@db.internal", "no database"),
            ("postgres://app@db.internal/accounts?sslmode=sometimes", "sslmode"),
        ] as [(String, String?)])
    func urls(_ url: String, _ problem: String?) throws {
        do {
            let configuration = try PostgresStorageConfiguration(url: url)
            #expect(problem == nil)
            #expect(configuration.displayName.hasPrefix("db.internal:"))
            #expect(configuration.displayName.hasSuffix("/accounts"))
            if url.contains("6543") {
                #expect(configuration.client.port == 6543)
                #expect(configuration.client.password == "s@cret")
            }
        } catch {
            let expected = try #require(problem, "\(url) was refused: \(error)")
            #expect(error.description.contains(expected))
        }
    }

    @Test("A browser walks the web funnel with each request on the other of two servers")
    func funnelOnTwoServers() async throws {
        let url = try await PostgresTestDatabase.create()
        var settings = try PostgresStorageConfiguration(url: url, poolSize: 2)
        settings.connectTimeout = PostgresTestDatabase.connectTimeout
        let configuration = settings
        let storageA = try await PostgresStorage.open(configuration)
        let storageB = try await PostgresStorage.open(configuration)
        let a = try await TestServer.make(storage: storageA)
        let b = try await TestServer.make(storage: storageB)
        try await a.test { clientA in
            try await b.test { clientB in
                var browser = FunnelBrowser(clientA, clientB)
                try await browser.open("/flows/tanda")
                try await browser.submit("tanda", press: "getStarted")
                try await browser.submit("tanda", [("email", "web@example.com")], press: "continue")
                #expect(browser.screen == "verifyEmail")
                let code = try #require(await a.latestCode(to: "web@example.com"), "A's sender delivers B's mail too")
                try await browser.submit("tanda", [("code", code)], press: "verify")
                #expect(browser.screen == "celebration")

                let session = try await clientB.signUpWithCode("app@example.com", server: a)
                let token = try #require(session["accessToken"] as? String)
                #expect(try await clientA.get("/v1/me", bearer: token).status == 200, "A trusts what B signed")
            }
        }
        await storageA.close()
        await storageB.close()
        try await PostgresTestDatabase.drop(url)
    }
}
