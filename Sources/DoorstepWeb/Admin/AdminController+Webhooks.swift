import DoorstepHTTP
import DoorstepServerCore
import Foundation
import Hummingbird

/// `/admin/webhooks`: the endpoints, whether they answer and their latest failures; adding one
/// (its secret shown once), rotating its secret and removing it.
extension AdminController {
    enum WebhookChange {
        case remove, rotate
    }

    /// Notices a change names in the redirect that follows it.
    static let webhookNotices: [String: String] = ["removed": "The endpoint was removed."]

    func showWebhooks(_ request: Request) async throws -> Response {
        let browser = try await sessions.session(request)
        guard try await admin(browser) != nil else { return notAdmin(browser, request) }
        let notice = request.uri.queryParameters.get("done").flatMap { Self.webhookNotices[String($0)] }
        var response = try await webhooksPage(csrfToken: browser.state.csrfToken, notice: notice)
        sessions.setCookie(on: &response, for: browser, secure: FunnelController.isSecure(request))
        return response
    }

    private func webhooksPage(
        csrfToken: String, notice: String? = nil, problem: String? = nil, created: WebhookEndpoints.Created? = nil
    ) async throws -> Response {
        var listed: [AdminPages.WebhookRow] = []
        for endpoint in try await webhooks.list() {
            let failures = try await webhooks.deliveries(of: endpoint.id, limit: 50).filter { $0.lastError != nil }
            listed.append(AdminPages.WebhookRow(endpoint: endpoint, failures: Array(failures.prefix(5))))
        }
        return FunnelController.html(
            AdminPages.webhooks(listed, csrfToken: csrfToken, notice: notice, problem: problem, created: created))
    }

    func addWebhook(_ request: Request) async throws -> Response {
        let posted = try await adminForm(request)
        guard case .admin(let actor, let browser, let form) = posted else { return Self.refused(posted) }
        let url = (form.value("url") ?? "").trimmingCharacters(in: .whitespaces)
        let events = form.value("events") ?? ""
        guard !url.isEmpty, url.utf8.count <= 2_048, events.utf8.count <= 2_048 else {
            var response = try await webhooksPage(
                csrfToken: browser.state.csrfToken,
                problem: "Give the endpoint's https URL, of at most 2048 characters.")
            response.status = .unprocessableContent
            return response
        }
        do {
            let created = try await webhooks.add(url: url, events: [events.isEmpty ? "*" : events])
            await record(
                "webhook_endpoint_added", by: actor, detail: "endpoint=\(created.endpoint.id.lowercasedText)")
            return try await webhooksPage(csrfToken: browser.state.csrfToken, created: created)
        } catch let problem as WebhookEndpoints.Problem {
            var response = try await webhooksPage(
                csrfToken: browser.state.csrfToken, problem: "This endpoint cannot be added: \(problem).")
            response.status = .unprocessableContent
            return response
        }
    }

    func changeWebhook(_ request: Request, id: String?, change: WebhookChange) async throws -> Response {
        let posted = try await adminForm(request)
        guard case .admin(let actor, let browser, _) = posted else { return Self.refused(posted) }
        guard let id = id.flatMap({ UUID(text: $0) }) else {
            return Self.refusal(
                .badRequest, title: "Not an endpoint id", message: "That is not a webhook endpoint's id.",
                back: "/admin/webhooks")
        }
        do {
            switch change {
            case .remove:
                try await webhooks.remove(id: id)
                await record("webhook_endpoint_removed", by: actor, detail: "endpoint=\(id.lowercasedText)")
                return Response(status: .seeOther, headers: [.location: "/admin/webhooks?done=removed"])
            case .rotate:
                let created = try await webhooks.rotateSecret(id: id)
                await record("webhook_secret_rotated", by: actor, detail: "endpoint=\(id.lowercasedText)")
                return try await webhooksPage(csrfToken: browser.state.csrfToken, created: created)
            }
        } catch WebhookEndpoints.Problem.notFound {
            return Self.refusal(
                .notFound, title: "No such endpoint", message: "No webhook endpoint has this id; it may be removed.",
                back: "/admin/webhooks")
        }
    }

    /// What a posted admin form turned out to be.
    enum PostedForm {
        case admin(actor: String, browser: BrowserSession, form: FunnelForm)
        case expired
        case notAdmin
    }

    /// Reads a form posted to the admin area: its CSRF token must match and the browser be an admin's.
    func adminForm(_ request: Request) async throws -> PostedForm {
        let form = try? await FunnelForm.read(request, size: .small)
        let browser = try await sessions.session(request)
        guard !browser.cookieChanged, let form, CSRF.matches(form.value(.csrf), browser.state.csrfToken) else {
            return .expired
        }
        guard let actor = try await admin(browser) else { return .notAdmin }
        return .admin(actor: actor, browser: browser, form: form)
    }

    /// 403 for a form without its CSRF token or from someone who is not an admin.
    static func refused(_ posted: PostedForm) -> Response {
        guard case .notAdmin = posted else { return expiredForm() }
        return refusal(
            .forbidden, title: "Admins only", message: "Sign in on the admin page first.", back: "/admin")
    }
}
