import DoorstepSQL
import DoorstepServerCore
import Foundation
import Logging
import PostgresNIO

/// Storage in PostgreSQL, for teams that run several Doorstep instances on one database.
///
/// Connections come from postgres-nio's pool. Every transaction runs `SERIALIZABLE` unless it asks
/// for a snapshot: two instances that decide on the same rows at once — a code tried on both, a sixth
/// failed log-in — cannot both act on what they read; PostgreSQL aborts one, and it runs again from
/// the start on what the other committed. A refresh's exchange of its token is one statement that
/// locks the rows it changes (``rotateRefreshToken(_:)``). The queues' claims lock
/// the rows they take (`FOR UPDATE SKIP LOCKED`) and run on a snapshot (`REPEATABLE READ`), so a
/// sender reading the outbox never makes the sign-ups writing to it run again. Reads run outside
/// transactions on any free connection; the session reads of requests that arrive together go as one
/// statement (``readSessionAndUser(sessionID:)``).
public final class PostgresStorage: Storage {
    let client: PostgresClient
    private let runner: Task<Void, Never>
    let logger: Logger
    /// How often a transaction that lost a conflict runs again before the request fails.
    static let attempts = 20
    /// Spreads the retries of transactions that lost the same conflict.
    let random: any RandomSource
    /// The session reads of authenticated requests, sent together when they arrive together.
    private let sessionReads: BatchedReads<UUID, (SessionRecord, UserRecord)>

    private init(
        client: PostgresClient, runner: Task<Void, Never>, poolSize: Int, random: any RandomSource, logger: Logger
    ) {
        self.client = client
        self.runner = runner
        self.random = random
        self.logger = logger
        self.sessionReads = BatchedReads(
            statementsAtOnce: Self.sessionStatementsAtOnce(poolSize: poolSize), keysPerStatement: 256
        ) { ids in
            try await Self.sessionsAndUsers(ids, client: client, logger: logger)
        }
    }

    /// Connects with `configuration`, checks the database answers, and brings its schema up to date
    /// under an advisory lock, so instances starting together migrate once. Throws
    /// ``PostgresStorageError`` with a one-line reason when the database cannot be reached.
    public static func open(
        _ configuration: PostgresStorageConfiguration, random: any RandomSource = SecureRandomSource(),
        logger: Logger = Logger(label: "doorstep.postgres")
    ) async throws -> PostgresStorage {
        do {
            // One connection of its own first: the pool would retry a refused login forever, while
            // an operator needs the server's reason at once.
            try await withConnectTimeout(configuration.connectTimeout) {
                let connection = try await PostgresConnection.connect(
                    configuration: try configuration.connection(), id: 0, logger: logger)
                do {
                    try await migrate(on: PostgresStatements(connection: connection, logger: logger))
                } catch {
                    try? await connection.close()
                    throw error
                }
                try await connection.close()
            }
        } catch {
            throw PostgresStorageError(error, configuration: configuration)
        }
        let client = PostgresClient(configuration: configuration.client, backgroundLogger: logger)
        // Returns once the pool runs: a connection leased before would wait all the same, but with a
        // warning in the log of every command that reads at once.
        let (running, runs) = AsyncStream<Void>.makeStream()
        let runner = Task {
            runs.yield()
            await client.run()
        }
        for await _ in running { break }
        return PostgresStorage(
            client: client, runner: runner, poolSize: configuration.client.options.maximumConnections, random: random,
            logger: logger)
    }

    /// Applies pending migrations while holding a lock no other Doorstep instance can take meanwhile;
    /// the lock goes with the connection should this process die.
    static func migrate(on statements: PostgresStatements) async throws {
        try await statements.execute("SELECT pg_advisory_lock(?)", [.integer(migrationLock)])
        try await SQLMigrations.run(on: statements, dialect: .postgres)
        try await statements.execute("SELECT pg_advisory_unlock(?)", [.integer(migrationLock)])
    }

    /// The advisory lock migrations take ("doorstep" in ASCII).
    static let migrationLock = 0x646f_6f72_7374_6570

    /// Closes every connection; further use fails.
    public func close() async {
        runner.cancel()
        await runner.value
    }

    public func transaction<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        try await transaction(isolation: .serializable, body)
    }

    public func transaction<Result: Sendable>(
        isolation: TransactionIsolation, _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        let begin = SQLDialect.postgres.beginTransaction(isolation)
        var attempt = 1
        while true {
            do {
                return try await client.withConnection { connection in
                    let statements = PostgresStatements(connection: connection, logger: logger)
                    try await statements.execute(begin)
                    do {
                        let result = try await body(SQLTransaction(connection: statements))
                        try await statements.execute("COMMIT")
                        return result
                    } catch {
                        try? await statements.execute("ROLLBACK")
                        throw error
                    }
                }
            } catch  where attempt < Self.attempts && Self.lostAConflict(error) {
                attempt += 1
                // Step aside a little longer each time, and not in step with the other losers.
                let ceiling = min(2 * attempt * attempt, 200)
                let jitter = Int(random.bytes(1)[0]) % ceiling
                try await Task.sleep(for: .milliseconds(ceiling / 2 + jitter / 2))
            } catch let error as PSQLError {
                throw Self.storageError(error)
            }
        }
    }

    public func read<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        do {
            return try await client.withConnection { connection in
                try await body(SQLTransaction(connection: PostgresStatements(connection: connection, logger: logger)))
            }
        } catch let error as PSQLError {
            throw Self.storageError(error)
        }
    }

    /// Reads asked while others are on their way go together in the next statement (``BatchedReads``):
    /// under load, one round trip and one parse of the rows' messages serve dozens of requests, and
    /// the read still sees every commit made before it was asked.
    public func readSessionAndUser(sessionID: UUID) async throws -> (SessionRecord, UserRecord)? {
        try await sessionReads.value(for: sessionID)
    }

    /// How many session statements may be on their way at once: one per core keeps PostgreSQL's side
    /// busy, and half the pool is left to everything else.
    static func sessionStatementsAtOnce(poolSize: Int) -> Int {
        max(1, min(ProcessInfo.processInfo.activeProcessorCount, poolSize / 2))
    }

    /// The sessions among `ids`, each with its account, read on any free connection.
    static func sessionsAndUsers(_ ids: [UUID], client: PostgresClient, logger: Logger) async throws -> [UUID: (
        SessionRecord, UserRecord
    )] {
        do {
            return try await client.withConnection { connection in
                try await PostgresStatements(connection: connection, logger: logger).sessionsAndUsers(ids)
            }
        } catch let error as PSQLError {
            throw storageError(error)
        }
    }

    /// A refresh is seven round trips as a transaction, and one this way: the exchange, with the
    /// entitlements its new access token names read in the same statement.
    public var rotatesRefreshTokensInOneStep: Bool { true }

    /// Runs ``FrequentSQL/rotateCurrentRefreshToken`` on its own, outside a transaction: one
    /// statement commits whole, and it locks the rows it changes. A conflict it loses (a deadlock with
    /// a transaction ending the session) leaves the decision to the refresh's transaction.
    public func rotateRefreshToken(_ rotation: RefreshRotation) async throws -> RotatedSession? {
        do {
            return try await client.withConnection { connection in
                try await SQLTransaction(connection: PostgresStatements(connection: connection, logger: logger))
                    .rotateCurrentRefreshToken(rotation)
            }
        } catch  where Self.lostAConflict(error) {
            return nil
        } catch let error as PSQLError {
            throw Self.storageError(error)
        }
    }

    public func isHealthy() async -> Bool {
        (try? await client.withConnection { try await $0.query("SELECT 1", logger: logger).collect() }) != nil
    }

    /// The schema versions applied to the database, in order.
    public func schemaVersions() async throws -> [Int] {
        try await client.withConnection { connection in
            try await SQLMigrations.appliedVersions(on: PostgresStatements(connection: connection, logger: logger))
        }
    }

    /// Whether `error` means another transaction won a race for the same rows, so running again sees
    /// its result: a serialization failure, a deadlock, or a unique key the other inserted first.
    static func lostAConflict(_ error: any Error) -> Bool {
        switch error {
        case let error as PSQLError:
            let state = error.serverInfo?[.sqlState]
            return state == PostgresErrorCodes.serializationFailure || state == PostgresErrorCodes.deadlockDetected
        case SQLError.uniqueViolation, StorageError.duplicateEmail:
            return true
        default:
            return false
        }
    }

    /// A driver error as storage reports it, naming the server's reason but no statement or value.
    static func storageError(_ error: PSQLError) -> StorageError {
        if let state = error.serverInfo?[.sqlState], let message = error.serverInfo?[.message] {
            return .unavailable("PostgreSQL \(state): \(message)")
        }
        return .unavailable("PostgreSQL: \(error.code)")
    }
}
