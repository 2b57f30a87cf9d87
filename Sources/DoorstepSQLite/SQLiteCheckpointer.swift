import Dispatch
import Synchronization

/// Copies the write-ahead log back into the database file on a thread of its own, so that no write
/// waits for it.
///
/// Left to itself, SQLite makes that copy inside whichever commit takes the log past a thousand
/// pages: on a large file its two `fsync`s take tens of milliseconds, and the single writer holds
/// every other write behind them. Here the writer's commits only report the log's size; at the
/// threshold a checkpoint that blocks no one (`PASSIVE`) runs on a connection of its own, off the
/// request threads. Should that thread fall far behind, the writer checkpoints as SQLite would
/// (``SQLiteHandle/handCheckpoints(to:)``), so the log stays bounded.
final class SQLiteCheckpointer: Sendable {
    /// Pages in the log at which a checkpoint starts: SQLite's own default.
    static let threshold = 1_000
    /// Pages at which the writer stops waiting for this thread and checkpoints itself.
    static let writerTakesOver = 16 * threshold

    /// Used only on `queue` once `init` has returned, one checkpoint at a time.
    private let connection: SQLiteHandle
    private let queue = DispatchQueue(label: "doorstep.sqlite.checkpoint", qos: .utility)
    private let scheduled = Atomic(false)

    /// Opens a connection of its own to the database at `path`.
    init(path: String) throws(SQLiteFailure) {
        connection = try SQLiteHandle(path: path)
        // A connection finds the write-ahead log only once it has read the file; until then a
        // checkpoint would do nothing.
        _ = try connection.query("PRAGMA journal_mode", [])
    }

    /// After a commit of the writer, with the log's size: starts a checkpoint at the threshold unless
    /// one is already waiting to start.
    func logGrew(to pages: Int) {
        guard pages >= Self.threshold, !scheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async { [self] in
            // Commits from now on may ask for the next one; this one copies what is there.
            scheduled.store(false, ordering: .releasing)
            connection.checkpointPassively()
        }
    }

    /// Runs `body` while no checkpoint starts; the one asked for meanwhile starts after it. `body`
    /// must not close the storage: closing waits for this connection's queue, which `body` holds.
    func withCheckpointsHeld<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        queue.suspend()
        defer { queue.resume() }
        return try await body()
    }

    /// Closes the connection once a checkpoint under way has finished (blocking for that long).
    func close() {
        queue.sync { connection.close() }
    }
}
