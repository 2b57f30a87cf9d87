import DoorstepFlow

extension FlowStart {
    /// How long a start waits for the server's definition before it starts from the kept or shipped
    /// copy: long enough for a slow network to answer, short enough that a silent one (a captive
    /// portal, a dead access point) does not leave a spinner for a request's full minute.
    public static let serverWait: Duration = .seconds(3)

    /// The server's definition if `fetch` gives it within `limit`, nil if it fails or takes longer
    /// (the fetch is then cancelled).
    public static func fetched<C: Clock<Duration>>(
        within limit: Duration = serverWait, clock: C = ContinuousClock(),
        _ fetch: @escaping @Sendable () async throws -> FlowDefinition
    ) async -> FlowDefinition? {
        await withTaskGroup(of: FlowDefinition?.self) { group in
            group.addTask { try? await fetch() }
            group.addTask {
                try? await clock.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
