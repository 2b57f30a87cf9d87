import DoorstepFlow
import DoorstepPresentation
import Foundation
import Testing

/// A carousel page turns from a swipe anywhere on it, in the reading direction.
@Suite("Carousel swipe")
struct CarouselSwipeTests {
    func carousel(_ screen: String) throws -> CarouselPresentation {
        let flow = try #require(try FlowCatalog.bundled().flow("familysync"))
        let snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: screen)
        let engine = try FlowEngine(flow: flow, restoring: snapshot)
        let presentation = ScreenPresenter(engine: engine, now: Date(timeIntervalSince1970: 1_800_000_000)).present()
        return try #require(presentation.carousel)
    }

    @Test("Leftward goes on and rightward back; right to left, the other way round")
    func directions() throws {
        let middle = try carousel("slide2")
        let next = try #require(middle.next)
        let back = try #require(middle.back)
        #expect(middle.swipeAction(width: -80, height: 10) == next)
        #expect(middle.swipeAction(width: 80, height: 10) == back)
        #expect(middle.swipeAction(width: -80, height: 10, isRightToLeft: true) == back)
        #expect(middle.swipeAction(width: 80, height: 10, isRightToLeft: true) == next)
    }

    @Test("A short or mostly vertical drag turns nothing; the first slide has nowhere back to go")
    func ignored() throws {
        let middle = try carousel("slide2")
        #expect(middle.swipeAction(width: -20, height: 0) == nil)
        #expect(middle.swipeAction(width: -60, height: 120) == nil)
        #expect(try carousel("slide1").swipeAction(width: 80, height: 0) == nil)
    }
}
