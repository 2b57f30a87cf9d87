import DoorstepSQL
import Logging
import PostgresNIO

/// A PostgreSQL connection as the shared repositories see it: `?` marks become `$1`, `$2`… and
/// every statement goes through the extended protocol with its values bound, never spliced in.
struct PostgresStatements: SQLConnection {
    let connection: PostgresConnection
    let logger: Logger
    var dialect: SQLDialect { .postgres }

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        var bindings = PostgresBindings(capacity: binds.count)
        for value in binds {
            switch value {
            case .text(let text): bindings.append(text)
            case .integer(let integer): bindings.append(integer)
            case .bool(let bool): bindings.append(bool)
            case .null: bindings.appendNull()
            }
        }
        do {
            var columns: [String] = []
            if let prepared = try await preparedRows(sql, bindings) {
                return try prepared.map { try Self.row($0, columns: &columns) }
            }
            let query = PostgresQuery(unsafeSQL: Self.numberingMarks(sql), binds: bindings)
            var rows: [SQLRow] = []
            for try await row in try await connection.query(query, logger: logger) {
                rows.append(try Self.row(row, columns: &columns))
            }
            return rows
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == PostgresErrorCodes.uniqueViolation {
            throw SQLError.uniqueViolation
        }
    }

    /// `sql` with each `?` replaced by `$1`, `$2`… in order. Doorstep's statements have no `?`
    /// inside literals.
    static func numberingMarks(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        for character in sql {
            if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `row` as the repositories read it; `columns`, empty before the first row of a result, is
    /// filled from it and shared by the rest, as every row of a result has the same columns.
    static func row(_ row: PostgresRow, columns: inout [String]) throws -> SQLRow {
        if columns.isEmpty { columns = row.map(\.columnName) }
        var values: [SQLValue] = []
        values.reserveCapacity(columns.count)
        for cell in row { values.append(try value(cell)) }
        return SQLRow(columns: columns, values: values)
    }

    static func value(_ cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8: return .integer(try cell.decode(Int.self))
        case .bool: return .bool(try cell.decode(Bool.self))
        default: return .text(try cell.decode(String.self))
        }
    }
}

/// The SQLSTATE codes Doorstep acts on.
enum PostgresErrorCodes {
    static let uniqueViolation = "23505"
    static let serializationFailure = "40001"
    static let deadlockDetected = "40P01"
}
