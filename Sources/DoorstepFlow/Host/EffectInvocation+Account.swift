import Foundation

/// The effects that keep what the person tells about themselves: profile, consents, photo, groups and
/// the flow's answers.
extension EffectInvocation {
    func saveProfile() async throws -> [String: Value] {
        try await performer.saveProfile(
            firstName: arguments.optionalText("firstName"), lastName: arguments.optionalText("lastName"),
            name: arguments.optionalText("name"))
        return [:]
    }

    func acceptConsents() async throws -> [String: Value] {
        try await performer.acceptConsents(consents)
        return [:]
    }

    mutating func pickImage() async throws -> [String: Value] {
        [arguments.text("field"): .string(try await performer.pickImage())]
    }

    mutating func uploadAvatar() async throws -> [String: Value] {
        ["avatar.url": .string(try await performer.uploadAvatar(image: arguments.text("image")))]
    }

    func createGroup() async throws -> [String: Value] {
        try await performer.createGroup(name: arguments.text("name"), kind: arguments.text("kind")).results
    }

    func joinGroup() async throws -> [String: Value] {
        try await performer.joinGroup(inviteCode: arguments.text("inviteCode")).results
    }

    func inviteMembers() async throws -> [String: Value] {
        let invitations = try await performer.inviteMembers(
            groupID: arguments.text("groupId"), emails: arguments.texts("emails"))
        if let failure = invitations.failure { throw failure }
        return ["invitations.sent": .int(invitations.sent)]
    }

    func submitAnswers() async throws -> [String: Value] {
        let submitted = FlowEffectDispatcher.submittable(arguments.texts("fields"), of: answers, in: flow)
        if !submitted.isEmpty { try await performer.submitAnswers(submitted, flow: flow) }
        return ["flow.completed": true]
    }

    func checkAnswers() async throws -> [String: Value] {
        ["flow.completed": .bool(try await performer.hasSubmittedAnswers(flow: flow))]
    }
}
