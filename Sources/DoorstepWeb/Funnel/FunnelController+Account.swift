import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore
import Foundation
import HTTPTypes
import Hummingbird

/// `/account` for a browser signed in through any flow: each form posts an `_action`, runs through the
/// same services as the API, and answers the page again with what happened. A change that needs a
/// recent sign-in asks the person to confirm who they are first, on the same page.
extension FunnelController {
    func registerAccount(on router: IndexedRouter) {
        router.get("/account") { request, _ in try await showAccount(request) }
        router.post("/account") { request, _ in try await changeAccount(request) }
        router.get("/account/export") { request, _ in try await exportAccount(request) }
        router.post("/account/passkeys/options") { request, _ in try await accountPasskeyOptions(request) }
    }

    private func showAccount(_ request: Request) async throws -> Response {
        let browser = try await sessions.session(request)
        guard let caller = browser.state.signedIn?.caller else { return signedOutAccountPage() }
        let query = request.uri.queryParameters
        var response = try await accountPage(caller, browser) { page in
            page.notice = query.get("done").flatMap { Self.accountNotices[String($0)] }
            page.problem = query.get("problem").flatMap { Self.refusals[String($0)] }
            page.confirmation = query.get("confirm").flatMap { Self.confirmations[String($0)] }
        }
        sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
        return response
    }

    /// What a form that carried a password or a code did, named in the redirect that follows it (post,
    /// redirect, get: the page a browser keeps was never the answer to such a form).
    static let accountNotices: [String: String] = [
        "password": "Your password was saved.", "email": "Your email was changed.",
        "mfaOn": "Your authenticator app is on.", "mfaOff": "Your authenticator app is off.",
        "confirmed": "Thanks. You can make the change now.",
    ]
    static let confirmations: [String: FunnelPages.Confirmation] = [
        "password": .password, "mail": .mailACode, "code": .code,
    ]

    func accountRedirect(_ query: String) -> Response {
        Response(status: .seeOther, headers: [.location: "/account?" + query])
    }

    private func signedOutAccountPage() -> Response {
        Self.html(
            FunnelPages.error(
                title: "Your account", message: "Sign in through one of the flows to see your account.",
                link: ("/", "See all flows")))
    }

    /// The page for `caller`, with what the last action changed.
    private func accountPage(
        _ caller: Caller, _ browser: BrowserSession, _ edit: (inout AccountPage) -> Void = { _ in }
    )
        async throws -> Response
    {
        let user = try await services.auth.sessions.activeUser(caller)
        var page = AccountPage(
            user: user, passkeys: try await services.passkeys?.passkeys(of: caller.userID) ?? [],
            sessions: try await services.auth.sessions.sessions(caller),
            secondFactor: try await services.auth.secondFactor.secondFactorStatus(caller),
            csrfToken: browser.state.csrfToken)
        page.passkeysOn = services.passkeys != nil
        // The browser's languages first, then the one the account signed up in.
        page.language = ServerMessages.language(for: RequestInfo.current.preferredLanguages + [user.language ?? "en"])
        edit(&page)
        return Self.html(page.render())
    }

    private func exportAccount(_ request: Request) async throws -> Response {
        let browser = try await sessions.session(request)
        guard let caller = browser.state.signedIn?.caller,
            let export = try await services.exporter.export(userID: caller.userID)
        else { return signedOutAccountPage() }
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.contentDisposition] = "attachment; filename=\"account.json\""
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try export.jsonData(pretty: true))))
    }

    private func changeAccount(_ request: Request) async throws -> Response {
        // Big enough for a photo; the other forms are small.
        let form = try? await FunnelForm.read(request, size: .withPhoto)
        let browserSent = try await browserSending(form, request)
        guard var browser = browserSent, let form else {
            var expired = FunnelController.html(
                FunnelPages.error(
                    title: "Your account", message: "This form has expired. Open your account again.",
                    link: ("/account", "Your account")))
            expired.status = .forbidden
            return expired
        }
        guard let caller = browser.state.signedIn?.caller else { return signedOutAccountPage() }
        var response: Response
        let action = form.value(.action).flatMap(AccountAction.init(rawValue:))
        let carriesSecret = action?.carriesSecret ?? false
        do {
            response = try await perform(action, form, caller: caller, browser: &browser)
        } catch let problem as any ProblemConvertible where !Self.isOutage(problem) {
            let error = problem.serviceError
            // Confirmed on the page with a password or a mailed code; an account without an email address
            // (`signInAgainRequired`) has neither, and the page says to sign in again.
            if error == .reauthenticationRequired {
                let user = try await services.auth.sessions.activeUser(caller)
                let confirm = user.passwordHash == nil ? "mail" : "password"
                response =
                    carriesSecret
                    ? accountRedirect("confirm=\(confirm)")
                    : try await accountPage(caller, browser) { page in
                        page.confirmation = Self.confirmations[confirm]
                        page.problem = error.detail
                    }
            } else if carriesSecret {
                let asks = action == .confirm && form.value("password") == nil ? "&confirm=code" : ""
                response = accountRedirect(
                    "problem=\(Self.refusals[error.code.rawValue] == nil ? "invalid" : error.code.rawValue)\(asks)")
            } else {
                response = try await accountPage(caller, browser) {
                    $0.problem = error.fieldProblems.first?.message ?? error.detail
                }
            }
        }
        try await sessions.save(&browser)
        sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
        return response
    }

    /// A database that is away or a crowd at the hasher: not a refusal of what the person typed, so it
    /// goes on to the server's own answer (logged, 503 or 429) rather than "check what you typed".
    static func isOutage(_ problem: any ProblemConvertible) -> Bool {
        if problem is HashingBusy { return true }
        if case .unavailable = problem as? StorageError { return true }
        return false
    }

    private func perform(
        _ action: AccountAction?, _ form: FunnelForm, caller: Caller, browser: inout BrowserSession
    ) async throws -> Response {
        guard let action else {
            return try await accountPage(caller, browser) {
                $0.problem = "That form could not be read. Please try again."
            }
        }
        switch try await outcome(of: action, form, caller: caller) {
        case .page(let edit):
            return try await accountPage(caller, browser, edit)
        case .done(let what):
            return accountRedirect("done=\(what)")
        case .deleted:
            browser.state.signedIn = nil
            return Self.html(
                FunnelPages.error(
                    title: "Account deleted", message: "Your account and its data are gone.",
                    link: ("/", "All flows")))
        }
    }
}
