import DoorstepFlow
import Foundation

/// Takes flow events from apps and the web funnel, and turns them into funnels. Events are checked
/// against the catalog, so a forged flow or screen cannot enter a funnel; device times far in the
/// future are clamped to the server's clock, and times older than the retention are refused.
public struct AnalyticsService: Sendable {
    let storage: any Storage
    let catalog: FlowCatalog
    let policy: AnalyticsPolicy
    /// What an event of each flow's current version may name, looked up once per event.
    let places: [String: EventPlaces]
    /// Commits the events of concurrent requests together.
    let writer: EventWriter
    /// The time, the ids of compacted records, and the webhook events walks found abandoned at
    /// compaction go to (`flow.abandoned`).
    let context: ServiceContext

    /// Creates the service.
    public init(
        storage: any Storage, catalog: FlowCatalog, policy: AnalyticsPolicy = .init(), context: ServiceContext
    ) {
        self.context = context
        self.storage = storage
        self.catalog = catalog
        self.policy = policy
        self.writer = EventWriter(storage: storage)
        self.places = Dictionary(
            catalog.flows.map { ($0.id, EventPlaces($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The current version of a flow, the screens an install may see in it, its variants and where
    /// its paywall is.
    struct EventPlaces: Sendable {
        let version: Int
        let screens: Set<String>
        let variants: Set<String>
        let paywall: PaywallPlaces?

        init(_ flow: FlowDefinition) {
            version = flow.version
            screens = Set(flow.screenIDsInAnyVariant)
            variants = Set(flow.experiment?.variants.map(\.id) ?? [])
            paywall = PaywallPlaces(flow)
        }
    }

    /// Records the acceptable events of a batch, linked to `userID` when the sender is signed in. A
    /// batch with a malformed event (an id that is not one, a sequence out of range) is refused whole
    /// with 422; events the server cannot place (an unknown flow or screen, too old) are refused one
    /// by one, and events already recorded (by id) are counted as duplicates.
    public func record(_ batch: [IncomingEvent], userID: UUID?) async throws -> IngestResult {
        guard (1...policy.maximumBatch).contains(batch.count) else {
            throw ServiceError.invalid(
                "events", code: "invalid_count", "Send between 1 and \(policy.maximumBatch) events.")
        }
        let malformed = batch.enumerated().compactMap { index, event in
            shapeIssue(of: event).map {
                FieldIssue(field: "events[\(index)].\($0.field)", code: $0.code, message: $0.message)
            }
        }
        guard malformed.isEmpty else { throw ServiceError.validation(malformed) }
        let now = context.clock.now
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
        let inserted = unique.isEmpty ? 0 : try await writer.write(Array(unique.values))
        return IngestResult(accepted: inserted, duplicates: accepted.count - inserted, rejected: rejected)
    }

    /// Why one well-formed event was refused.
    public enum Refusal: String, Error, Sendable {
        case unknownFlow = "unknown_flow"
        case unknownScreen = "unknown_screen"
        case unknownVariant = "unknown_variant"
        case tooOld = "too_old"
    }

    /// What is wrong with the event's form, as the contract states it, if anything.
    func shapeIssue(of event: IncomingEvent) -> FieldIssue? {
        if !Self.isOpaqueID(event.installID) {
            return FieldIssue(
                field: "installId", code: "invalid_install_id", message: "8 to 64 visible ASCII characters.")
        }
        if !(1...64).contains(event.flowID.unicodeScalars.count) {
            return FieldIssue(field: "flowId", code: "invalid_id", message: "A flow id has 1 to 64 characters.")
        }
        if !(1...Int(Int32.max)).contains(event.flowVersion) {
            return FieldIssue(field: "flowVersion", code: "out_of_range", message: "A version is 1 or more.")
        }
        if !EventIdentifier.isValid(event.screen) {
            return FieldIssue(field: "screen", code: "invalid_id", message: "An id of letters, digits, - and _.")
        }
        for (name, value) in [("field", event.field), ("action", event.action), ("code", event.code)] {
            if let value, !EventIdentifier.isValid(value) {
                return FieldIssue(field: name, code: "invalid_id", message: "An id of letters, digits, - and _.")
            }
        }
        if let variant = event.variant, !EventIdentifier.isValid(variant) {
            return FieldIssue(field: "variant", code: "invalid_id", message: "An id of letters, digits, - and _.")
        }
        if !(0...policy.maximumSequence).contains(event.sequence) {
            return FieldIssue(
                field: "sequence", code: "out_of_range", message: "From 0 to \(policy.maximumSequence).")
        }
        return nil
    }

    /// The event's time, clamped, when the well-formed event can be recorded.
    func check(_ event: IncomingEvent, now: Date) -> Result<Date, Refusal> {
        guard let places = places[event.flowID], event.flowVersion <= places.version else {
            return .failure(.unknownFlow)
        }
        // Only the current version's screens and variants are known; older versions are checked by
        // form alone.
        if event.flowVersion == places.version {
            guard places.screens.contains(event.screen) else { return .failure(.unknownScreen) }
            if let variant = event.variant, !places.variants.contains(variant) { return .failure(.unknownVariant) }
        }
        guard event.at >= now.addingTimeInterval(-policy.retention) else { return .failure(.tooOld) }
        return .success(min(event.at, now.addingTimeInterval(policy.clockSkew)))
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
    /// How long a walk stays idle before its events are folded into its day's tally, and a walk that
    /// never finished is reported abandoned (`flow.abandoned`). Compaction runs hourly, so a walk is
    /// folded within an hour of being idle this long.
    public var compactAfter: TimeInterval = 24 * 3_600

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
    /// The field answered, or the field an error belongs to.
    public var field: String?
    /// The action taken.
    public var action: String?
    /// The error's code.
    public var code: String?
    public var sequence: Int
    public var at: Date

    /// What the event is about, by kind: the field answered (with the plan a paywall's answer chose,
    /// `plan:plus`), the action taken, the error's code.
    var subject: String? {
        switch kind {
        case .fieldAnswered: code.map { "\(field ?? ""):\($0)" } ?? field
        case .action: action
        case .errorShown, .effectFailed: code ?? field
        case .screenShown, .completed: nil
        }
    }

    /// Creates an event.
    public init(
        id: UUID, installID: String, flowID: String, flowVersion: Int, variant: String? = nil,
        kind: AnalyticsEventRecord.Kind, screen: String, field: String? = nil, action: String? = nil,
        code: String? = nil, sequence: Int, at: Date
    ) {
        self.id = id
        self.installID = installID
        self.flowID = flowID
        self.flowVersion = flowVersion
        self.variant = variant
        self.kind = kind
        self.screen = screen
        self.field = field
        self.action = action
        self.code = code
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
