/// Storage that reports how long each transaction and read took, for the storage latency metric.
public struct MeasuredStorage: Storage {
    let wrapped: any Storage
    let metrics: DoorstepMetrics

    /// Measures `storage`.
    public init(_ storage: any Storage, metrics: DoorstepMetrics) {
        self.wrapped = storage
        self.metrics = metrics
    }

    public func transaction<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        try await measured("transaction") { try await wrapped.transaction(body) }
    }

    public func read<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        try await measured("read") { try await wrapped.read(body) }
    }

    public func isHealthy() async -> Bool {
        await wrapped.isHealthy()
    }

    private func measured<Result>(_ kind: String, _ work: () async throws -> Result) async throws -> Result {
        let started = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - started
            metrics.storage(
                kind,
                nanoseconds: elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
            )
        }
        return try await work()
    }
}
