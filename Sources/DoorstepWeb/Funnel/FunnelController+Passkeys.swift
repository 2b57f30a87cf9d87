import DoorstepHTTP
import DoorstepServerCore
import Foundation
import Hummingbird

extension FunnelController {
    /// The options a page's script hands to `navigator.credentials`: sign-in options for anyone,
    /// creation options for the browser's signed-in account. The form's CSRF token is required, so
    /// another site cannot mint challenges in the browser's name.
    func passkeyOptions(_ request: Request, _ context: DoorstepRequestContext) async throws -> Response {
        guard let flow = flow(context.parameters.get("id"), request) else { return notFound() }
        guard let passkeys = services.passkeys else { return notFound() }
        let form = try? await FunnelForm.read(request, size: .small)
        guard let browser = try await browserSending(form, request) else { return expiredForm(flow) }
        let body: Data
        switch form?.value("ceremony") {
        case "get":
            body = try JSONEncoder().encode(try await passkeys.authenticationOptions())
        case "create":
            guard let signedIn = browser.state.signedIn else {
                return Problem.response(for: ServiceError.unauthenticated)
            }
            body = try JSONEncoder().encode(try await passkeys.registrationOptions(for: signedIn.caller))
        default:
            return Problem.response(
                for: ServiceError(status: 400, code: .malformedRequest, detail: "The ceremony is create or get."))
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
