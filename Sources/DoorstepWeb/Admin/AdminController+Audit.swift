import DoorstepHTTP
import DoorstepServerCore
import Foundation
import Hummingbird

/// `/admin/audit`: the audit log newest first, a page at a time, of every account or of one.
extension AdminController {
    /// Entries on one page.
    static let auditPageSize = 50
    /// The deepest page served: the log is for answering a question, not for reading end to end
    /// (`doorstep audit list` prints as many as asked).
    static let auditPageLimit = 1_000

    func showAudit(_ request: Request) async throws -> Response {
        let browser = try await sessions.session(request)
        guard try await admin(browser) != nil else { return notAdmin(browser, request) }
        let query = request.uri.queryParameters
        var account: UUID?
        let filter = query.get("account").map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
        if !filter.isEmpty {
            guard let id = UUID(text: filter) else {
                return Self.refusal(
                    .badRequest, title: "Not an account id",
                    message: "Filter by an account's id, such as 3f2b6c1e-8d4a-4b7e-9c1d-2a5f6e7b8c9d.",
                    back: "/admin/audit")
            }
            account = id
        }
        var page = 1
        if let text = query.get("page") {
            guard let number = Int(text), (1...Self.auditPageLimit).contains(number) else {
                return Self.refusal(
                    .badRequest, title: "No such page",
                    message: "Pages are numbered from 1 to \(Self.auditPageLimit).", back: "/admin/audit")
            }
            page = number
        }
        // One more than a page says whether another follows.
        let entries = try await audit.entries(
            account: account, since: .distantPast, limit: Self.auditPageSize + 1,
            offset: (page - 1) * Self.auditPageSize)
        var response = FunnelController.html(
            AdminPages.audit(
                Array(entries.prefix(Self.auditPageSize)), account: account, page: page,
                hasMore: entries.count > Self.auditPageSize && page < Self.auditPageLimit,
                csrfToken: browser.state.csrfToken))
        sessions.setCookie(on: &response, for: browser, secure: FunnelController.isSecure(request))
        return response
    }
}
