import DoorstepSQL
import SQLiteNIO

/// An SQLite connection as the shared repositories see it.
struct SQLiteStatements: SQLConnection {
    let connection: SQLiteConnection

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        do {
            return try await connection.query(sql, binds.map(Self.data)).map { row in
                let columns = row.columns
                return SQLRow(columns: columns.map(\.name), values: columns.map { Self.value($0.data) })
            }
        } catch let error as SQLiteError
            where error.reason == .constraintPrimaryKeyFailed || error.reason == .constraintUniqueFailed
        {
            throw SQLError.uniqueViolation
        }
    }

    static func data(_ value: SQLValue) -> SQLiteData {
        switch value {
        case .text(let text): return .text(text)
        case .integer(let integer): return .integer(SQLiteInt64(integer))
        case .bool(let bool): return .integer(bool ? 1 : 0)
        case .null: return .null
        }
    }

    static func value(_ data: SQLiteData) -> SQLValue {
        switch data {
        case .integer(let integer): return .integer(Int(integer))
        case .float(let double): return .integer(Int(double))
        case .text(let text): return .text(text)
        case .blob(let buffer): return .text(String(buffer: buffer))
        case .null: return .null
        }
    }
}
