/// A database connection the shared repositories run their statements on.
public protocol SQLConnection: Sendable {
    /// The database the statements are written for.
    var dialect: SQLDialect { get }

    /// Runs one statement, binding `binds` in order to its `?` marks, and returns its rows.
    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow]
}

extension SQLConnection {
    /// Runs one statement for its effect.
    public func execute(_ sql: String, _ binds: [SQLValue] = []) async throws {
        _ = try await query(sql, binds)
    }
}

/// What a database refused, in terms the repositories act on.
public enum SQLError: Error, Sendable, Equatable {
    /// A row would have repeated a value a unique index forbids repeating.
    case uniqueViolation
}
