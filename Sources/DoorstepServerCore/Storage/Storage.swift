import Foundation

/// A database: runs work in transactions that commit whole or not at all.
///
/// New requirements go last. An incremental debug build does not recompile callers in other modules
/// when one is inserted before others, and a caller left with the old layout calls the wrong one.
public protocol Storage: Sendable {
    /// Runs `body` in a transaction; commits when it returns, rolls back when it throws.
    func transaction<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result

    /// Runs `body` in a transaction kept apart from others as `isolation` says; commits when it
    /// returns, rolls back when it throws.
    func transaction<Result: Sendable>(
        isolation: TransactionIsolation, _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result

    /// Runs `body` alongside other reads and, where the database allows, without waiting for
    /// writers; each read sees committed data (not necessarily one snapshot across reads), and
    /// `body` must only read.
    func read<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result

    /// Whether ``rotateRefreshToken(_:)`` is quicker than the transaction a refresh runs otherwise:
    /// where each statement is a round trip to a database server.
    var rotatesRefreshTokensInOneStep: Bool { get }

    /// Exchanges a refresh token for its successor in one step when the token is its session's
    /// current one and the session is active, and reads in the same step what the new access token
    /// names; `nil` in every other case (an unknown or exchanged token, an ended session), which
    /// ``SessionService``'s transaction then tells apart.
    func rotateRefreshToken(_ rotation: RefreshRotation) async throws -> RotatedSession?

    /// Whether the database answers.
    func isHealthy() async -> Bool

    /// A session and its account, read on their own: what every authenticated request asks. The read
    /// sees every commit made before it was asked. A database across a network may send the reads
    /// asked at the same moment as one statement.
    func readSessionAndUser(sessionID: UUID) async throws -> (SessionRecord, UserRecord)?
}

extension Storage {
    /// A transaction as every other, for databases that run one writer at a time.
    public func transaction<Result: Sendable>(
        isolation: TransactionIsolation, _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        try await transaction(body)
    }

    /// No step of its own, for databases where the transaction costs no more.
    public var rotatesRefreshTokensInOneStep: Bool { false }

    /// Nothing rotated: refreshes run the transaction.
    public func rotateRefreshToken(_ rotation: RefreshRotation) async throws -> RotatedSession? {
        nil
    }

    /// The session and account in a ``read(_:)`` of their own.
    public func readSessionAndUser(sessionID: UUID) async throws -> (SessionRecord, UserRecord)? {
        try await read { try await $0.sessionAndUser(sessionID: sessionID) }
    }

    /// Reads in a transaction, for databases with nothing better.
    public func read<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        try await transaction(body)
    }
}
