import DoorstepFlow
import Foundation

/// Everything Doorstep holds about one person, as one JSON document for a data-access request:
/// profile, sign-in identities, consents, households, flow progress and answers, module data,
/// passkeys and sessions. Secrets are never in it: no password hash, token or provider token.
public struct AccountExport: Encodable, Sendable {
    public struct Profile: Encodable, Sendable {
        var id: String
        var email: String?
        var emailVerified: Bool
        var firstName: String?
        var lastName: String?
        var fullName: String?
        var language: String?
        var isGuest: Bool
        var hasPassword: Bool
        var providers: [String]
        var avatarID: String?
        var createdAt: Date
        var updatedAt: Date
    }

    public struct Identity: Encodable, Sendable {
        var provider: String
        var subject: String
        var createdAt: Date
    }

    public struct Consent: Encodable, Sendable {
        var document: String
        var version: String
        var acceptedAt: Date
    }

    public struct Household: Encodable, Sendable {
        var id: String
        var name: String
        var kind: String
        var role: String?
        var joinedAt: Date?
    }

    public struct FlowData: Encodable, Sendable {
        var progress: Value?
        var revision: Int?
        var updatedAt: Date?
        var submissions: [Submission]
    }

    public struct Submission: Encodable, Sendable {
        var flowVersion: Int
        var answers: [String: Value]
        var createdAt: Date
    }

    public struct Passkey: Encodable, Sendable {
        var id: String
        var name: String
        var backedUp: Bool
        var createdAt: Date
        var lastUsedAt: Date?
    }

    public struct Session: Encodable, Sendable {
        var id: String
        var createdAt: Date
        var lastUsedAt: Date
        var expiresAt: Date
        var revokedAt: Date?
        var userAgent: String?
    }

    public var profile: Profile
    public var identities: [Identity]
    public var consents: [Consent]
    public var households: [Household]
    public var flows: [String: FlowData]
    public var modules: [String: Value]
    public var passkeys: [Passkey]
    public var sessions: [Session]
    /// The person's entries in the audit log.
    public var audit: [AuditEntry] = []
    /// What the person bought in the App Store and may use.
    public var entitlements: [Entitlement] = []

    public struct Entitlement: Encodable, Sendable {
        var productId: String
        var originalTransactionId: String
        var environment: String
        var ownershipType: String
        var purchasedAt: Date
        var expiresAt: Date?
        var revokedAt: Date?
    }

    public struct AuditEntry: Encodable, Sendable {
        var at: Date
        var event: String
        var actor: String
        var sessionID: String?
        var network: String?
        var detail: String?
    }
}

extension AccountExport {
    /// The export as JSON: sorted keys, RFC 3339 times; indented for people when `pretty`. The CLI and
    /// `GET /v1/me/export` write the same document.
    public func jsonData(pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }
}

/// Gathers an ``AccountExport`` from storage.
public struct AccountExporter: Sendable {
    let storage: any Storage
    let flowIDs: [String]
    let modules: [String]
    /// The server's marks of sessions used, written before an export reads them; none for a command.
    let sessionMarks: SessionUseMarks?

    /// An exporter that looks for progress in `flowIDs` and data of `modules`; in a server, with the
    /// marks of sessions used that requests have noted and not yet written.
    public init(
        storage: any Storage, flowIDs: [String], modules: [String] = ["trainer"], sessionMarks: SessionUseMarks? = nil
    ) {
        self.storage = storage
        self.flowIDs = flowIDs
        self.modules = modules
        self.sessionMarks = sessionMarks
    }

    /// The person's data, or `nil` when there is no such account.
    public func export(userID: UUID) async throws -> AccountExport? {
        await sessionMarks?.write()
        return try await storage.read { store in
            guard let user = try await store.user(id: userID) else { return nil }
            return AccountExport(
                profile: .init(
                    id: user.id.lowercasedText, email: user.email, emailVerified: user.emailVerified,
                    firstName: user.firstName,
                    lastName: user.lastName, fullName: user.fullName, language: user.language, isGuest: user.isGuest,
                    hasPassword: user.passwordHash != nil,
                    providers: user.providers, avatarID: user.avatarID, createdAt: user.createdAt,
                    updatedAt: user.updatedAt),
                identities: try await store.identities(userID: userID).map {
                    .init(provider: $0.provider, subject: $0.subject, createdAt: $0.createdAt)
                },
                consents: try await store.consents(userID: userID).map {
                    .init(document: $0.document, version: $0.version, acceptedAt: $0.acceptedAt)
                },
                households: try await households(of: userID, in: store),
                flows: try await flows(of: userID, in: store), modules: try await modules(of: userID, in: store),
                passkeys: try await store.passkeys(userID: userID).map {
                    .init(
                        id: $0.id, name: $0.name, backedUp: $0.backedUp, createdAt: $0.createdAt,
                        lastUsedAt: $0.lastUsedAt)
                },
                sessions: try await store.sessions(userID: userID).map {
                    .init(
                        id: $0.id.lowercasedText, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt,
                        expiresAt: $0.expiresAt,
                        revokedAt: $0.revokedAt, userAgent: $0.userAgent)
                },
                audit: try await store.auditEntries(accountID: userID, since: .distantPast, limit: 100_000).map {
                    .init(
                        at: $0.at, event: $0.event, actor: $0.actor, sessionID: $0.sessionID?.lowercasedText,
                        network: $0.network, detail: $0.detail)
                },
                entitlements: try await entitlements(of: userID, in: store))
        }
    }

    private func entitlements(of userID: UUID, in store: any StorageTransaction) async throws
        -> [AccountExport.Entitlement]
    {
        try await store.entitlements(userID: userID).map {
            .init(
                productId: $0.productID, originalTransactionId: $0.originalTransactionID, environment: $0.environment,
                ownershipType: $0.ownershipType, purchasedAt: $0.purchasedAt, expiresAt: $0.expiresAt,
                revokedAt: $0.revokedAt)
        }
    }

    private func households(of userID: UUID, in store: any StorageTransaction) async throws -> [AccountExport.Household]
    {
        var households: [AccountExport.Household] = []
        for group in try await store.groups(userID: userID) {
            let member = try await store.members(groupID: group.id).first { $0.userID == userID }
            households.append(
                .init(
                    id: group.id.lowercasedText, name: group.name, kind: group.kind, role: member?.role,
                    joinedAt: member?.joinedAt))
        }
        return households
    }

    /// The walk kept and the answers submitted, for each flow the account has either in.
    private func flows(of userID: UUID, in store: any StorageTransaction) async throws -> [String: AccountExport
        .FlowData]
    {
        var flows: [String: AccountExport.FlowData] = [:]
        for flowID in flowIDs {
            let progress = try await store.progress(userID: userID, flowID: flowID)
            let submissions = try await store.submissions(userID: userID, flowID: flowID)
            guard progress != nil || !submissions.isEmpty else { continue }
            flows[flowID] = .init(
                progress: progress.flatMap { try? JSONDecoder().decode(Value.self, from: $0.snapshot) },
                revision: progress?.revision, updatedAt: progress?.updatedAt,
                submissions: submissions.map {
                    .init(flowVersion: $0.flowVersion, answers: $0.answers, createdAt: $0.createdAt)
                })
        }
        return flows
    }

    /// Each module's state as JSON, or its bytes in base64 when they are not JSON.
    private func modules(of userID: UUID, in store: any StorageTransaction) async throws -> [String: Value] {
        var states: [String: Value] = [:]
        for module in modules {
            guard let data = try await store.moduleState(userID: userID, module: module) else { continue }
            states[module] = (try? JSONDecoder().decode(Value.self, from: data)) ?? .string(data.base64EncodedString())
        }
        return states
    }
}
