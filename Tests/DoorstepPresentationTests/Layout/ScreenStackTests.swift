import DoorstepFlow
import DoorstepPresentation
import Foundation
import Testing

/// TANDA's half sheets open over the screen before them and close when a page follows.
@Suite("Screen stack")
struct ScreenStackTests {
    func tanda(_ screen: String) throws -> ScreenPresentation {
        let flow = try #require(try FlowCatalog.bundled().flow("tanda"))
        let snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: screen)
        let engine = try FlowEngine(flow: flow, restoring: snapshot)
        return ScreenPresenter(engine: engine, now: Date(timeIntervalSince1970: 1_800_000_000)).present()
    }

    @Test("The sign-up sheet opens over the carousel, which stays drawn underneath")
    func sheetOverPage() throws {
        var stack = ScreenStack()
        stack.show(try tanda("slide1"))
        stack.show(try tanda("createAccount"))
        #expect(stack.page?.screenID == "slide1")
        #expect(stack.sheet?.screenID == "createAccount")
        #expect(stack.current?.screenID == "createAccount")
    }

    @Test("One sheet follows another over the same page")
    func sheetReplacesSheet() throws {
        var stack = ScreenStack()
        stack.show(try tanda("slide2"))
        stack.show(try tanda("createAccount"))
        stack.show(try tanda("passwordLogin"))
        #expect(stack.page?.screenID == "slide2" && stack.sheet?.screenID == "passwordLogin")
    }

    @Test("A full-screen cover after the sheet closes it and replaces the page")
    func coverClosesSheet() throws {
        var stack = ScreenStack()
        stack.show(try tanda("slide1"))
        stack.show(try tanda("createAccount"))
        stack.show(try tanda("verifyEmail"))
        #expect(stack.page?.screenID == "verifyEmail" && stack.sheet == nil)
    }

    @Test("A flow resumed on a sheet draws it as the page")
    func sheetWithoutPage() throws {
        var stack = ScreenStack()
        stack.show(try tanda("passwordLogin"))
        #expect(stack.page?.screenID == "passwordLogin" && stack.sheet == nil)
    }

    @Test("The system's sheets are presented from one layer, the topmost: the sheet while one shows, else the page")
    func promptLayer() throws {
        var stack = ScreenStack()
        stack.show(try tanda("slide1"))
        #expect(stack.promptLayer == .page)
        stack.show(try tanda("createAccount"))
        #expect(stack.promptLayer == .sheet)
        stack.show(try tanda("verifyEmail"))
        #expect(stack.promptLayer == .page)
    }
}
