import Foundation

/// The reference flows Doorstep ships, loaded from the JSON files bundled with this module.
public struct FlowCatalog: Sendable {
    /// The ids of the reference flows, in the order they are listed.
    public static let referenceIDs = ["tanda", "trainer", "familysync", "destiny", "kordant"]

    /// Every flow, in listing order.
    public let flows: [FlowDefinition]

    /// Creates a catalog of the given flows.
    public init(flows: [FlowDefinition]) {
        self.flows = flows
    }

    /// Loads the bundled reference flows.
    public static func bundled() throws -> FlowCatalog {
        let flows = try referenceIDs.map { id in try FlowDefinition.decode(from: Data(contentsOf: bundledURL(id))) }
        return FlowCatalog(flows: flows)
    }

    /// The flow with this id, if the catalog has it.
    public func flow(_ id: String) -> FlowDefinition? {
        flows.first { $0.id == id }
    }

    /// The file a bundled flow is kept in.
    public static func bundledURL(_ id: String) -> URL {
        flowsDirectory.appendingPathComponent("\(id).json")
    }

    /// The translations of a bundled flow (its String Catalog, `<id>.xcstrings` beside it), if it has any.
    public static func strings(_ id: String) throws -> StringCatalog? {
        let url = stringsURL(id)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try StringCatalog.decode(from: Data(contentsOf: url))
    }

    /// The file a bundled flow's translations are kept in.
    public static func stringsURL(_ id: String) -> URL {
        flowsDirectory.appendingPathComponent("\(id).xcstrings")
    }

    /// An earlier version of a bundled flow, kept so that snapshots it saved can be migrated and tested.
    public static func archivedVersion(_ id: String, version: Int) throws -> FlowDefinition {
        let url = flowsDirectory.appendingPathComponent("Archive/\(id)-v\(version).json")
        return try FlowDefinition.decode(from: Data(contentsOf: url))
    }

    private static var flowsDirectory: URL {
        Bundle.module.url(forResource: "Flows", withExtension: nil)
            ?? Bundle.module.bundleURL.appendingPathComponent("Flows")
    }
}
