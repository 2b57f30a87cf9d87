/// Writes run one after another, in the order they were started: each waits for the one started before
/// it, so whoever waits for a write knows every earlier one has ended too. Kept in the state a lock
/// guards, beside what is to be written, so that taking a batch and starting its write are one step.
struct WriteQueue: Sendable {
    /// The last write started: what a caller with nothing new to write waits for.
    private(set) var lastWrite: Task<Void, Never>?

    /// Starts `write` once the last write has ended; returns it.
    mutating func start(_ write: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let previous = lastWrite
        let next = Task {
            await previous?.value
            await write()
        }
        lastWrite = next
        return next
    }
}
