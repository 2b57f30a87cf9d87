import Foundation
import SQLiteNIO

extension SQLiteData {
    /// A time as milliseconds since 1970.
    static func time(_ date: Date) -> SQLiteData {
        .integer(SQLiteInt64((date.timeIntervalSince1970 * 1_000).rounded()))
    }

    static func bool(_ value: Bool) -> SQLiteData {
        .integer(value ? 1 : 0)
    }
}

extension Optional where Wrapped == String {
    var sqlite: SQLiteData { map(SQLiteData.text) ?? .null }
}

extension UUID {
    /// The form ids are stored in: lowercase.
    var key: String { uuidString.lowercased() }
}

extension SQLiteRow {
    func date(_ column: String) -> Date? {
        self.column(column)?.integer.map { Date(timeIntervalSince1970: Double($0) / 1_000) }
    }

    func uuid(_ column: String) -> UUID? {
        self.column(column)?.string.flatMap(UUID.init(uuidString:))
    }

    func bool(_ column: String) -> Bool {
        (self.column(column)?.integer ?? 0) != 0
    }
}
