import DoorstepTestSupport
import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import Synchronization
import Testing

/// How the server under test runs: one instance on SQLite, as `doorstep serve` starts by default, or
/// two instances on one PostgreSQL database behind a balancer that alternates between them request
/// by request. The second joins whenever the run has a PostgreSQL server (`scripts/test` starts one).
enum Deployment: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case oneOnSQLite = "one instance on SQLite"
    case twoOnPostgres = "two instances on PostgreSQL"

    static var allCases: [Deployment] {
        PostgresTestDatabase.serverURL == nil ? [.oneOnSQLite] : [.oneOnSQLite, .twoOnPostgres]
    }

    var testDescription: String { rawValue }

    /// Starts the instances, runs `body` with them, and stops them (and drops a PostgreSQL database).
    func run(
        _ doorstep: CommandRunner, arguments: [String] = [], _ body: ([ServerProcess]) async throws -> Void
    ) async throws {
        var database: String?
        var instances: [ServerProcess] = []
        switch self {
        case .oneOnSQLite:
            instances = [try ServerProcess(runner: doorstep, arguments: arguments)]
        case .twoOnPostgres:
            let url = try await PostgresTestDatabase.create()
            database = url
            instances = try (0..<2).map { _ in try ServerProcess(runner: doorstep, database: url, arguments: arguments)
            }
        }
        do {
            try await body(instances)
        } catch {
            for instance in instances { _ = await instance.stop() }
            if let database { try? await PostgresTestDatabase.drop(database) }
            throw error
        }
        for instance in instances { _ = await instance.stop() }
        if let database { try await PostgresTestDatabase.drop(database) }
    }
}

/// Sends each request to the next server in turn, as a load balancer without stickiness would.
final class RoundRobinTransport: ClientTransport {
    let servers: [URL]
    let next = Atomic<Int>(0)
    let transport = URLSessionTransport()

    init(servers: [URL]) {
        self.servers = servers
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (
        HTTPResponse, HTTPBody?
    ) {
        let server = servers[next.wrappingAdd(1, ordering: .relaxed).oldValue % servers.count]
        return try await transport.send(request, body: body, baseURL: server, operationID: operationID)
    }
}
