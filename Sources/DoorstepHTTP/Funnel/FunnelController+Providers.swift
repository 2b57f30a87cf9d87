import DoorstepFlow
import DoorstepServerCore
import Foundation
import HTTPTypes
import Hummingbird

/// Sign in with Apple or Google from the browser: the funnel sends the person to the provider with a
/// state and a nonce, the provider sends them back with a code, and the code becomes the identity
/// token the waiting sign-in effect needed.
extension FunnelController {
    /// Remembers what the provider must send back, then sends the browser there.
    func sendToProvider(
        _ configuration: IdentityProviderConfiguration, flow: FlowDefinition, browser: inout BrowserSession,
        request: Request
    ) async throws -> Response {
        guard let web = configuration.web else { return notFound() }
        let state = sessions.random.token()
        let rawNonce = sessions.random.token()
        browser.state.pendingSignIn = FunnelState.PendingSignIn(
            provider: configuration.name, flowID: flow.id, stateHash: Digests.sha256Hex(state), rawNonce: rawNonce)
        try await sessions.save(browser)
        let nonce = configuration.hashesNonce ? Digests.sha256Hex(rawNonce) : rawNonce
        let url = web.authorizationRequest(
            redirectURI: Self.redirectURI(for: configuration.name, request: request), state: state, nonce: nonce)
        return Response(status: .seeOther, headers: [.location: url.absoluteString])
    }

    /// `GET /flows/signin/{provider}?code&state`: finishes the sign-in the walk is waiting on, or
    /// reports it cancelled, then shows the screen the walk reached.
    func providerReturned(_ request: Request, _ context: DoorstepRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        guard
            var browser = try await sessions.existing(
                cookieValue: request.cookies[BrowserSessions.cookieName]?.value),
            let pending = browser.state.pendingSignIn, pending.provider == context.parameters.get("provider"),
            let written = catalog.flow(pending.flowID),
            CSRF.matches(query.get("state").map(Digests.sha256Hex), pending.stateHash)
        else {
            return notFound()
        }
        browser.state.pendingSignIn = nil
        await checkSignedIn(&browser, request)
        let flow = assigned(written, &browser, request).definition
        guard let stored = browser.state.snapshots[flow.id],
            var engine = try? FlowEngine(flow: flow, restoring: stored),
            let waiting = engine.snapshot.pending
        else {
            try await sessions.save(browser)
            return Response(status: .seeOther, headers: [.location: "/flows/\(flow.id)"])
        }
        var effects = makeEffects(flow: flow, browser: browser, request: request, context: context, upload: nil)
        if let code = query.get("code"), let web = webSignIns[pending.provider]?.web {
            do {
                let token = try await web.identityToken(
                    forCode: code, redirectURI: Self.redirectURI(for: pending.provider, request: request),
                    fetcher: fetcher)
                effects.providerCredential = (pending.provider, token, pending.rawNonce)
                await run(engine.enteringCommands(), engine: &engine, effects: &effects)
            } catch let error as ServiceError {
                let outcome = EffectOutcome.failure(waiting.requestID, code: error.code.rawValue, message: error.detail)
                await run(engine.handle(.effectFinished(outcome), at: clock.now), engine: &engine, effects: &effects)
            }
        } else {
            let outcome = EffectOutcome.failure(waiting.requestID, code: "cancelled")
            await run(engine.handle(.effectFinished(outcome), at: clock.now), engine: &engine, effects: &effects)
        }
        browser.state.signedIn = effects.signedIn
        browser.state.snapshots[flow.id] = engine.snapshot
        await syncProgress(engine.snapshot, browser: &browser)
        try await sessions.save(browser)
        return redirect(to: flow, engine: engine)
    }

    /// Where the provider sends the browser back: this server, as the browser reached it.
    static func redirectURI(for provider: String, request: Request) -> String {
        let host = request.head.authority ?? "localhost"
        return "\(isSecure(request) ? "https" : "http")://\(host)/flows/signin/\(provider)"
    }
}
