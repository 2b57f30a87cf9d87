import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore
import Foundation

extension FunnelEffects {
    // MARK: - Profile and groups

    func saveProfile(firstName: String?, lastName: String?, name: String?) async throws {
        _ = try await services.profile.updateProfile(
            try caller(), firstName: firstName, lastName: lastName, name: name)
    }

    func acceptConsents(_ consents: [EffectConsent]) async throws {
        _ = try await services.profile.acceptConsents(try caller(), consents.map { ($0.document, $0.version) })
    }

    func pickImage() async throws -> String {
        guard upload?.isEmpty == false else {
            throw EffectFailure(.photoRequired, message: "Choose a photo first.")
        }
        return "upload"
    }

    func uploadAvatar(image reference: String) async throws -> String {
        guard let upload, !upload.isEmpty else {
            throw EffectFailure(.photoRequired, message: "Choose a photo first.")
        }
        let user = try await services.profile.uploadAvatar(try caller(), data: upload)
        return user.avatarID.map { "/v1/avatars/\($0)" } ?? ""
    }

    func createGroup(name: String, kind: String) async throws -> EffectGroup {
        Self.group(try await services.groups.create(try caller(), name: name, kind: kind))
    }

    func joinGroup(inviteCode: String) async throws -> EffectGroup {
        Self.group(try await services.groups.join(try caller(), inviteCode: inviteCode))
    }

    func inviteMembers(groupID: String, emails: [String]) async throws -> EffectInvitations {
        let outcome = try await services.groups.invite(try caller(), groupID: groupID, emails: emails)
        return EffectInvitations(sent: outcome.invited.count, refusals: outcome.rejected.map(\.code))
    }

    // MARK: - Answers and the device

    func submitAnswers(_ answers: [String: Value], flow: FlowDefinition) async throws {
        _ = try await services.flows.submitAnswers(
            try caller(), flowID: flow.id, flowVersion: flow.version, answers: answers)
    }

    /// Whether the caller has submitted answers to this flow (the server's word, not a draft's).
    func hasSubmittedAnswers(flow: FlowDefinition) async throws -> Bool {
        do {
            return !(try await services.flows.answers(try caller(), flowID: flow.id)).isEmpty
        } catch let error as ServiceError where error.code == .notFound {
            return false
        }
    }

    /// The caller's walk of the flow kept on the server, if any.
    func keptWalk(flow: FlowDefinition) async throws -> FlowSnapshot? {
        do {
            let kept = try await services.flows.progress(try caller(), flowID: flow.id)
            return try? FlowSnapshot(json: kept.snapshot)
        } catch let error as ServiceError where error.code == .notFound {
            return nil
        }
    }

    /// A browser page cannot grant what flows ask for (notifications, iCloud); the app asks later.
    func requestPermission(_ permission: String) async throws -> Bool {
        throw EffectFailure.cancelled("You can turn this on in the app.")
    }

    /// A browser has no Face ID sign-in to turn on; the app offers it.
    func canEnableBiometrics() async -> Bool { false }

    func enableBiometrics() async throws -> Bool {
        throw EffectFailure.cancelled("Face ID is available in the app.")
    }

    private static func group(_ view: GroupView) -> EffectGroup {
        EffectGroup(id: view.group.id.lowercasedText, name: view.group.name, inviteCode: view.group.inviteCode)
    }
}
