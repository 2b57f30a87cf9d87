import DoorstepSQL
import DoorstepServerCore
import Foundation
import Logging
import PostgresNIO

/// A statement PostgreSQL plans once per connection: postgres-nio prepares it under the name of this
/// type the first time a connection runs it, and later runs skip parsing and planning.
protocol PreparedSQL: Sendable {
    /// The statement, with `$1`, `$2`… marks.
    static var sql: String { get }
}

/// A run of a ``PreparedSQL`` statement with its values.
struct PreparedQuery<Statement: PreparedSQL>: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static var sql: String { Statement.sql }

    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// The session-and-account read behind every authenticated request.
enum SessionAndUserSQL: PreparedSQL {
    static let sql = PostgresStatements.numberingMarks(FrequentSQL.sessionAndUser)
}

/// The session-and-account reads of requests that arrive together, in one statement.
enum SessionsAndUsersSQL: PreparedSQL {
    static let sql = FrequentSQL.sessionsAndUsers
}

/// The refresh token, session and account read behind every refresh.
enum RefreshTokenSessionAndUserSQL: PreparedSQL {
    static let sql = PostgresStatements.numberingMarks(FrequentSQL.refreshTokenSessionAndUser)
}

/// A refresh's exchange of its token in one statement.
enum RotateCurrentRefreshTokenSQL: PreparedSQL {
    static let sql = FrequentSQL.rotateCurrentRefreshToken
}

enum RotateRefreshTokenSQL: PreparedSQL {
    static let sql = PostgresStatements.numberingMarks(FrequentSQL.rotateRefreshToken)
}

enum InsertRefreshTokenSQL: PreparedSQL {
    static let sql = PostgresStatements.numberingMarks(FrequentSQL.insertRefreshToken)
}

enum InsertSessionSQL: PreparedSQL {
    static let sql = PostgresStatements.numberingMarks(FrequentSQL.insertSession)
}

enum UpdateSessionSQL: PreparedSQL {
    static let sql = PostgresStatements.numberingMarks(FrequentSQL.updateSession)
}

/// The marks of sessions used, written after their requests.
enum MarkSessionUsedSQL: PreparedSQL {
    static let sql = PostgresStatements.numberingMarks(FrequentSQL.markSessionUsed)
}

/// The four-table read behind the products every new access token names.
enum EntitlementsSharedWithSQL: PreparedSQL {
    static let sql = PostgresStatements.numberingMarks(FrequentSQL.entitlementsSharedWith)
}

extension PostgresStatements {
    /// Runs `sql` as a prepared statement when it is one of ``FrequentSQL``; returns `nil` otherwise.
    func preparedRows(_ sql: String, _ bindings: PostgresBindings) async throws -> [PostgresRow]? {
        switch sql {
        case FrequentSQL.sessionAndUser: try await rows(of: SessionAndUserSQL.self, bindings)
        case FrequentSQL.refreshTokenSessionAndUser: try await rows(of: RefreshTokenSessionAndUserSQL.self, bindings)
        case FrequentSQL.rotateCurrentRefreshToken: try await rows(of: RotateCurrentRefreshTokenSQL.self, bindings)
        case FrequentSQL.rotateRefreshToken: try await rows(of: RotateRefreshTokenSQL.self, bindings)
        case FrequentSQL.insertRefreshToken: try await rows(of: InsertRefreshTokenSQL.self, bindings)
        case FrequentSQL.insertSession: try await rows(of: InsertSessionSQL.self, bindings)
        case FrequentSQL.updateSession: try await rows(of: UpdateSessionSQL.self, bindings)
        case FrequentSQL.markSessionUsed: try await rows(of: MarkSessionUsedSQL.self, bindings)
        case FrequentSQL.entitlementsSharedWith: try await rows(of: EntitlementsSharedWithSQL.self, bindings)
        default: nil
        }
    }

    /// The sessions among `ids`, each with its account, in one statement (``SessionsAndUsersSQL``).
    func sessionsAndUsers(_ ids: [UUID]) async throws -> [UUID: (SessionRecord, UserRecord)] {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(ids.map(\.key))
        var found: [UUID: (SessionRecord, UserRecord)] = [:]
        var columns: [String] = []
        for row in try await rows(of: SessionsAndUsersSQL.self, bindings) {
            if let (session, user) = SQLTransaction.sessionAndUser(try Self.row(row, columns: &columns)) {
                found[session.id] = (session, user)
            }
        }
        return found
    }

    private func rows<Statement: PreparedSQL>(of statement: Statement.Type, _ bindings: PostgresBindings)
        async throws -> [PostgresRow]
    {
        var rows: [PostgresRow] = []
        for try await row in try await connection.execute(PreparedQuery<Statement>(bindings: bindings), logger: logger)
        {
            rows.append(row)
        }
        return rows
    }
}
