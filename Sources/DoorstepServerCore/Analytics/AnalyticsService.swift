import DoorstepFlow
import Foundation

/// Takes flow events from apps and the web funnel, and turns them into funnels. Events are checked
/// against the catalog, so a forged flow or screen cannot enter a funnel; device times far in the
/// future are clamped to the server's clock, and times older than the retention are refused.
public struct AnalyticsService: Sendable {
    let storage: any Storage
    let catalog: FlowCatalog
    let clock: any WallClock
    let policy: AnalyticsPolicy

    /// Creates the service.
    public init(storage: any Storage, catalog: FlowCatalog, clock: any WallClock, policy: AnalyticsPolicy = .init()) {
        self.storage = storage
        self.catalog = catalog
        self.clock = clock
        self.policy = policy
    }

    /// Records the acceptable events of a batch, linked to `userID` when the sender is signed in.
    /// Events already recorded (by id) are counted as duplicates; the rest are refused one by one.
    public func record(_ batch: [IncomingEvent], userID: UUID?) async throws -> IngestResult {
        guard (1...policy.maximumBatch).contains(batch.count) else {
            throw ServiceError.invalid(
                "events", code: "invalid_count", "Send between 1 and \(policy.maximumBatch) events.")
        }
        let now = clock.now
        var accepted: [AnalyticsEventRecord] = []
        var rejected: [IngestResult.Rejection] = []
        for (index, event) in batch.enumerated() {
            switch check(event, now: now) {
            case .success(let at):
                accepted.append(
                    AnalyticsEventRecord(
                        id: event.id, installID: event.installID, userID: userID, flowID: event.flowID,
                        flowVersion: event.flowVersion, variant: event.variant, kind: event.kind,
                        screen: event.screen, subject: event.subject, sequence: event.sequence, at: at,
                        receivedAt: now))
            case .failure(let code):
                rejected.append(IngestResult.Rejection(index: index, code: code.rawValue))
            }
        }
        let unique = Dictionary(accepted.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let inserted =
            unique.isEmpty
            ? 0
            : try await storage.transaction { [unique] store in
                try await store.insertEvents(Array(unique.values))
            }
        return IngestResult(accepted: inserted, duplicates: accepted.count - inserted, rejected: rejected)
    }

    /// Why one event was refused.
    public enum Refusal: String, Error, Sendable {
        case unknownFlow = "unknown_flow"
        case unknownScreen = "unknown_screen"
        case invalidInstall = "invalid_install_id"
        case invalidSubject = "invalid_subject"
        case invalidSequence = "invalid_sequence"
        case tooOld = "too_old"
    }

    /// The event's time, clamped, when the event can be recorded.
    func check(_ event: IncomingEvent, now: Date) -> Result<Date, Refusal> {
        guard let flow = catalog.flow(event.flowID), (1...flow.version).contains(event.flowVersion) else {
            return .failure(.unknownFlow)
        }
        // Only the current version's screens are known; older versions are checked by shape.
        let screenKnown =
            event.flowVersion == flow.version
            ? flow.screens.contains { $0.id == event.screen } : Self.isIdentifier(event.screen)
        guard screenKnown else { return .failure(.unknownScreen) }
        guard Self.isOpaqueID(event.installID) else { return .failure(.invalidInstall) }
        if let subject = event.subject, !Self.isIdentifier(subject) { return .failure(.invalidSubject) }
        guard (0...policy.maximumSequence).contains(event.sequence) else { return .failure(.invalidSequence) }
        guard event.at >= now.addingTimeInterval(-policy.retention) else { return .failure(.tooOld) }
        return .success(min(event.at, now.addingTimeInterval(policy.clockSkew)))
    }

    /// A flow's funnel over `[from, to)`, for one version and variant when given.
    public func funnel(flowID: String, from: Date, to: Date, version: Int?, variant: String?) async throws
        -> FunnelReport
    {
        guard let flow = catalog.flow(flowID) else { throw ServiceError.notFound }
        let events = try await storage.read { try await $0.events(flowID: flowID, from: from, to: to) }
        let chosen = events.filter { event in
            (version == nil || event.flowVersion == version)
                && (variant == nil || (event.variant ?? FunnelReport.control) == variant)
        }
        return FunnelReport(flow: flow, events: chosen)
    }

    /// Forgets events received longer ago than the retention.
    public func prune() async throws {
        let cutoff = clock.now.addingTimeInterval(-policy.retention)
        try await storage.transaction { try await $0.deleteEvents(receivedBefore: cutoff) }
    }

    static func isIdentifier(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { $0.isASCIILetterOrDigit || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    static func isOpaqueID(_ text: String) -> Bool {
        (8...64).contains(text.utf8.count) && text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}

/// The limits events are taken within.
public struct AnalyticsPolicy: Sendable {
    /// The most events one request may carry.
    public var maximumBatch = 500
    /// How long raw events are kept, and the oldest device time accepted.
    public var retention: TimeInterval = 90 * 24 * 3_600
    /// How far ahead of the server a device's clock may be before its times are clamped.
    public var clockSkew: TimeInterval = 5 * 60
    /// The highest sequence number accepted.
    public var maximumSequence = 1_000_000

    /// The defaults.
    public init() {}
}

/// An event as a client sends it.
public struct IncomingEvent: Sendable {
    public var id: UUID
    public var installID: String
    public var flowID: String
    public var flowVersion: Int
    public var variant: String?
    public var kind: AnalyticsEventRecord.Kind
    public var screen: String
    public var subject: String?
    public var sequence: Int
    public var at: Date

    /// Creates an event.
    public init(
        id: UUID, installID: String, flowID: String, flowVersion: Int, variant: String? = nil,
        kind: AnalyticsEventRecord.Kind, screen: String, subject: String? = nil, sequence: Int, at: Date
    ) {
        self.id = id
        self.installID = installID
        self.flowID = flowID
        self.flowVersion = flowVersion
        self.variant = variant
        self.kind = kind
        self.screen = screen
        self.subject = subject
        self.sequence = sequence
        self.at = at
    }
}

/// What became of a batch.
public struct IngestResult: Sendable, Equatable {
    /// One refused event: its place in the batch and why.
    public struct Rejection: Sendable, Equatable {
        public var index: Int
        public var code: String
    }

    public var accepted: Int
    public var duplicates: Int
    public var rejected: [Rejection]
}

extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
