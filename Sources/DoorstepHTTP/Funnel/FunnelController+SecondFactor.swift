import DoorstepFlow
import DoorstepServerCore
import Foundation
import Hummingbird

/// "Enter the code from your authenticator app": a sign-in whose first factor was right, for an account
/// with a second factor, waits (its effect pending) while the browser is asked for the app's code.
/// The challenge travels only in the page's form, never in the browser's stored session.
extension FunnelController {
    /// The page asking for the code, answered to the form that signed in (never stored or cached).
    func secondFactorPage(flow: FlowDefinition, browser: BrowserSession, challenge: String, message: String?)
        -> Response
    {
        Self.html(
            FunnelPages.secondFactor(
                flow: flow, csrfToken: browser.state.csrfToken, challenge: challenge, message: message))
    }

    /// `POST /flows/:id/mfa`: completes the waiting sign-in with the app's code (or a recovery code); a
    /// wrong code asks again, an expired sign-in goes back to the screen with the reason.
    func completeSecondFactor(_ request: Request, _ context: DoorstepRequestContext) async throws -> Response {
        guard let written = context.parameters.get("id").flatMap(catalog.flow) else { return notFound() }
        let form = try? FunnelForm.parse(
            try await request.body.collect(upTo: 64 * 1024), contentType: request.headers[.contentType])
        guard var browser = try await browserSending(form, request) else { return expiredForm(written) }
        let flow = assigned(written, &browser, request).definition
        guard let form, let challenge = form.value("challenge"),
            let stored = browser.state.snapshots[flow.id],
            var engine = try? FlowEngine(flow: flow, restoring: stored, finishingPendingMove: true),
            let waiting = engine.snapshot.pending
        else { return Response(status: .seeOther, headers: [.location: "/flows/\(flow.id)"]) }
        var effects = makeEffects(flow: flow, browser: browser, request: request, context: context, upload: nil)
        do {
            effects.completedSignIn = try await services.auth.completeSecondFactor(
                challenge: challenge, code: form.value("code") ?? "", meta: effects.meta)
            await run(engine.enteringCommands(), engine: &engine, effects: &effects)
        } catch let error as ServiceError where error.code == .invalidCode || error.code == .validationFailed {
            return secondFactorPage(flow: flow, browser: browser, challenge: challenge, message: error.detail)
        } catch let error as ServiceError {
            let outcome = EffectOutcome.failure(waiting.requestID, code: error.code.rawValue, message: error.detail)
            await run(engine.handle(.effectFinished(outcome), at: clock.now), engine: &engine, effects: &effects)
        }
        browser.state.signedIn = effects.signedIn
        browser.state.snapshots[flow.id] = engine.snapshot
        await syncProgress(engine.snapshot, browser: &browser)
        try await sessions.save(&browser)
        var response = redirect(to: flow, engine: engine)
        sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
        return response
    }
}
