import DoorstepAPI
import DoorstepServerCore
import Foundation

extension DoorstepAPIHandler {
    package func passkeyRegistrationOptions(
        _ input: Operations.PasskeyRegistrationOptions.Input
    ) async throws -> Operations.PasskeyRegistrationOptions.Output {
        // Who is asking comes first: without a session the answer is 401 whether passkeys are on or not.
        let caller = try await caller()
        let options = try await services.requirePasskeys().registrationOptions(for: caller)
        return .ok(
            .init(body: .json(try WireJSON.convert(options, to: Components.Schemas.PasskeyCreationOptions.self))))
    }

    package func registerPasskey(_ input: Operations.RegisterPasskey.Input) async throws
        -> Operations.RegisterPasskey.Output
    {
        let user = try await signedInUser()
        let passkeys = try services.requirePasskeys()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let response = RegistrationResponse(
            id: body.id, rawId: body.rawId, type: body._type,
            response: .init(
                clientDataJSON: body.response.clientDataJSON, attestationObject: body.response.attestationObject,
                transports: body.response.transports))
        guard body._type == "public-key" else { throw PasskeyError.malformed("the credential type must be public-key") }
        let record = try await passkeys.register(response, for: user, name: body.name)
        return .created(.init(body: .json(Self.passkey(record))))
    }

    package func passkeyAuthenticationOptions(
        _ input: Operations.PasskeyAuthenticationOptions.Input
    ) async throws -> Operations.PasskeyAuthenticationOptions.Output {
        let options = try await services.requirePasskeys().authenticationOptions()
        return .ok(.init(body: .json(try WireJSON.convert(options, to: Components.Schemas.PasskeyRequestOptions.self))))
    }

    package func authenticateWithPasskey(
        _ input: Operations.AuthenticateWithPasskey.Input
    ) async throws -> Operations.AuthenticateWithPasskey.Output {
        let passkeys = try services.requirePasskeys()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        guard body._type == "public-key" else { throw PasskeyError.malformed("the credential type must be public-key") }
        let response = AuthenticationResponse(
            id: body.id, rawId: body.rawId, type: body._type,
            response: .init(
                clientDataJSON: body.response.clientDataJSON, authenticatorData: body.response.authenticatorData,
                signature: body.response.signature, userHandle: body.response.userHandle))
        let session = try await passkeys.authenticate(response, meta: meta)
        return .ok(.init(body: .json(WireModels.session(session))))
    }

    package func listPasskeys(_ input: Operations.ListPasskeys.Input) async throws -> Operations.ListPasskeys.Output {
        let caller = try await caller()
        let passkeys = try services.requirePasskeys()
        return .ok(.init(body: .json(try await passkeys.passkeys(of: caller.userID).map(Self.passkey))))
    }

    package func deletePasskey(_ input: Operations.DeletePasskey.Input) async throws -> Operations.DeletePasskey.Output
    {
        let caller = try await caller()
        let passkeys = try services.requirePasskeys()
        do {
            try await passkeys.delete(id: input.path.id, of: caller.userID)
        } catch PasskeyError.unknownCredential {
            throw ServiceError.notFound
        }
        return .noContent(.init())
    }

    private func signedInUser() async throws -> UserRecord {
        guard let token = RequestInfo.current.bearerToken, !token.isEmpty else { throw ServiceError.unauthenticated }
        return try await services.auth.sessions.signedInUser(bearer: token)
    }

    static func passkey(_ record: PasskeyRecord) -> Components.Schemas.Passkey {
        Components.Schemas.Passkey(
            id: record.id, name: record.name, createdAt: record.createdAt, lastUsedAt: record.lastUsedAt,
            backedUp: record.backedUp)
    }
}
