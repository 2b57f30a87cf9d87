import DoorstepAPI
import DoorstepFlow
import DoorstepServerCore
import Foundation
import OpenAPIRuntime

/// The account center's operations: the address, passkey names, other sessions, the person's data.
extension DoorstepAPIHandler {
    package func requestEmailChange(
        _ input: Operations.RequestEmailChange.Input
    ) async throws -> Operations.RequestEmailChange.Output {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let sent = try await services.auth.emailChange.requestEmailChange(caller, newEmail: body.email)
        return .accepted(.init(body: .json(.init(expiresIn: sent.expiresIn, resendAfter: sent.resendAfter))))
    }

    package func confirmEmailChange(
        _ input: Operations.ConfirmEmailChange.Input
    ) async throws -> Operations.ConfirmEmailChange.Output {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let user = try await services.auth.emailChange.confirmEmailChange(caller, code: body.code)
        return .ok(.init(body: .json(WireModels.user(user))))
    }

    package func renamePasskey(_ input: Operations.RenamePasskey.Input) async throws -> Operations.RenamePasskey.Output
    {
        let caller = try await caller()
        let passkeys = try services.requirePasskeys()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        do {
            let renamed = try await passkeys.rename(id: input.path.id, of: caller.userID, to: body.name)
            return .ok(.init(body: .json(Self.passkey(renamed))))
        } catch PasskeyError.unknownCredential {
            throw ServiceError.notFound
        }
    }

    package func revokeOtherSessions(
        _ input: Operations.RevokeOtherSessions.Input
    ) async throws -> Operations.RevokeOtherSessions.Output {
        let ended = try await services.auth.sessions.revokeOtherSessions(try await caller())
        return .ok(.init(body: .json(.init(revoked: ended))))
    }

    package func exportAccount(_ input: Operations.ExportAccount.Input) async throws -> Operations.ExportAccount.Output
    {
        let caller = try await caller()
        guard let export = try await services.exporter.export(userID: caller.userID) else {
            throw ServiceError.unauthenticated
        }
        let document = try JSONDecoder().decode(OpenAPIObjectContainer.self, from: try export.jsonData())
        return .ok(.init(body: .json(document)))
    }
}
