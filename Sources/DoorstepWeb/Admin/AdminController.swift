import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore
import Foundation
import Hummingbird

/// `/admin`: every flow's funnel, the audit log and the webhook endpoints, for a browser that gave the
/// admin token or that is signed in (through any flow) with an account on the admin list; a token
/// form for anyone else. Every change made here is written to the audit log with the admin as actor.
package struct AdminController: Sendable {
    let catalog: FlowCatalog
    let services: ServerServices
    let sessions: BrowserSessions
    let storage: any Storage
    /// Where admin actions are recorded, and what the audit page reads.
    let audit: AuditTrail
    /// The webhook endpoints the admin page lists, adds and removes.
    let webhooks: WebhookEndpoints

    package func register(on router: IndexedRouter) {
        router.get("/admin") { request, _ in try await show(request) }
        router.post("/admin") { request, _ in try await signIn(request) }
        router.post("/admin/sign-out") { request, _ in try await signOut(request) }
        router.get("/admin/audit") { request, _ in try await showAudit(request) }
        router.get("/admin/webhooks") { request, _ in try await showWebhooks(request) }
        router.post("/admin/webhooks") { request, _ in try await addWebhook(request) }
        router.post("/admin/webhooks/:id/remove") { request, context in
            try await changeWebhook(request, id: context.parameters.get("id"), change: .remove)
        }
        router.post("/admin/webhooks/:id/rotate") { request, context in
            try await changeWebhook(request, id: context.parameters.get("id"), change: .rotate)
        }
    }

    private func show(_ request: Request) async throws -> Response {
        let browser = try await sessions.session(request)
        var response: Response
        if try await admin(browser) != nil {
            var reports: [(flow: FlowDefinition, report: FunnelReport)] = []
            for flow in catalog.flows {
                reports.append(
                    (flow, try await services.analytics.funnel(flowID: flow.id, version: nil, variant: nil)))
            }
            response = FunnelController.html(
                AdminPages.dashboard(reports, window: "last 30 days", csrfToken: browser.state.csrfToken))
        } else {
            response = FunnelController.html(AdminPages.signIn(csrfToken: browser.state.csrfToken, refused: false))
        }
        sessions.setCookie(on: &response, for: browser, secure: FunnelController.isSecure(request))
        return response
    }

    private func signIn(_ request: Request) async throws -> Response {
        let form = try? await FunnelForm.read(request, size: .small)
        var browser = try await sessions.session(request)
        guard !browser.cookieChanged, CSRF.matches(form?.value(.csrf), browser.state.csrfToken) else {
            return Self.expiredForm()
        }
        guard let token = form?.value("token"), services.admins.allows(token: token) else {
            audit.append("admin_sign_in_failed", account: nil, actor: "admin:unknown")
            var response = FunnelController.html(
                AdminPages.signIn(csrfToken: browser.state.csrfToken, refused: true))
            response.status = .unauthorized
            return response
        }
        browser.state.adminTokenHash = Digests.sha256Hex(token)
        try await sessions.save(&browser)
        await record("admin_signed_in", by: Self.tokenActor)
        var response = Response(status: .seeOther, headers: [.location: "/admin"])
        sessions.setCookie(on: &response, for: browser, secure: FunnelController.isSecure(request))
        return response
    }

    /// Signs the browser out of the admin area: it forgets the admin token it was given, and a browser
    /// signed in as an admin account is signed out, its session ended, so a shared computer keeps no
    /// way back in.
    private func signOut(_ request: Request) async throws -> Response {
        let posted = try await adminForm(request)
        guard case .admin(let actor, var browser, _) = posted else { return Self.refused(posted) }
        browser.state.adminTokenHash = nil
        if let signedIn = browser.state.signedIn {
            try await services.auth.sessions.logOut(signedIn.caller)
            browser.state.signedIn = nil
        }
        try await sessions.save(&browser)
        await record("admin_signed_out", by: actor)
        var response = Response(status: .seeOther, headers: [.location: "/admin"])
        sessions.setCookie(on: &response, for: browser, secure: FunnelController.isSecure(request))
        return response
    }

    /// The actor an admin's entries name: `admin:token` for whoever gave the token.
    static let tokenActor = "admin:token"

    /// Who the browser is as an admin — `admin:token` when it gave the current admin token,
    /// `admin:<account id>` when it is signed in as an admin — or nil.
    func admin(_ browser: BrowserSession) async throws -> String? {
        if let hash = browser.state.adminTokenHash, services.admins.allows(tokenHash: hash) { return Self.tokenActor }
        guard let signedIn = browser.state.signedIn,
            let user = try await storage.read({ try await $0.user(id: signedIn.userID) }),
            services.admins.allows(user)
        else { return nil }
        return "admin:\(user.id.lowercasedText)"
    }

    /// Writes an admin action to the audit log at once, so the audit page shows it next.
    func record(_ event: String, account: UUID? = nil, by actor: String, detail: String? = nil) async {
        audit.append(event, account: account, actor: actor, detail: detail)
        await audit.flush()
    }

    /// The page for a form whose CSRF token did not match.
    static func expiredForm() -> Response {
        var response = FunnelController.html(
            FunnelPages.error(
                title: "This form has expired", message: "Open the admin page again.", link: ("/admin", "Admin")))
        response.status = .forbidden
        return response
    }

    /// The answer to someone who is not an admin: the token form, 401.
    func notAdmin(_ browser: BrowserSession, _ request: Request) -> Response {
        var response = FunnelController.html(AdminPages.signIn(csrfToken: browser.state.csrfToken, refused: false))
        response.status = .unauthorized
        sessions.setCookie(on: &response, for: browser, secure: FunnelController.isSecure(request))
        return response
    }

    /// A page of the admin area answering `status`, with a message about what was wrong.
    static func refusal(_ status: HTTPResponse.Status, title: String, message: String, back: String) -> Response {
        var response = FunnelController.html(
            FunnelPages.error(title: title, message: message, link: (back, "Back")))
        response.status = status
        return response
    }

    /// Creates it from its parts.
    package init(
        catalog: FlowCatalog, services: ServerServices, sessions: BrowserSessions, storage: any Storage,
        audit: AuditTrail, webhooks: WebhookEndpoints
    ) {
        self.catalog = catalog
        self.services = services
        self.sessions = sessions
        self.storage = storage
        self.audit = audit
        self.webhooks = webhooks
    }
}
