import DoorstepFlow
import Foundation
import Testing

@Suite("Snapshots as JSON without JSONDecoder")
struct FlowSnapshotJSONTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func walkedSnapshot(_ flowID: String) throws -> FlowSnapshot {
        FlowSimulator(flow: try Catalog.flow(flowID), now: now).run().snapshot
    }

    @Test("A snapshot written either way is read back equal either way", arguments: FlowCatalog.referenceIDs)
    func interchangeable(_ flowID: String) throws {
        let snapshot = try Self.walkedSnapshot(flowID)
        #expect(try FlowSnapshot(json: snapshot.jsonData()) == snapshot)
        #expect(try FlowSnapshot(json: JSONEncoder().encode(snapshot)) == snapshot)
        #expect(try JSONDecoder().decode(FlowSnapshot.self, from: snapshot.jsonData()) == snapshot)
    }

    @Test("A move under way, field problems and a message survive the round trip")
    func everyMember() throws {
        var snapshot = FlowSnapshot(
            flowID: "tanda", flowVersion: 3, screen: "email", answers: ["email": "sam@example.com"],
            results: ["account.exists": false], history: ["slide1", "slide3"])
        snapshot.pending = PendingMove(transition: 4, effect: 1, requestID: 7)
        snapshot.issues = [FieldIssue(field: "email", code: "invalid_email", message: "Check the address.")]
        snapshot.message = "Something went wrong."
        snapshot.effectTimes = ["sendCode": Date(timeIntervalSinceReferenceDate: 811_692_800.5)]
        snapshot.completed = true
        snapshot.nextRequestID = 8
        #expect(try FlowSnapshot(json: snapshot.jsonData()) == snapshot)
        #expect(try FlowSnapshot(value: snapshot.value) == snapshot)
    }

    @Test("A save from an older release, missing later keys, reads as JSONDecoder reads it")
    func olderSave() throws {
        let data = Data(#"{"flowID":"tanda","flowVersion":1,"screen":"slide2","history":["slide1"]}"#.utf8)
        let snapshot = try FlowSnapshot(json: data)
        #expect(snapshot == (try JSONDecoder().decode(FlowSnapshot.self, from: data)))
        #expect(snapshot.depth == 1)
        #expect(snapshot.nextRequestID == 1)
    }

    @Test(
        "JSON of the wrong shape names the key and what it should hold",
        arguments: [
            (#"[]"#, "snapshot should be an object"),
            (#"{"flowVersion":1,"screen":"a"}"#, "snapshot.flowID should be present"),
            (#"{"flowID":3,"flowVersion":1,"screen":"a"}"#, "snapshot.flowID should be text"),
            (
                #"{"flowID":"t","flowVersion":1,"screen":"a","history":["a",2]}"#,
                "snapshot.history should be a list of screen ids"
            ),
            (
                #"{"flowID":"t","flowVersion":1,"screen":"a","pending":{"transition":1,"effect":0}}"#,
                "snapshot.pending.requestID should be present"
            ),
            (
                #"{"flowID":"t","flowVersion":1,"screen":"a","effectTimes":{"x":"soon"}}"#,
                "snapshot.effectTimes should be an object of times in seconds"
            ),
        ])
    func wrongShape(_ json: String, _ expected: String) {
        #expect(throws: (any Error).self) { try FlowSnapshot(json: Data(json.utf8)) }
        do {
            _ = try FlowSnapshot(json: Data(json.utf8))
        } catch {
            #expect("\(error)" == expected)
        }
    }
}
