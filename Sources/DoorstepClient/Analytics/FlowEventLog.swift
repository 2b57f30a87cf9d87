import DoorstepAPI
import DoorstepFlow
import Foundation

/// The flow events an app records — screens shown, fields answered (by id, never the value),
/// actions, errors shown (by code), the flow's end — sent to the server in batches. Nothing is
/// recorded while the person has opted out, and opting out drops what was waiting.
///
/// Events wait in memory until ``batchSize`` of them are there or ``flush()`` is called (say, when
/// the app goes to the background); a batch the server could not take stays for the next flush, up
/// to ``capacity`` events, the oldest dropped first.
public actor FlowEventLog {
    let client: DoorstepClient
    /// The install's opaque id: made once on the device and kept, never derived from the person.
    public let installID: String
    let batchSize: Int
    let capacity: Int
    let now: @Sendable () -> Date
    let makeID: @Sendable () -> UUID
    private var pending: [Components.Schemas.Event] = []
    private var nextSequence = 0
    /// Whether the person asked not to be tracked.
    public private(set) var isOptedOut: Bool

    /// Creates a log.
    /// - Parameters:
    ///   - installID: 8 to 64 visible ASCII characters, made on the device (a UUID string will do).
    ///   - optedOut: the person's choice, as the app stored it.
    public init(
        client: DoorstepClient, installID: String, optedOut: Bool = false, batchSize: Int = 50,
        capacity: Int = 1_000, now: @escaping @Sendable () -> Date = { Date() },
        makeID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.client = client
        self.installID = installID
        self.isOptedOut = optedOut
        self.batchSize = max(1, min(batchSize, 500))
        self.capacity = max(self.batchSize, capacity)
        self.now = now
        self.makeID = makeID
    }

    /// Turns recording off (dropping what waits) or back on.
    public func setOptedOut(_ optedOut: Bool) {
        isOptedOut = optedOut
        if optedOut { pending = [] }
    }

    /// The events waiting to be sent.
    public var waiting: Int { pending.count }

    /// Records one event; sends a batch once enough are waiting.
    func record(
        _ type: Components.Schemas.Event._TypePayload, flow: FlowDefinition, variant: String?, screen: String,
        field: String? = nil,
        action: String? = nil, code: String? = nil
    ) async {
        guard !isOptedOut else { return }
        pending.append(
            Components.Schemas.Event(
                id: makeID().uuidString, installId: installID, flowId: flow.id, flowVersion: flow.version,
                variant: variant, _type: type, screen: screen, field: field, action: action, code: code,
                sequence: nextSequence,
                at: now()))
        nextSequence += 1
        if pending.count > capacity { pending.removeFirst(pending.count - capacity) }
        if pending.count >= batchSize { try? await flush() }
    }

    /// Sends what waits, up to 500 events a request. What the server could not take stays.
    public func flush() async throws {
        while !pending.isEmpty, !isOptedOut {
            let batch = Array(pending.prefix(500))
            try await client.sendEvents(batch)
            pending.removeFirst(min(batch.count, pending.count))
        }
    }
}
