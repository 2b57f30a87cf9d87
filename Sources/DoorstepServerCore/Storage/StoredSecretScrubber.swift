import DoorstepFlow
import Foundation

/// Removes secret answers (passwords, one-time codes) from snapshots kept in storage. Releases before
/// secrets were kept apart saved them with the other answers; a storage migration runs this over every
/// stored row once, so no secret stays at rest.
///
/// It reads JSON generically: every object in it with a `flowID` and `answers` is taken as a snapshot,
/// so the same pass cleans saved progress and the web funnel's browser sessions.
public struct StoredSecretScrubber: Sendable {
    /// Secret field ids by flow id.
    let secretFields: [String: Set<String>]

    /// A scrubber for the flows of `catalog`.
    public init(catalog: FlowCatalog) {
        secretFields = Dictionary(
            catalog.flows.map { ($0.id, $0.secretFieldIDs) }, uniquingKeysWith: { first, second in first.union(second) }
        )
    }

    /// The stored JSON without secret answers, or `nil` when it held none (or is not JSON at all).
    public func scrubbed(_ json: Data) -> Data? {
        guard let value = try? JSONDecoder().decode(Value.self, from: json) else { return nil }
        let cleaned = scrubbed(value)
        guard cleaned != value else { return nil }
        return try? JSONEncoder().encode(cleaned)
    }

    private func scrubbed(_ value: Value) -> Value {
        switch value {
        case .array(let elements):
            return .array(elements.map(scrubbed))
        case .object(var members):
            if let flowID = members["flowID"]?.stringValue, var answers = members["answers"]?.objectValue {
                for field in secretFields[flowID] ?? [] { answers[field] = nil }
                members["answers"] = .object(answers)
            }
            return .object(members.mapValues(scrubbed))
        default:
            return value
        }
    }
}
