import DoorstepFlow
import DoorstepServerCore
import Foundation
import Hummingbird

/// `/admin`: every flow's funnel for a browser that gave the admin token, or that is signed in
/// (through any flow) with an account on the admin list; a token form for anyone else.
struct AdminController: Sendable {
    let catalog: FlowCatalog
    let services: ServerServices
    let sessions: BrowserSessions
    let storage: any Storage

    func register(on router: IndexedRouter) {
        router.get("/admin") { request, _ in try await show(request) }
        router.post("/admin") { request, _ in try await signIn(request) }
    }

    private func show(_ request: Request) async throws -> Response {
        let browser = try await sessions.session(request)
        var response: Response
        if try await isAdmin(browser) {
            var reports: [(flow: FlowDefinition, report: FunnelReport)] = []
            for flow in catalog.flows {
                reports.append(
                    (flow, try await services.analytics.funnel(flowID: flow.id, version: nil, variant: nil)))
            }
            response = FunnelController.html(AdminPages.dashboard(reports, window: "last 30 days"))
        } else {
            response = FunnelController.html(AdminPages.signIn(csrfToken: browser.state.csrfToken, refused: false))
        }
        sessions.setCookie(on: &response, for: browser, secure: FunnelController.isSecure(request))
        return response
    }

    private func signIn(_ request: Request) async throws -> Response {
        let form = try? FunnelForm.parse(
            try await request.body.collect(upTo: 16 * 1024), contentType: request.headers[.contentType])
        var browser = try await sessions.session(request)
        guard !browser.cookieChanged, CSRF.matches(form?.value("_csrf"), browser.state.csrfToken) else {
            var response = FunnelController.html(
                FunnelPages.error(
                    title: "This form has expired", message: "Open the admin page again.", link: ("/admin", "Admin")))
            response.status = .forbidden
            return response
        }
        guard let token = form?.value("token"), services.admins.allows(token: token) else {
            var response = FunnelController.html(
                AdminPages.signIn(csrfToken: browser.state.csrfToken, refused: true))
            response.status = .unauthorized
            return response
        }
        browser.state.adminTokenHash = Digests.sha256Hex(token)
        try await sessions.save(&browser)
        var response = Response(status: .seeOther, headers: [.location: "/admin"])
        sessions.setCookie(on: &response, for: browser, secure: FunnelController.isSecure(request))
        return response
    }

    /// Whether the browser gave the current admin token, or is signed in as an admin.
    private func isAdmin(_ browser: BrowserSession) async throws -> Bool {
        if let hash = browser.state.adminTokenHash, services.admins.allows(tokenHash: hash) { return true }
        guard let signedIn = browser.state.signedIn,
            let user = try await storage.read({ try await $0.user(id: signedIn.userID) })
        else { return false }
        return services.admins.allows(user)
    }
}
