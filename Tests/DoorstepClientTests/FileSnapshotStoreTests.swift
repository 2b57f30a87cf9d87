import DoorstepClient
import DoorstepFlow
import Foundation
import Testing

@Suite("File snapshot store")
struct FileSnapshotStoreTests {
    @Test("Progress saved to the device comes back after a relaunch, and is gone once cleared")
    func survivesRelaunch() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: directory) }
        let flow = try #require(try FlowCatalog.bundled().flow("tanda"))
        var snapshot = FlowSnapshot(
            flowID: flow.id, flowVersion: flow.version, screen: "name", answers: ["firstName": "Ada"])
        snapshot.history = ["slide1"]
        try await FileSnapshotStore(directory: directory).save(snapshot)
        snapshot.answers["lastName"] = "Lovelace"
        try await FileSnapshotStore(directory: directory).save(snapshot)

        let relaunched = FileSnapshotStore(directory: directory)
        #expect(try await relaunched.load(flowID: "tanda") == snapshot)
        #expect(try await relaunched.load(flowID: "kordant") == nil)
        try await relaunched.clear(flowID: "tanda")
        #expect(try await relaunched.load(flowID: "tanda") == nil)
    }
}
