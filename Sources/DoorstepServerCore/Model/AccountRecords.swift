import DoorstepFlow
import Foundation

/// A legal document the user accepted, at the version they saw.
public struct ConsentRecord: Sendable, Hashable, Codable {
    public var userID: UUID
    /// Such as `terms` or `privacy`.
    public var document: String
    public var version: String
    public var acceptedAt: Date

    /// Creates a consent.
    public init(userID: UUID, document: String, version: String, acceptedAt: Date) {
        self.userID = userID
        self.document = document
        self.version = version
        self.acceptedAt = acceptedAt
    }
}

/// Where a user stands in a flow, synced so that onboarding resumes on another device.
public struct FlowProgressRecord: Sendable, Hashable, Codable {
    public var userID: UUID
    public var flowID: String
    /// Increases with every save; a save naming an older revision is refused.
    public var revision: Int
    /// The engine's snapshot as JSON.
    public var snapshot: Data
    public var updatedAt: Date

    /// Creates a progress record.
    public init(userID: UUID, flowID: String, revision: Int, snapshot: Data, updatedAt: Date) {
        self.userID = userID
        self.flowID = flowID
        self.revision = revision
        self.snapshot = snapshot
        self.updatedAt = updatedAt
    }
}

/// A set of answers accepted for a flow.
public struct SubmissionRecord: Sendable, Hashable, Codable {
    public var id: UUID
    public var userID: UUID
    public var flowID: String
    public var flowVersion: Int
    public var answers: [String: Value]
    public var createdAt: Date

    /// Creates a submission.
    public init(id: UUID, userID: UUID, flowID: String, flowVersion: Int, answers: [String: Value], createdAt: Date) {
        self.id = id
        self.userID = userID
        self.flowID = flowID
        self.flowVersion = flowVersion
        self.answers = answers
        self.createdAt = createdAt
    }
}

extension Sequence where Element == SubmissionRecord {
    /// The answers of these submissions merged in order: the newest answer for each field wins.
    public var mergedAnswers: [String: Value] {
        reduce(into: [:]) { merged, submission in merged.merge(submission.answers) { $1 } }
    }
}

/// A household (FamilySync) or family (Kordant) people join with an invite code.
public struct GroupRecord: Sendable, Hashable, Codable {
    public var id: UUID
    public var name: String
    /// `household` or `family`.
    public var kind: String
    /// The current code, normalized (see ``InviteCode``).
    public var inviteCode: String
    public var createdBy: UUID
    public var createdAt: Date

    /// Creates a group.
    public init(id: UUID, name: String, kind: String, inviteCode: String, createdBy: UUID, createdAt: Date) {
        self.id = id
        self.name = name
        self.kind = kind
        self.inviteCode = inviteCode
        self.createdBy = createdBy
        self.createdAt = createdAt
    }
}

/// A user's place in a group.
public struct MemberRecord: Sendable, Hashable, Codable {
    public var groupID: UUID
    public var userID: UUID
    /// `owner` or `member`.
    public var role: String
    public var joinedAt: Date

    /// Creates a membership.
    public init(groupID: UUID, userID: UUID, role: String, joinedAt: Date) {
        self.groupID = groupID
        self.userID = userID
        self.role = role
        self.joinedAt = joinedAt
    }
}

/// A user's account at a sign-in provider, linked to their Doorstep account.
public struct IdentityRecord: Sendable, Hashable, Codable {
    /// `apple` or `google`.
    public var provider: String
    /// The provider's stable user id.
    public var subject: String
    public var userID: UUID
    /// Apple's refresh token, kept to revoke it when the account is deleted.
    public var providerRefreshToken: String?
    public var createdAt: Date

    /// Creates an identity.
    public init(provider: String, subject: String, userID: UUID, providerRefreshToken: String? = nil, createdAt: Date) {
        self.provider = provider
        self.subject = subject
        self.userID = userID
        self.providerRefreshToken = providerRefreshToken
        self.createdAt = createdAt
    }
}
