import DoorstepFlow
import DoorstepHTTP
import DoorstepPresentation
import DoorstepServerCore
import Foundation
import HTTPTypes
import Hummingbird

/// What a step leaves behind: the walk kept on the server, and the browser's sign-in and cookies.
extension FunnelController {
    /// Keeps the walk on the server too, so an app signed in to the same account can resume it.
    func syncProgress(_ snapshot: FlowSnapshot, browser: inout BrowserSession) async {
        guard let caller = browser.state.signedIn?.caller else { return }
        let flowID = snapshot.flowID
        let flows = services.flows
        browser.state.serverRevisions[flowID] = await ProgressSync.sync(
            snapshot, lastSeen: browser.state.serverRevisions[flowID],
            save: { try await flows.saveProgress(caller, flowID: flowID, baseRevision: $0, snapshot: snapshot.value) },
            currentRevision: { try await flows.progress(caller, flowID: flowID).revision })
    }

    /// Keeps what an effect resumed outside a screen's form (a provider's return, a second factor)
    /// left — who is signed in, the walk, its progress on the server — and shows the screen it reached.
    func settle(
        _ engine: FlowEngine, _ effects: FunnelEffects, flow: FlowDefinition, browser: inout BrowserSession,
        request: Request
    ) async throws -> Response {
        browser.state.signedIn = effects.signedIn
        browser.state.snapshots[flow.id] = engine.snapshot
        let closingCookie = endSignInWithBrowser(unless: effects, &browser, request)
        await syncProgress(engine.snapshot, browser: &browser)
        try await sessions.save(&browser)
        var response = redirect(to: flow, engine: engine)
        sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
        if let closingCookie { response.setCookie(closingCookie) }
        return response
    }

    /// For a sign-in made without "Remember me" — on a screen's form, after its second factor or on a
    /// provider's return alike — ties the browser's sign-in to a cookie that ends with the browser;
    /// returns that cookie to set.
    func endSignInWithBrowser(
        unless effects: FunnelEffects, _ browser: inout BrowserSession, _ request: Request
    ) -> Cookie? {
        guard !effects.remembersSignIn, var signedIn = browser.state.signedIn, signedIn.closingCookieHash == nil
        else { return nil }
        let cookie = sessions.endWhenBrowserCloses(&signedIn, secure: Self.isSecure(request))
        browser.state.signedIn = signedIn
        return cookie
    }
}
