import Foundation
import Logging
import Synchronization

/// When sessions were last used, written after the requests that used them. A signed-in request whose
/// session was last marked a minute ago notes the time here and answers at once, instead of waiting
/// for the database's single writer behind sign-ups and refreshes; ``write()`` then writes the marks
/// noted so far together, in one transaction. The server writes them every half second and at
/// shutdown, and whatever shows when a session was last used writes them first, so a person never sees
/// a time older than their own last request to the same instance (another instance's marks are at
/// most half a second behind).
///
/// A mark is only ever shown: no rule reads it. One that is lost (the database was away, the process
/// was killed) is noted again by the session's next request, as the stored time is still old.
public final class SessionUseMarks: Sendable {
    let storage: any Storage
    let logger: Logger
    private let state = Mutex(State())

    private struct State {
        /// The newest use of each session noted since the last write.
        var noted: [UUID: Date] = [:]
        var writes = WriteQueue()
    }

    /// At most this many sessions wait between two writes; past it a newly used session is not noted
    /// (and is noted again by its next request), so memory stays bounded while the database is away.
    static let limit = 100_000

    /// Marks to be written to `storage`.
    public init(storage: any Storage, logger: Logger) {
        self.storage = storage
        self.logger = logger
    }

    /// Notes that `session` was used at `date`, for the next write.
    func note(_ session: UUID, usedAt date: Date) {
        state.withLock { state in
            if let noted = state.noted[session] {
                state.noted[session] = max(noted, date)
            } else if state.noted.count < Self.limit {
                state.noted[session] = date
            }
        }
    }

    /// Writes every mark noted so far, after the writes asked for before; returns once they are in the
    /// database or have failed (logged: their sessions are noted again at their next request).
    public func write() async {
        let write = state.withLock { state -> Task<Void, Never>? in
            // Nothing noted: only the writes under way are waited for, and no task is made (the server
            // asks twice a second, mostly for nothing).
            guard !state.noted.isEmpty else { return state.writes.lastWrite }
            let marks = state.noted
            state.noted = [:]
            return state.writes.start { [self] in await self.write(marks) }
        }
        await write?.value
    }

    private func write(_ marks: [UUID: Date]) async {
        // In one order on every instance, so that two batches never wait for each other's rows; each
        // statement guards itself, so no read needs to be kept serializable.
        let ordered = marks.sorted { $0.key.uuidString < $1.key.uuidString }
        do {
            try await storage.transaction(isolation: .snapshot) { store in
                for (session, date) in ordered { try await store.markSessionUsed(id: session, at: date) }
            }
        } catch {
            logger.warning(
                "sessions' last use could not be written",
                metadata: ["sessions": "\(marks.count)", "reason": "\(error)"])
        }
    }
}
