import DoorstepStrings
import Foundation

/// The reference flows Doorstep ships, loaded from the JSON files bundled with this module.
public struct FlowCatalog: Sendable {
    /// The ids of the reference flows, in the order they are listed.
    public static let referenceIDs = ["tanda", "trainer", "familysync", "destiny", "kordant"]
    /// The languages every reference flow ships in besides English, its source: Arabic and Spanish.
    public static let shippedLanguages = ["ar", "es"]

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

    /// The bundled flows, each replaced by the file of the same id (`tanda.json`) in `directory` when
    /// it has one — so an operator can ship another copy, with an experiment started, without a build.
    /// A flow file the directory holds for no reference flow is an error, so a typo is not ignored.
    public static func bundled(overriddenBy directory: URL) throws -> FlowCatalog {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        var overrides: [String: FlowDefinition] = [:]
        for file in files {
            let id = file.deletingPathExtension().lastPathComponent
            guard referenceIDs.contains(id) else {
                throw FlowCatalogError.unknownFlowFile(file.lastPathComponent)
            }
            let flow = try FlowDefinition.decode(from: Data(contentsOf: file))
            guard flow.id == id else { throw FlowCatalogError.idMismatch(file: file.lastPathComponent, id: flow.id) }
            overrides[id] = flow
        }
        return FlowCatalog(flows: try bundled().flows.map { overrides[$0.id] ?? $0 })
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

/// Why a directory of flow files cannot replace the bundled flows.
public enum FlowCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A file named for no reference flow.
    case unknownFlowFile(String)
    /// A file whose flow has another id than its name.
    case idMismatch(file: String, id: String)

    public var description: String {
        switch self {
        case .unknownFlowFile(let file):
            "\(file) names no catalog flow; the catalog has \(FlowCatalog.referenceIDs.joined(separator: ", "))."
        case .idMismatch(let file, let id): "\(file) holds the flow \"\(id)\"; name the file for the flow's id."
        }
    }
}
