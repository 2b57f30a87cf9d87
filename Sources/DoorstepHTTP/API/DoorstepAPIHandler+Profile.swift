import DoorstepAPI
import DoorstepServerCore
import Foundation
import OpenAPIRuntime

extension DoorstepAPIHandler {
    package func updateMe(_ input: Operations.UpdateMe.Input) async throws -> Operations.UpdateMe.Output {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let user = try await services.profile.updateProfile(
            caller, firstName: body.firstName, lastName: body.lastName, name: body.name)
        return .ok(.init(body: .json(WireModels.user(user))))
    }

    package func deleteMe(_ input: Operations.DeleteMe.Input) async throws -> Operations.DeleteMe.Output {
        let caller = try await caller()
        try await services.auth.recentSignIn.requireRecentSignIn(caller)
        try await services.profile.deleteAccount(caller)
        return .noContent(.init())
    }

    package func uploadAvatar(_ input: Operations.UploadAvatar.Input) async throws -> Operations.UploadAvatar.Output {
        let caller = try await caller()
        let body: HTTPBody
        switch input.body {
        case .jpeg(let bytes), .png(let bytes): body = bytes
        }
        let data = try await Data(collecting: body, upTo: ProfileService.maximumAvatarSize + 1)
        let user = try await services.profile.uploadAvatar(caller, data: data)
        return .ok(.init(body: .json(.init(avatarUrl: WireModels.user(user).avatarUrl ?? ""))))
    }

    package func getAvatar(_ input: Operations.GetAvatar.Input) async throws -> Operations.GetAvatar.Output {
        let photo = try await services.profile.avatar(id: input.path.id)
        let body = HTTPBody(photo.data)
        return .ok(.init(body: photo.contentType == "image/png" ? .png(body) : .jpeg(body)))
    }

    package func listConsents(_ input: Operations.ListConsents.Input) async throws -> Operations.ListConsents.Output {
        let consents = try await services.profile.consents(try await caller())
        return .ok(.init(body: .json(.init(consents: consents.map(WireModels.consent)))))
    }

    package func acceptConsents(_ input: Operations.AcceptConsents.Input) async throws
        -> Operations.AcceptConsents.Output
    {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let consents = try await services.profile.acceptConsents(
            caller, body.consents.map { ($0.document, $0.version) })
        return .ok(.init(body: .json(.init(consents: consents.map(WireModels.consent)))))
    }
}

extension WireModels {
    static func consent(_ consent: ConsentRecord) -> Components.Schemas.Consent {
        .init(document: consent.document, version: consent.version, acceptedAt: consent.acceptedAt)
    }
}
