import DoorstepFlow
import DoorstepHTTP
import DoorstepPresentation
import DoorstepServerCore
import Foundation
import HTTPTypes
import Hummingbird

/// Finding a flow, a page's language, and the responses every funnel route answers with.
extension FunnelController {
    /// The flow with this id in the language the request prefers.
    func flow(_ id: String?, _ request: Request) -> FlowDefinition? {
        id.flatMap { translations.flow($0, preferred: FunnelLanguage.preferred(by: request))?.definition }
    }

    /// The language the request's page of this flow is in.
    func language(of flow: FlowDefinition, _ request: Request) -> FunnelLanguage {
        translations.flow(flow.id, preferred: FunnelLanguage.preferred(by: request))?.language ?? .source
    }

    /// Remembers a language the person picked from the page's switch, for the pages that follow.
    func rememberLanguage(_ language: FunnelLanguage, on response: inout Response, _ request: Request) {
        guard let asked = request.uri.queryParameters.get("lang"), asked == language.tag else { return }
        response.setCookie(
            Cookie(
                name: FunnelLanguage.cookieName, value: language.tag, maxAge: 365 * 24 * 3600, path: "/",
                secure: Self.isSecure(request), httpOnly: true, sameSite: .lax))
    }

    // MARK: - Responses

    /// Post, redirect, get: the page of the screen the walk stands on; `finished` when the person has
    /// just finished the flow, which the page acknowledges.
    func redirect(to flow: FlowDefinition, engine: FlowEngine, finished: Bool = false) -> Response {
        let screen = engine.screen.id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let location = "/flows/\(flow.id)?at=\(screen)" + (finished ? "&finished=1" : "")
        return Response(status: .seeOther, headers: [.location: location])
    }

    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    /// Whether the browser reached the server over TLS (directly, or as a proxy in front says).
    static func isSecure(_ request: Request) -> Bool {
        request.uri.scheme == .https || request.headers[forwardedProto] == "https"
    }

    /// Why a form with an answer longer than its screen takes, or that would grow the browser's state
    /// past its bound, was refused.
    static let tooLongAnswer = BrowserSessions.stateTooLarge.detail

    func notFound() -> Response {
        var response = Self.html(
            FunnelPages.error(
                title: "Not found", message: "There is no such flow here.", link: ("/", "See all flows")))
        response.status = .notFound
        return response
    }

    func errorPage(_ status: Int, _ message: String, flow: FlowDefinition) -> Response {
        var response = Self.html(
            FunnelPages.error(
                title: "Something went wrong", message: message, link: ("/flows/\(flow.id)", "Back to \(flow.title)")))
        response.status = HTTPResponse.Status(code: status)
        return response
    }

    /// An HTML response with the funnel's security headers: a strict content policy, no framing, no
    /// caching of pages that show a person's answers.
    static func html(_ page: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
    }
}
