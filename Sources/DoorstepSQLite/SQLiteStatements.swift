import DoorstepSQL

/// An SQLite connection as the shared repositories see it. A statement that meets another process's
/// lock (the command line writing while the server runs) is tried again after a short wait, for up to
/// five seconds, without holding a thread while it waits.
struct SQLiteStatements: SQLConnection {
    let handle: SQLiteHandle
    var dialect: SQLDialect { .sqlite }

    /// How long a statement keeps trying while another process holds the database's lock.
    static let busyPatience: Duration = .seconds(5)

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        var waited: Duration = .zero
        var pause: Duration = .milliseconds(1)
        while true {
            let failure: SQLiteFailure
            do {
                return try handle.query(sql, binds)
            } catch {
                failure = error
            }
            if failure.isUniqueViolation { throw SQLError.uniqueViolation }
            guard failure.isBusy, waited < Self.busyPatience else { throw failure }
            try await Task.sleep(for: pause)
            waited += pause
            pause = min(pause * 2, .milliseconds(50))
        }
    }
}
