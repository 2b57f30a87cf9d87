/// Keeps a walk's snapshot on the server too, so another device or the web signed in to the same
/// account resumes it — the same way from every host. Best effort: the copy where the host keeps it
/// (device, browser session) is the one a relaunch reads.
public enum ProgressSync {
    /// Saves `snapshot` over the revision last seen (asking the server for it when none was seen yet)
    /// and returns the revision to remember; a snapshot with an effect under way is not saved.
    /// - Parameters:
    ///   - save: saves over a base revision and returns the new one; refuses a stale base.
    ///   - currentRevision: the revision the server holds, if any.
    public static func sync(
        _ snapshot: FlowSnapshot, lastSeen: Int?, save: (_ baseRevision: Int?) async throws -> Int,
        currentRevision: () async throws -> Int?
    ) async -> Int? {
        guard snapshot.pending == nil else { return lastSeen }
        var base = lastSeen
        if base == nil { base = try? await currentRevision() }
        if let revision = try? await save(base) { return revision }
        return (try? await currentRevision()) ?? base
    }
}
