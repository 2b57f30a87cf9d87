import DoorstepFlow
import DoorstepPresentation
import Foundation
import Testing

/// The layouts the specs draw: centred heroes and celebrations, FamilySync's bottom 40 %, symbol tiles.
@Suite("Screen arrangement")
struct ScreenArrangementTests {
    func present(_ flowID: String, _ screen: String) throws -> ScreenPresentation {
        let flow = try #require(try FlowCatalog.bundled().flow(flowID))
        let snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: screen)
        let engine = try FlowEngine(flow: flow, restoring: snapshot)
        return ScreenPresenter(engine: engine, now: Date(timeIntervalSince1970: 1_800_000_000)).present()
    }

    func symbol(_ screen: ScreenPresentation) throws -> SymbolContent {
        for block in screen.blocks {
            if case .symbol(let symbol) = block.content { return symbol }
        }
        throw ArrangementTestError.noSymbol(screen.screenID)
    }

    @Test(
        "Screens that ask nothing and lead with a symbol or an orb are centred",
        arguments: [
            ("trainer", "introHero"), ("trainer", "success"), ("destiny", "splash"), ("tanda", "celebration"),
            ("kordant", "enableFaceID"), ("trainer", "notifications"),
        ])
    func centred(flowID: String, screen: String) throws {
        #expect(try present(flowID, screen).arrangement == .centered)
    }

    @Test(
        "Forms read from the top",
        arguments: [("tanda", "createAccount"), ("kordant", "login"), ("trainer", "age"), ("destiny", "auth")])
    func fromTheTop(flowID: String, screen: String) throws {
        #expect(try present(flowID, screen).arrangement == nil)
    }

    @Test("FamilySync's slides float their symbol on glass and anchor their words to the bottom 40 %")
    func familySyncSlides() throws {
        for slide in ["slide1", "slide2", "slide3"] {
            let screen = try present("familysync", slide)
            #expect(screen.arrangement == .bottomAnchored(fraction: 0.4))
            #expect(try symbol(screen).tile == .glass)
        }
    }

    @Test("TANDA's celebration draws its check mark on a filled circle; Kordant's circled check stays bare")
    func celebrationCircle() throws {
        #expect(try symbol(present("tanda", "celebration")).tile == .filledCircle)
        #expect(try symbol(present("kordant", "done")).tile == nil)
        #expect(try symbol(present("tanda", "verifyEmail")).tile == nil)
    }
}

enum ArrangementTestError: Error {
    case noSymbol(String)
}
