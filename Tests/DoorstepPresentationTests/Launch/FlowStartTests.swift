import DoorstepFlow
import DoorstepPresentation
import Testing

/// Starting a flow with and without the server.
@Suite("Flow start")
struct FlowStartTests {
    func tanda(version: Int) throws -> FlowDefinition {
        var flow = try #require(try FlowCatalog.bundled().flow("tanda"))
        flow.version = version
        return flow
    }

    @Test("The server's definition wins, is kept for next time, and no Retry shows")
    func serverAnswered() throws {
        let start = FlowStart(fetched: try tanda(version: 3), cached: try tanda(version: 9), bundled: nil)
        #expect(start.source == .server && start.definition?.version == 3)
        #expect(!start.offersRetry && start.message == nil)
        #expect(start.shouldCache)
    }

    @Test("Offline, the newer of the kept and the shipped copies starts, with Retry", arguments: [(4, 3), (3, 4)])
    func offlinePicksNewest(cachedVersion: Int, bundledVersion: Int) throws {
        let start = FlowStart(
            fetched: nil, cached: try tanda(version: cachedVersion), bundled: try tanda(version: bundledVersion))
        #expect(start.definition?.version == 4)
        #expect(start.source == (cachedVersion == 4 ? .cached : .bundled))
        #expect(start.offersRetry && start.message != nil)
        #expect(!start.shouldCache)
    }

    @Test("Offline with two copies of one version, the server's kept copy starts")
    func offlinePrefersCacheOnTie() throws {
        let start = FlowStart(fetched: nil, cached: try tanda(version: 3), bundled: try tanda(version: 3))
        #expect(start.source == .cached)
    }

    @Test("Offline with only the shipped copy, it starts")
    func offlineBundledOnly() throws {
        let start = FlowStart(fetched: nil, cached: nil, bundled: try tanda(version: 3))
        #expect(start.source == .bundled && start.offersRetry)
    }

    @Test("With no copy at all the start fails and offers Retry")
    func nothingToShow() {
        let start = FlowStart(fetched: nil, cached: nil, bundled: nil)
        #expect(start.definition == nil && start.offersRetry)
        #expect(start.message?.contains("connection") == true)
    }
}
