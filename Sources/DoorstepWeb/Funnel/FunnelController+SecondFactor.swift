import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore
import Foundation
import Hummingbird

/// "Enter the code from your authenticator app": a sign-in whose first factor was right, for an account
/// with a second factor, waits (its effect pending) while the browser is asked for the app's code. The
/// browser's session keeps only the challenge's hash; every form posts, then redirects, so no page the
/// browser keeps was the answer to a form that carried a password or a code.
extension FunnelController {
    static func secondFactorPath(_ flow: FlowDefinition) -> String { "/flows/\(flow.id)/mfa" }

    /// `GET /flows/:id/mfa`: the code field, with why the last code was refused (`?problem=`).
    func showSecondFactor(_ request: Request, _ context: DoorstepRequestContext) async throws -> Response {
        guard let flow = flow(context.parameters.get("id"), request) else { return notFound() }
        let browser = try await sessions.session(request)
        guard browser.state.pendingSecondFactor?.flowID == flow.id else {
            return Response(status: .seeOther, headers: [.location: "/flows/\(flow.id)"])
        }
        let message = request.uri.queryParameters.get("problem").flatMap { Self.refusals[String($0)] }
        var response = Self.html(
            FunnelPages.secondFactor(
                flow: flow, csrfToken: browser.state.csrfToken, message: message, language: Self.pageLanguage(request)))
        sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
        return response
    }

    /// `POST /flows/:id/mfa`: completes the waiting sign-in with the app's code (or a recovery code); a
    /// wrong code asks again, an expired sign-in goes back to the screen with the reason.
    func completeSecondFactor(_ request: Request, _ context: DoorstepRequestContext) async throws -> Response {
        guard let written = flow(context.parameters.get("id"), request) else { return notFound() }
        let form = try? await FunnelForm.read(request, size: .step)
        guard var browser = try await browserSending(form, request) else { return expiredForm(written) }
        let assignment = assigned(written, &browser, request)
        let flow = assignment.definition
        let variant = assignment.variant
        guard let pending = browser.state.pendingSecondFactor, pending.flowID == flow.id,
            let stored = browser.state.snapshots[flow.id],
            var engine = try? FlowEngine(flow: flow, restoring: stored, finishingPendingMove: true),
            let waiting = engine.snapshot.pending
        else { return Response(status: .seeOther, headers: [.location: "/flows/\(flow.id)"]) }
        engine.timeZone = browser.state.browserTimeZone
        var effects = makeEffects(browser: browser, request: request, upload: nil)
        do {
            effects.completedSignIn = try await services.auth.secondFactor.completeSecondFactor(
                challengeHash: pending.challengeHash, code: form?.value("code") ?? "", meta: effects.meta)
            await step(&engine, &effects, &browser, request, variant: variant) { host, effects in
                await host.enter(performer: &effects, now: { clock.now })
            }
        } catch let error as ServiceError where error.code == .invalidCode || error.code == .validationFailed {
            var response = Response(
                status: .seeOther, headers: [.location: Self.secondFactorPath(flow) + "?problem=wrong_app_code"])
            sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
            return response
        } catch let error as ServiceError {
            let outcome = EffectOutcome.failure(waiting.requestID, code: error.code.rawValue, message: error.detail)
            await step(&engine, &effects, &browser, request, variant: variant) { host, effects in
                await host.handle(.effectFinished(outcome), performer: &effects, now: { clock.now })
            }
        }
        browser.state.pendingSecondFactor = nil
        return try await settle(engine, effects, flow: flow, browser: &browser, request: request)
    }

    /// The words for a refusal named in a redirect's query: a fixed set, so a link cannot put words on
    /// the page.
    static let refusals: [String: String] = [
        "wrong_app_code": "That code isn't right. Enter the current code from your app.",
        "invalid_code": "That code isn't right.",
        "mfa_code_required": "Enter the code from your authenticator app.",
        "invalid_credentials": "That password isn't right.",
        "too_many_attempts": "Too many wrong tries. Please wait and try again later.",
        "weak_password": "That password is too common. Please choose another.",
        "invalid": "That didn't work. Please check what you typed and try again.",
        "reauthentication_required": "For your security, sign in again before making this change.",
    ]
}
