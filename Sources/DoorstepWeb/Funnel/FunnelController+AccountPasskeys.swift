import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore
import Foundation
import Hummingbird

/// Adding a passkey from `/account`: the page's script asks for creation options for the signed-in
/// account, runs the browser's ceremony and posts the credential with the form. Options need a recent
/// sign-in, as every passkey added does; a form posted without a credential (no options, or a browser
/// without passkeys) is answered by the page asking the person to confirm who they are, or saying why.
extension FunnelController {
    /// Creation options for the browser's signed-in account; the form's CSRF token is required, so
    /// another site cannot mint challenges in the browser's name.
    func accountPasskeyOptions(_ request: Request) async throws -> Response {
        let passkeys = try services.requirePasskeys()
        let form = try? await FunnelForm.read(request, size: .small)
        guard let browser = try await browserSending(form, request) else {
            return Problem.response(
                for: ServiceError(status: 403, code: .forbidden, detail: "This form has expired. Reload the page."))
        }
        guard let caller = browser.state.signedIn?.caller else {
            return Problem.response(for: ServiceError.unauthenticated)
        }
        let body = try JSONEncoder().encode(try await passkeys.registrationOptions(for: caller))
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Keeps the credential the browser made (WebAuthn JSON in `_passkey`) on the caller's account.
    func addAccountPasskey(_ form: FunnelForm, caller: Caller) async throws {
        let passkeys = try services.requirePasskeys()
        let user = try await services.auth.recentSignIn.requireRecentSignIn(caller)
        guard let json = form.value(.passkey), !json.isEmpty else {
            // Says why the browser had no options to make one with, if there is a reason.
            _ = try await passkeys.registrationOptions(for: caller)
            throw ServiceError(
                status: 422, code: .passkeyRequired,
                detail: "Your browser did not create a passkey. Try again, or use a browser that supports passkeys.")
        }
        guard json.utf8.count <= 32 * 1024,
            let response = try? JSONDecoder().decode(RegistrationResponse.self, from: Data(json.utf8))
        else { throw PasskeyError.malformed("the browser's passkey response is not WebAuthn JSON") }
        let name = form.value("name").flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        if let name, name.unicodeScalars.count > 64 || TextRules.hasControlCharacters(name) {
            throw ServiceError.invalid("name", code: "invalid_name", "Give the passkey a name of up to 64 characters.")
        }
        _ = try await passkeys.register(response, for: user, name: name)
    }
}
