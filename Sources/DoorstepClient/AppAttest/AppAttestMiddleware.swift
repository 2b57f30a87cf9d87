import DoorstepFlow
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Signs the requests a server's policy may guard — sign-up, code sends (a password reset's too), guests
/// and password log-ins — with an App Attest assertion over their body. A `403 attestation_invalid` answer to a signed request
/// means the server no longer trusts the key: the key is forgotten, a new one attested, and the request
/// sent once more.
struct AppAttestMiddleware: ClientMiddleware {
    static let guarded: Set<String> = ["signUp", "sendCode", "forgotPassword", "logIn", "continueAsGuest"]
    /// The largest body signed; guarded requests are far smaller.
    static let bodyLimit = 64 * 1024
    /// The largest refusal read to learn its code.
    static let problemLimit = 16 * 1024

    let attestation: AppAttestation

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard Self.guarded.contains(operationID) else { return try await next(request, body, baseURL) }
        let bytes: Data = if let body { try await Data(collecting: body, upTo: Self.bodyLimit) } else { Data() }
        func send(_ header: String?) async throws -> (HTTPResponse, HTTPBody?) {
            var request = request
            if let header, let name = HTTPField.Name(AppAttestation.headerName) { request.headerFields[name] = header }
            return try await next(request, body == nil ? nil : HTTPBody(bytes), baseURL)
        }
        guard let header = await attestation.header(for: bytes) else { return try await send(nil) }
        let (response, responseBody) = try await send(header)
        guard response.status == .forbidden, let responseBody else { return (response, responseBody) }
        let problem = try await Data(collecting: responseBody, upTo: Self.problemLimit)
        guard Self.code(of: problem) == ErrorCode.attestationInvalid.rawValue else {
            return (response, HTTPBody(problem))
        }
        await attestation.forgetKey()
        return try await send(await attestation.header(for: bytes))
    }

    private static func code(of problem: Data) -> String? {
        struct Problem: Decodable { var code: String? }
        return (try? JSONDecoder().decode(Problem.self, from: problem))?.code
    }
}
