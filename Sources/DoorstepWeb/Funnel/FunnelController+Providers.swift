import DoorstepFlow
import DoorstepHTTP
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
        let codeVerifier = sessions.random.token()
        browser.state.pendingSignIn = FunnelState.PendingSignIn(
            provider: configuration.name, flowID: flow.id, stateHash: Digests.sha256Hex(state), rawNonce: rawNonce,
            codeVerifier: codeVerifier)
        try await sessions.save(&browser)
        let nonce = configuration.hashesNonce ? Digests.sha256Hex(rawNonce) : rawNonce
        let url = web.authorizationRequest(
            redirectURI: redirectURI(for: configuration.name), state: state, nonce: nonce,
            codeChallenge: WebSignIn.codeChallenge(for: codeVerifier))
        var response = Response(status: .seeOther, headers: [.location: url.absoluteString])
        sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
        return response
    }

    /// `GET /flows/signin/{provider}?code&state`: finishes the sign-in the walk is waiting on, or
    /// reports it cancelled, then shows the screen the walk reached.
    func providerReturned(_ request: Request, _ context: DoorstepRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        guard
            var browser = try await sessions.existing(request),
            let pending = browser.state.pendingSignIn, pending.provider == context.parameters.get("provider"),
            let written = flow(pending.flowID, request),
            CSRF.matches(query.get("state").map(Digests.sha256Hex), pending.stateHash)
        else {
            return notFound()
        }
        browser.state.pendingSignIn = nil
        let assignment = assigned(written, &browser, request)
        let flow = assignment.definition
        let variant = assignment.variant
        guard let stored = browser.state.snapshots[flow.id],
            var engine = try? FlowEngine(flow: flow, restoring: stored),
            let waiting = engine.snapshot.pending
        else {
            try await sessions.save(&browser)
            var response = Response(status: .seeOther, headers: [.location: "/flows/\(flow.id)"])
            sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
            return response
        }
        var effects = makeEffects(browser: browser, request: request, upload: nil)
        engine.timeZone = browser.state.browserTimeZone
        if let code = query.get("code"), let web = webSignIns[pending.provider]?.web,
            let codeVerifier = pending.codeVerifier
        {
            do {
                let token = try await web.identityToken(
                    forCode: code, redirectURI: redirectURI(for: pending.provider), codeVerifier: codeVerifier,
                    fetcher: fetcher)
                effects.providerCredential = (pending.provider, token, pending.rawNonce)
                await step(&engine, &effects, &browser, request, variant: variant) { host, effects in
                    await host.enter(performer: &effects, now: { clock.now })
                }
            } catch let error as ServiceError {
                let outcome = EffectOutcome.failure(waiting.requestID, code: error.code.rawValue, message: error.detail)
                await step(&engine, &effects, &browser, request, variant: variant) { host, effects in
                    await host.handle(.effectFinished(outcome), performer: &effects, now: { clock.now })
                }
            }
        } else {
            let outcome = EffectOutcome.failure(waiting.requestID, code: ErrorCode.cancelled.rawValue)
            await step(&engine, &effects, &browser, request, variant: variant) { host, effects in
                await host.handle(.effectFinished(outcome), performer: &effects, now: { clock.now })
            }
        }
        return try await settle(engine, effects, flow: flow, browser: &browser, request: request)
    }

    /// Where the provider sends the browser back: this server at its public URL (on a developer's
    /// machine without one, `http://localhost`) — never the request's `Host`, which the sender picks.
    func redirectURI(for provider: String) -> String {
        var base = publicURL ?? "http://localhost"
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)/flows/signin/\(provider)"
    }
}
