import Foundation

/// Storage that reports how long each transaction and read took, for the storage latency metric, and
/// records each as a span (`storage.transaction`, `storage.read`) of the request or job it serves (a
/// background poll outside any trace records none).
public struct MeasuredStorage: Storage {
    let wrapped: any Storage
    let metrics: DoorstepMetrics
    let spans: Spans

    /// Measures `storage`.
    public init(_ storage: any Storage, metrics: DoorstepMetrics, spans: Spans = .off) {
        self.wrapped = storage
        self.metrics = metrics
        self.spans = spans
    }

    public func transaction<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        try await measured("transaction") { try await wrapped.transaction(body) }
    }

    public func transaction<Result: Sendable>(
        isolation: TransactionIsolation, _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        try await measured("transaction") { try await wrapped.transaction(isolation: isolation, body) }
    }

    public func read<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        try await measured("read") { try await wrapped.read(body) }
    }

    public func readSessionAndUser(sessionID: UUID) async throws -> (SessionRecord, UserRecord)? {
        try await measured("read") { try await wrapped.readSessionAndUser(sessionID: sessionID) }
    }

    public var rotatesRefreshTokensInOneStep: Bool { wrapped.rotatesRefreshTokensInOneStep }

    public func rotateRefreshToken(_ rotation: RefreshRotation) async throws -> RotatedSession? {
        try await measured("transaction") { try await wrapped.rotateRefreshToken(rotation) }
    }

    public func isHealthy() async -> Bool {
        await wrapped.isHealthy()
    }

    private func measured<Result>(_ kind: String, _ work: () async throws -> Result) async throws -> Result {
        try await spans.withinTrace("storage.\(kind)", kind: .client) {
            let started = ContinuousClock.now
            defer { metrics.storage(kind, nanoseconds: (ContinuousClock.now - started).inNanoseconds) }
            return try await work()
        }
    }
}
