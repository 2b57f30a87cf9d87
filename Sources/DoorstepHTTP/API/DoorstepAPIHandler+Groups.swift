import DoorstepAPI
import DoorstepServerCore
import Foundation

extension DoorstepAPIHandler {
    package func createGroup(_ input: Operations.CreateGroup.Input) async throws -> Operations.CreateGroup.Output {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        return .created(
            .init(
                body: .json(
                    WireModels.group(
                        try await services.groups.create(caller, name: body.name, kind: body.kind.rawValue)))))
    }

    package func joinGroup(_ input: Operations.JoinGroup.Input) async throws -> Operations.JoinGroup.Output {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        return .ok(
            .init(body: .json(WireModels.group(try await services.groups.join(caller, inviteCode: body.inviteCode)))))
    }

    package func listGroups(_ input: Operations.ListGroups.Input) async throws -> Operations.ListGroups.Output {
        .ok(.init(body: .json(try await services.groups.groups(try await caller()).map(WireModels.group))))
    }

    package func rotateInviteCode(_ input: Operations.RotateInviteCode.Input) async throws
        -> Operations.RotateInviteCode.Output
    {
        let code = try await services.groups.rotateCode(try await caller(), groupID: input.path.id)
        return .ok(.init(body: .json(.init(inviteCode: code))))
    }

    package func inviteToGroup(_ input: Operations.InviteToGroup.Input) async throws -> Operations.InviteToGroup.Output
    {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let result = try await services.groups.invite(caller, groupID: input.path.id, emails: body.emails)
        return .accepted(
            .init(
                body: .json(
                    .init(
                        invited: result.invited, rejected: result.rejected.map { .init(email: $0.email, code: $0.code) }
                    ))))
    }

    package func leaveGroup(_ input: Operations.LeaveGroup.Input) async throws -> Operations.LeaveGroup.Output {
        try await services.groups.leave(try await caller(), groupID: input.path.id)
        return .noContent(.init())
    }
}

extension WireModels {
    static func group(_ view: GroupView) -> Components.Schemas.Group {
        Components.Schemas.Group(
            id: view.group.id.lowercasedText, name: view.group.name, kind: view.group.kind,
            inviteCode: view.group.inviteCode,
            members: view.members.map { member, user in
                .init(
                    userId: member.userID.lowercasedText, firstName: user?.firstName, name: user?.displayName,
                    role: member.role,
                    joinedAt: member.joinedAt)
            })
    }
}
