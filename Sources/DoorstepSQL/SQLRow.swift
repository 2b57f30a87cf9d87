import Foundation

/// One row of a result, its values looked up by column name.
public struct SQLRow: Sendable {
    let columns: [String]
    let values: [SQLValue]

    /// A row of `values` under the names `columns`, in the same order.
    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value in `column`; NULL when the row has no such column.
    public subscript(_ column: String) -> SQLValue {
        columns.firstIndex(of: column).map { values[$0] } ?? .null
    }

    func string(_ column: String) -> String? { self[column].string }

    func integer(_ column: String) -> Int? { self[column].integer }

    func date(_ column: String) -> Date? {
        integer(column).map { Date(timeIntervalSince1970: Double($0) / 1_000) }
    }

    func uuid(_ column: String) -> UUID? {
        string(column).flatMap(UUID.init(text:))
    }

    func bool(_ column: String) -> Bool {
        (integer(column) ?? 0) != 0
    }

    /// A JSON document stored as text.
    func document(_ column: String) -> Data? {
        string(column).map { Data($0.utf8) }
    }
}
