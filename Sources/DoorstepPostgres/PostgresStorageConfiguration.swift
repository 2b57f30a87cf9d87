import Foundation
import NIOPosix
import NIOSSL
import PostgresNIO

/// Where the PostgreSQL database is and how to talk to it, read from a `postgres://` URL.
public struct PostgresStorageConfiguration: Sendable {
    /// The pool's configuration.
    public var client: PostgresClient.Configuration
    /// The TLS settings of the pool, for the single connection start-up opens first.
    let tls: TLSConfiguration?
    let tlsRequired: Bool
    /// The `sslmode` in force: the URL's, else `verify-full` for a database on another machine and
    /// `prefer` on loopback.
    public let sslMode: String
    /// `host:port/database`, for messages (never the password).
    public var displayName: String
    /// How long start-up waits for the database before giving up.
    public var connectTimeout: Duration = .seconds(10)

    /// How many connections an instance opens at most by default.
    public static let defaultPoolSize = 10

    /// Reads `postgres://user:password@host:port/database?sslmode=…` (or `postgresql://`). `sslmode`
    /// is `disable`, `prefer` (TLS when the server offers it), `require` (TLS, the certificate not
    /// checked, as libpq does), or `verify-full` (TLS with the certificate checked). Without one, a
    /// database on another machine is `verify-full` — a password never crosses a network unchecked —
    /// and one on loopback is `prefer`.
    public init(url text: String, poolSize: Int = defaultPoolSize) throws(PostgresURLError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql"
        else { throw PostgresURLError("a PostgreSQL URL starts with postgres:// or postgresql://") }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresURLError("the PostgreSQL URL names no host")
        }
        guard let user = components.user.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw PostgresURLError("the PostgreSQL URL names no user (postgres://user:password@host/database)")
        }
        let database = String(components.path.drop { $0 == "/" }).removingPercentEncoding
        guard let database, !database.isEmpty else {
            throw PostgresURLError("the PostgreSQL URL names no database (postgres://user:password@host/database)")
        }
        guard (1...1_000).contains(poolSize) else {
            throw PostgresURLError("the database pool size must be between 1 and 1000")
        }
        let port = components.port ?? 5432
        let sslMode =
            components.queryItems?.first { $0.name == "sslmode" }?.value
            ?? (Self.isLoopback(host) ? "prefer" : "verify-full")
        self.sslMode = sslMode
        (tls, tlsRequired) = try Self.tls(sslMode)
        let clientTLS: PostgresClient.Configuration.TLS =
            if let tls { tlsRequired ? .require(tls) : .prefer(tls) } else { .disable }
        var client = PostgresClient.Configuration(
            host: host, port: port, username: user, password: components.password?.removingPercentEncoding,
            database: database, tls: clientTLS)
        client.options.maximumConnections = poolSize
        client.options.minimumConnections = 0
        // Serializable transactions lock what they read; a sequential scan locks a whole table, so
        // on small tables every two transactions would conflict. Index scans lock only the rows and
        // ranges read (PostgreSQL's manual gives this advice for serializable workloads).
        client.options.additionalStartupParameters = [("enable_seqscan", "off")]
        self.client = client
        self.displayName = "\(host):\(port)/\(database)"
    }

    /// Whether `host` is this machine: `localhost`, `127.0.0.0/8` or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name == "::1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// The TLS configuration for `sslmode` (nil for none), and whether the server must use it.
    static func tls(_ mode: String) throws(PostgresURLError) -> (TLSConfiguration?, required: Bool) {
        var unchecked = TLSConfiguration.makeClientConfiguration()
        unchecked.certificateVerification = .none
        switch mode {
        case "disable": return (nil, false)
        case "prefer", "allow": return (unchecked, false)
        case "require": return (unchecked, true)
        case "verify-ca", "verify-full": return (.makeClientConfiguration(), true)
        default:
            throw PostgresURLError("sslmode \"\(mode)\" is not one of disable, prefer, require, verify-full")
        }
    }

    /// The configuration of one connection outside the pool.
    func connection() throws -> PostgresConnection.Configuration {
        var tlsMode = PostgresConnection.Configuration.TLS.disable
        if let tls {
            let context = try NIOSSLContext(configuration: tls)
            tlsMode = tlsRequired ? .require(context) : .prefer(context)
        }
        return PostgresConnection.Configuration(
            host: client.host ?? "localhost", port: client.port ?? 5432, username: client.username,
            password: client.password, database: client.database, tls: tlsMode)
    }
}

/// Why a PostgreSQL URL cannot be used.
public struct PostgresURLError: Error, CustomStringConvertible, Sendable {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Why the database could not be opened, in one line fit for an operator.
public struct PostgresStorageError: Error, CustomStringConvertible, Sendable {
    public var description: String

    init(_ error: any Error, configuration: PostgresStorageConfiguration) {
        let place = configuration.displayName
        switch error {
        case let error as PSQLError:
            if let state = error.serverInfo?[.sqlState], let message = error.serverInfo?[.message] {
                description = "PostgreSQL at \(place) refused: \(message) (\(state))"
            } else if let failure = (error.underlying as? NIOConnectionError)?.connectionErrors.first {
                description = "cannot connect to PostgreSQL at \(place): \(failure.error)"
            } else if let underlying = error.underlying {
                description = "cannot connect to PostgreSQL at \(place): \(underlying)"
            } else {
                description = "cannot connect to PostgreSQL at \(place): \(error.code)"
            }
        case is ConnectTimeout:
            description = "cannot connect to PostgreSQL at \(place): no answer within \(configuration.connectTimeout)"
        default:
            description = "cannot open PostgreSQL at \(place): \(error)"
        }
    }
}

/// Start-up waited longer than it may for the database.
struct ConnectTimeout: Error {}

/// Runs `body`, or throws ``ConnectTimeout`` once `timeout` has passed.
func withConnectTimeout(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw ConnectTimeout()
        }
        defer { group.cancelAll() }
        try await group.next()
    }
}
