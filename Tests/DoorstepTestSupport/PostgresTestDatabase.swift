import DoorstepPostgres
import Foundation
import Logging
import PostgresNIO

/// Fresh, empty databases on the throw-away PostgreSQL server `scripts/test` starts (its URL in
/// `DOORSTEP_TEST_POSTGRES_URL`), one per test, dropped afterwards.
public enum PostgresTestDatabase {
    /// The server's URL, when this run has one.
    public static var serverURL: String? {
        ProcessInfo.processInfo.environment["DOORSTEP_TEST_POSTGRES_URL"]
    }

    /// Creates an empty database and returns its URL.
    public static func create() async throws -> String {
        guard let serverURL else { throw MissingServer() }
        let name = "doorstep_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try await administer(serverURL, "CREATE DATABASE \(name)")
        return url(serverURL, database: name)
    }

    /// Drops a database made by ``create()``, closing what is still connected to it.
    public static func drop(_ databaseURL: String) async throws {
        guard let serverURL, let name = URLComponents(string: databaseURL)?.path.dropFirst() else { return }
        try await administer(serverURL, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// How long a test's storage may take to connect and migrate: the suites migrate dozens of fresh
    /// databases at once on a shared machine, beside the engine benchmarks' release build, and an
    /// operator's ten seconds to a one-line answer is too short for that, not a sign the server is
    /// away. A minute was seen to pass on a slow machine; three leave room.
    public static let connectTimeout: Duration = .seconds(180)

    /// Runs `body` with storage on a fresh database, then closes it and drops the database.
    public static func withStorage(poolSize: Int = 4, _ body: (PostgresStorage) async throws -> Void) async throws {
        let databaseURL = try await create()
        var configuration = try PostgresStorageConfiguration(url: databaseURL, poolSize: poolSize)
        configuration.connectTimeout = connectTimeout
        let storage = try await PostgresStorage.open(configuration)
        do {
            try await body(storage)
        } catch {
            await storage.close()
            try await drop(databaseURL)
            throw error
        }
        await storage.close()
        try await drop(databaseURL)
    }

    /// `serverURL` naming `database` instead.
    public static func url(_ serverURL: String, database: String) -> String {
        var components = URLComponents(string: serverURL)!
        components.path = "/" + database
        return components.string!
    }

    static func administer(_ serverURL: String, _ statement: String) async throws {
        let configuration = try PostgresStorageConfiguration(url: serverURL, poolSize: 1)
        let client = PostgresClient(configuration: configuration.client)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await client.query(PostgresQuery(unsafeSQL: statement))
        }
    }

    struct MissingServer: Error, CustomStringConvertible {
        var description: String { "DOORSTEP_TEST_POSTGRES_URL is not set; run scripts/test" }
    }
}
