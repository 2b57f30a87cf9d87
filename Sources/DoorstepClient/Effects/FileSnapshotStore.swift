import DoorstepFlow
import Foundation

/// Snapshots kept as one file per flow in a directory only the app reads, so progress survives a
/// kill and a relaunch. Secrets are never in a snapshot: the engine keeps them apart.
public struct FileSnapshotStore: SnapshotStore {
    let directory: URL

    /// Keeps snapshots in `directory`, creating it when needed.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The app's Application Support directory, under `Doorstep/Snapshots`.
    public static var applicationSupport: FileSnapshotStore {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return FileSnapshotStore(directory: base.appendingPathComponent("Doorstep/Snapshots", isDirectory: true))
    }

    public func load(flowID: String) async throws -> FlowSnapshot? {
        guard let data = FileManager.default.contents(atPath: url(flowID).path) else { return nil }
        return try FlowSnapshot(json: data)
    }

    public func save(_ snapshot: FlowSnapshot) async throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Written to a temporary file and renamed over the old one, so a kill mid-write keeps the
        // previous snapshot whole; the directory is the owner's alone.
        try snapshot.jsonData().write(to: url(snapshot.flowID), options: .atomic)
    }

    public func clear(flowID: String) async throws {
        if FileManager.default.fileExists(atPath: url(flowID).path) {
            try FileManager.default.removeItem(at: url(flowID))
        }
    }

    private func url(_ flowID: String) -> URL {
        directory.appendingPathComponent(Self.fileName(flowID) + ".json")
    }

    /// A flow id as a file name: letters, digits, `-` and `_` only.
    static func fileName(_ flowID: String) -> String {
        String(flowID.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }
}
