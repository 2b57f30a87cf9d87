import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore
import Foundation
import Hummingbird

/// "Confirm it's you": when a screen's change needs a recent sign-in (setting a password, adding a
/// passkey) and the browser's sign-in is older, the funnel asks for the account's password — or mails
/// a code when it has none — then sends the person back to the screen to try again.
extension FunnelController {
    /// Where a screen sends the browser when its change needs the person to confirm who they are.
    static func confirmationPath(_ flow: FlowDefinition) -> String { "/flows/\(flow.id)/confirm" }

    /// `GET /flows/:id/confirm`: the password field, or a button that mails a code.
    func showConfirmation(_ request: Request, _ context: DoorstepRequestContext) async throws -> Response {
        guard let flow = flow(context.parameters.get("id"), request) else { return notFound() }
        let browser = try await sessions.session(request)
        guard let caller = browser.state.signedIn?.caller,
            let user = try? await services.auth.sessions.activeUser(caller), user.email != nil
        else { return Response(status: .seeOther, headers: [.location: "/flows/\(flow.id)"]) }
        let query = request.uri.queryParameters
        let asks: FunnelPages.Confirmation =
            query.get("asks") == "code" ? .code : user.passwordHash == nil ? .mailACode : .password
        let asksSecondFactor = (try? await services.auth.secondFactor.secondFactorStatus(caller).enabled) ?? false
        return Self.html(
            FunnelPages.confirmIdentity(
                flow: flow, csrfToken: browser.state.csrfToken, asks: asks, asksSecondFactor: asksSecondFactor,
                message: query.get("problem").flatMap { Self.refusals[String($0)] },
                language: Self.pageLanguage(request)))
    }

    /// `POST /flows/:id/confirm`: mails a code (`_action=send`) or checks the password or code, then
    /// returns to the flow.
    func confirm(_ request: Request, _ context: DoorstepRequestContext) async throws -> Response {
        guard let flow = flow(context.parameters.get("id"), request) else { return notFound() }
        let form = try? await FunnelForm.read(request, size: .step)
        guard let browser = try await browserSending(form, request) else { return expiredForm(flow) }
        guard let form, let caller = browser.state.signedIn?.caller,
            let user = try? await services.auth.sessions.activeUser(caller), let email = user.email
        else { return Response(status: .seeOther, headers: [.location: "/flows/\(flow.id)"]) }
        let asksSecondFactor = (try? await services.auth.secondFactor.secondFactorStatus(caller).enabled) ?? false
        func page(_ asks: FunnelPages.Confirmation, _ message: String?) -> Response {
            Self.html(
                FunnelPages.confirmIdentity(
                    flow: flow, csrfToken: browser.state.csrfToken, asks: asks, asksSecondFactor: asksSecondFactor,
                    message: message,
                    language: Self.pageLanguage(request)))
        }
        if form.value(.action) == ConfirmationRequest.send.rawValue {
            do {
                _ = try await services.auth.codes.sendCode(email: email, purpose: .login)
                return page(.code, nil)
            } catch let error as ServiceError {
                return page(.code, error.detail)
            }
        }
        let password = form.filled("password")
        let code = form.filled("code")
        let asks = password != nil || user.passwordHash != nil ? "password" : "code"
        do {
            try await services.auth.recentSignIn.reauthenticate(
                password: password, code: password == nil ? code : nil,
                secondFactorCode: form.filled("mfaCode"), caller: caller)
        } catch let error as ServiceError {
            // Post, redirect, get: the form that carried the password or code is not a page kept.
            let problem = Self.refusals[error.code.rawValue] == nil ? "invalid" : error.code.rawValue
            return Response(
                status: .seeOther,
                headers: [.location: Self.confirmationPath(flow) + "?asks=\(asks)&problem=\(problem)"])
        }
        return Response(status: .seeOther, headers: [.location: "/flows/\(flow.id)"])
    }
}

extension FunnelController {
    /// The language of the funnel's own pages for `request`: the one chosen on a page, else the
    /// browser's, among the server's.
    static func pageLanguage(_ request: Request) -> String {
        ServerMessages.language(for: FunnelLanguage.preferred(by: request))
    }
}
