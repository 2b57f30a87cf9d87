import DoorstepFlow
import Foundation
import Testing

@Suite("Progress")
struct FlowProgressTests {
    @Test("Screens outside any section show no bar but still count toward the whole")
    func noTrack() throws {
        var driver = try FlowDriver(flow: "tanda")
        driver.tap("getStarted")
        #expect(driver.engine.progress.track == nil)
        #expect(driver.engine.progress.fraction > 0)
        #expect(driver.engine.progress.fraction < 1)
    }

    @Test("The whole-flow fraction follows the branch the answers predict")
    func branching() throws {
        var newcomer = try FlowDriver(flow: "tanda")
        newcomer.tap("getStarted")
        newcomer.answer("email", "sam@example.com")
        var returning = newcomer
        newcomer.on("identify", succeedWith: ["account.exists": false])
        returning.on("identify", succeedWith: ["account.exists": true])
        newcomer.tap("continue")
        returning.tap("continue")
        #expect(
            returning.engine.progress.fraction > newcomer.engine.progress.fraction,
            "the login branch is shorter, so the returning person is further along")
    }

    @Test("Progress only grows along a straight walk, and ends at 1", arguments: FlowCatalog.referenceIDs)
    func monotonic(_ id: String) throws {
        let walk = FlowSimulator(flow: try Catalog.flow(id), now: Date(timeIntervalSince1970: 1_790_000_000)).run()
        let fractions = walk.steps.map(\.progress)
        #expect(fractions == fractions.sorted())
        #expect(fractions.last == 1)
        #expect(fractions.first == 0)
    }
}
