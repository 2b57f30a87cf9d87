import Foundation

/// Why storage refused a write.
public enum StorageError: Error, Sendable, Equatable {
    /// Another account already has this email.
    case duplicateEmail
    /// The database could not be reached or answered with an error.
    case unavailable(String)
}

/// Accounts.
public protocol UserRepository: Sendable {
    /// Adds an account; throws ``StorageError/duplicateEmail`` when its email is taken.
    func insertUser(_ user: UserRecord) async throws
    /// Replaces an account; throws ``StorageError/duplicateEmail`` when its new email is taken.
    func updateUser(_ user: UserRecord) async throws
    func user(id: UUID) async throws -> UserRecord?
    func user(email: String) async throws -> UserRecord?
    /// Removes an account and everything that hangs off it.
    func deleteUser(id: UUID) async throws
}

/// Signed-in devices and their refresh tokens.
public protocol SessionRepository: Sendable {
    func insertSession(_ session: SessionRecord) async throws
    func updateSession(_ session: SessionRecord) async throws
    func session(id: UUID) async throws -> SessionRecord?
    /// The user's sessions, newest first, ended ones included.
    func sessions(userID: UUID) async throws -> [SessionRecord]
    func insertRefreshToken(_ token: RefreshTokenRecord) async throws
    func updateRefreshToken(_ token: RefreshTokenRecord) async throws
    func refreshToken(hash: String) async throws -> RefreshTokenRecord?
}

/// One-time codes, the sends that rate limits count, and failed log-ins.
public protocol CodeRepository: Sendable {
    /// Stores the newest code for its address and purpose, replacing any older one.
    func replaceCode(_ code: CodeRecord) async throws
    func updateCode(_ code: CodeRecord) async throws
    func code(email: String, purpose: CodePurpose) async throws -> CodeRecord?
    func deleteCode(email: String, purpose: CodePurpose) async throws
    /// Remembers that a code was mailed to `email` at `date`.
    func recordCodeSend(email: String, at date: Date) async throws
    /// When codes were mailed to `email` since `date`, oldest first.
    func codeSends(email: String, since date: Date) async throws -> [Date]
    func recordLoginFailure(email: String, at date: Date) async throws
    /// When log-ins to `email` failed since `date`, oldest first.
    func loginFailures(email: String, since date: Date) async throws -> [Date]
    func clearLoginFailures(email: String) async throws
}

/// Everything a transaction can touch.
public typealias StorageTransaction = UserRepository & SessionRepository & CodeRepository

/// A database: runs work in transactions that commit whole or not at all.
public protocol Storage: Sendable {
    /// Runs `body` in a transaction; commits when it returns, rolls back when it throws.
    func transaction<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result

    /// Whether the database answers.
    func isHealthy() async -> Bool
}
