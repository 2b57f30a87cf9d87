import DoorstepFlow
import DoorstepPresentation
import Testing

@Suite("A start waits for the server a few seconds, not a request's full minute")
struct FlowStartFetchTests {
    func tanda() throws -> FlowDefinition {
        try #require(try FlowCatalog.bundled().flow("tanda"))
    }

    @Test("A server that answers in time gives its definition")
    func answers() async throws {
        let flow = try tanda()
        #expect(await FlowStart.fetched(within: .seconds(60)) { flow } == flow)
    }

    @Test("A server that fails gives nothing at once")
    func fails() async {
        struct Offline: Error {}
        #expect(await FlowStart.fetched(within: .seconds(60)) { throw Offline() } == nil)
    }

    @Test("A server that never answers gives nothing once the wait is over, and its request is cancelled")
    func silent() async {
        await confirmation("the request is cancelled") { cancelled in
            let started = await FlowStart.fetched(within: .milliseconds(20)) {
                // A server that accepted the connection and says nothing: only cancelling ends the wait.
                try await withTaskCancellationHandler {
                    try await Task.sleep(for: .seconds(3600))
                } onCancel: {
                    cancelled()
                }
                return try tanda()
            }
            #expect(started == nil)
        }
    }
}
