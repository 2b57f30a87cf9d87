import DoorstepAPI
import Foundation

/// Options for creating a passkey, in WebAuthn Level 3 JSON.
public typealias PasskeyCreationOptions = Components.Schemas.PasskeyCreationOptions
/// Options for signing in with a passkey, in WebAuthn Level 3 JSON.
public typealias PasskeyRequestOptions = Components.Schemas.PasskeyRequestOptions
/// A passkey on the account.
public typealias DoorstepPasskey = Components.Schemas.Passkey

extension DoorstepClient {
    /// Options for adding a passkey to the signed-in account (a guest's too). Hand the challenge,
    /// user id and excluded credentials to `ASAuthorizationPlatformPublicKeyCredentialProvider`.
    public func passkeyRegistrationOptions() async throws -> PasskeyCreationOptions {
        try await authorized {
            switch try await self.send({ try await self.api.passkeyRegistrationOptions() }) {
            case .ok(let ok): return try ok.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Sends the new credential the platform created; the server verifies and keeps it.
    @discardableResult
    public func registerPasskey(
        credentialID: Data, clientDataJSON: Data, attestationObject: Data, name: String? = nil
    ) async throws -> DoorstepPasskey {
        let id = credentialID.base64URL
        let body = Components.Schemas.PasskeyRegistration(
            id: id, rawId: id, _type: "public-key", name: name,
            response: .init(clientDataJSON: clientDataJSON.base64URL, attestationObject: attestationObject.base64URL))
        return try await authorized {
            switch try await self.send({ try await self.api.registerPasskey(body: .json(body)) }) {
            case .created(let created): return try created.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Options for signing in with any passkey of the server's site: no email is asked.
    public func passkeyAuthenticationOptions() async throws -> PasskeyRequestOptions {
        switch try await send({ try await self.api.passkeyAuthenticationOptions() }) {
        case .ok(let ok): return try ok.body.json
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Signs in with the assertion the platform made.
    @discardableResult
    public func signInWithPasskey(
        credentialID: Data, clientDataJSON: Data, authenticatorData: Data, signature: Data, userHandle: Data?,
        remember: Bool = true
    ) async throws -> DoorstepUser {
        let id = credentialID.base64URL
        let body = Components.Schemas.PasskeyAssertion(
            id: id, rawId: id, _type: "public-key",
            response: .init(
                clientDataJSON: clientDataJSON.base64URL, authenticatorData: authenticatorData.base64URL,
                signature: signature.base64URL, userHandle: userHandle?.base64URL))
        switch try await send({ try await self.api.authenticateWithPasskey(body: .json(body)) }) {
        case .ok(let ok): return try await signedIn(try ok.body.json, remember: remember).user
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// The account's passkeys, oldest first.
    public func passkeys() async throws -> [DoorstepPasskey] {
        try await authorized {
            switch try await self.send({ try await self.api.listPasskeys() }) {
            case .ok(let ok): return try ok.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Removes one of the account's passkeys.
    public func deletePasskey(id: String) async throws {
        try await authorized {
            switch try await self.send({ try await self.api.deletePasskey(path: .init(id: id)) }) {
            case .noContent: return
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }
}

extension Data {
    /// URL-safe base64 without padding, as WebAuthn's JSON carries binary values.
    public var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Bytes from base64url, padded or not.
    public init?(base64URL text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
