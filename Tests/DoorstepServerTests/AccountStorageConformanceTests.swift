import DoorstepFlow
import DoorstepSQLite
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Storage conformance: consents, flows and groups")
struct AccountStorageConformanceTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func user(_ email: String) -> UserRecord {
        UserRecord(id: UUID(), email: email, createdAt: now)
    }

    @Test("Consents, progress and submissions round-trip in order", arguments: StorageKind.allCases)
    func accountData(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let sam = user("sam@example.com")
            let progress = FlowProgressRecord(
                userID: sam.id, flowID: "tanda", revision: 3, snapshot: Data(#"{"a":1}"#.utf8),
                updatedAt: now)
            let first = SubmissionRecord(
                id: UUID(), userID: sam.id, flowID: "tanda", flowVersion: 1,
                answers: ["firstName": "Sam"], createdAt: now)
            let second = SubmissionRecord(
                id: UUID(), userID: sam.id, flowID: "tanda", flowVersion: 1,
                answers: ["lastName": "Jones", "age": 34], createdAt: now + 1)
            try await storage.transaction { store in
                try await store.insertUser(sam)
                try await store.insertConsent(
                    ConsentRecord(userID: sam.id, document: "terms", version: "1", acceptedAt: now))
                try await store.insertConsent(
                    ConsentRecord(userID: sam.id, document: "terms", version: "2", acceptedAt: now + 1))
                try await store.saveProgress(progress)
                try await store.insertSubmission(first)
                try await store.insertSubmission(second)
            }
            let consents = try await storage.transaction { try await $0.consents(userID: sam.id) }
            #expect(consents.map(\.version) == ["1", "2"])
            #expect(
                try await storage.transaction { try await $0.progress(userID: sam.id, flowID: "tanda") } == progress)
            var updated = progress
            updated.revision = 4
            try await storage.transaction { [updated] in try await $0.saveProgress(updated) }
            #expect(
                try await storage.transaction { try await $0.progress(userID: sam.id, flowID: "tanda") }?.revision == 4)
            #expect(
                try await storage.transaction { try await $0.submissions(userID: sam.id, flowID: "tanda") } == [
                    first, second,
                ])
            #expect(
                try await storage.transaction { try await $0.submissions(userID: sam.id, flowID: "trainer") }.isEmpty)

            try await storage.transaction { try await $0.deleteUser(id: sam.id) }
            #expect(try await storage.transaction { try await $0.consents(userID: sam.id) }.isEmpty)
            #expect(try await storage.transaction { try await $0.progress(userID: sam.id, flowID: "tanda") } == nil)
            #expect(try await storage.transaction { try await $0.submissions(userID: sam.id, flowID: "tanda") }.isEmpty)
        }
    }

    @Test(
        "Module state is kept per user and module, replaced on save, and deleted with the user",
        arguments: StorageKind.allCases)
    func moduleState(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let alex = user("alex@example.com")
            try await storage.transaction { store in
                try await store.insertUser(alex)
                try await store.saveModuleState(userID: alex.id, module: "trainer", state: Data("one".utf8), at: now)
                try await store.saveModuleState(
                    userID: alex.id, module: "trainer", state: Data("two".utf8), at: now + 1)
            }
            #expect(
                try await storage.transaction { try await $0.moduleState(userID: alex.id, module: "trainer") }
                    == Data("two".utf8))
            #expect(try await storage.transaction { try await $0.moduleState(userID: alex.id, module: "other") } == nil)
            try await storage.transaction { try await $0.deleteUser(id: alex.id) }
            #expect(
                try await storage.transaction { try await $0.moduleState(userID: alex.id, module: "trainer") } == nil)
        }
    }

    @Test(
        "Provider identities link to users, keep Apple's refresh token, and go with the user",
        arguments: StorageKind.allCases)
    func identities(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let sam = user("sam@example.com")
            var apple = IdentityRecord(provider: "apple", subject: "001", userID: sam.id, createdAt: now)
            let google = IdentityRecord(provider: "google", subject: "001", userID: sam.id, createdAt: now + 1)
            try await storage.transaction { [apple] store in
                try await store.insertUser(sam)
                try await store.insertIdentity(apple)
                try await store.insertIdentity(google)
            }
            #expect(try await storage.transaction { try await $0.identity(provider: "apple", subject: "001") } == apple)
            #expect(try await storage.transaction { try await $0.identity(provider: "apple", subject: "002") } == nil)
            apple.providerRefreshToken = "rt"
            try await storage.transaction { [apple] in try await $0.updateIdentity(apple) }
            #expect(try await storage.transaction { try await $0.identities(userID: sam.id) } == [apple, google])
            try await storage.transaction { try await $0.deleteUser(id: sam.id) }
            #expect(try await storage.transaction { try await $0.identities(userID: sam.id) }.isEmpty)
        }
    }

    @Test("Groups, members and retired codes", arguments: StorageKind.allCases)
    func groups(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let owner = user("owner@example.com")
            let member = user("member@example.com")
            let group = GroupRecord(
                id: UUID(), name: "Smith Family", kind: "household", inviteCode: "K7M2QX9P",
                createdBy: owner.id, createdAt: now)
            try await storage.transaction { store in
                try await store.insertUser(owner)
                try await store.insertUser(member)
                try await store.insertGroup(group)
                try await store.insertMember(
                    MemberRecord(groupID: group.id, userID: owner.id, role: "owner", joinedAt: now))
                try await store.insertMember(
                    MemberRecord(groupID: group.id, userID: member.id, role: "member", joinedAt: now + 1))
            }
            #expect(try await storage.transaction { try await $0.group(inviteCode: "K7M2QX9P") } == group)
            #expect(
                try await storage.transaction { try await $0.members(groupID: group.id) }.map(\.userID) == [
                    owner.id, member.id,
                ])
            #expect(try await storage.transaction { try await $0.groups(userID: member.id) } == [group])

            var rotated = group
            rotated.inviteCode = "ABCDEFGH"
            try await storage.transaction { [rotated] store in
                try await store.retireInviteCode("K7M2QX9P", groupID: group.id, at: now)
                try await store.updateGroup(rotated)
            }
            #expect(try await storage.transaction { try await $0.group(inviteCode: "K7M2QX9P") } == nil)
            #expect(try await storage.transaction { try await $0.groupOfRetiredCode("K7M2QX9P") } == group.id)
            #expect(try await storage.transaction { try await $0.group(inviteCode: "ABCDEFGH") } == rotated)

            try await storage.transaction { try await $0.deleteUser(id: member.id) }
            #expect(
                try await storage.transaction { try await $0.members(groupID: group.id) }.map(\.userID) == [owner.id])
            try await storage.transaction { try await $0.deleteMember(groupID: group.id, userID: owner.id) }
            #expect(try await storage.transaction { try await $0.groups(userID: owner.id) }.isEmpty)
            try await storage.transaction { try await $0.deleteGroup(id: group.id) }
            #expect(try await storage.transaction { try await $0.group(id: group.id) } == nil)
            #expect(try await storage.transaction { try await $0.groupOfRetiredCode("K7M2QX9P") } == nil)
        }
    }

    @Test(
        "Signing keys are kept oldest first, resealed and dropped; secrets are saved once and replaced",
        arguments: StorageKind.allCases)
    func keys(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let older = StoredKeyRecord(id: "k1", material: "PEM 1", isSealed: false, createdAt: now)
            let newer = StoredKeyRecord(id: "k2", material: "PEM 2", isSealed: false, createdAt: now + 60)
            try await storage.transaction { store in
                try await store.insertSigningKey(newer)
                try await store.insertSigningKey(older)
            }
            #expect(try await storage.transaction { try await $0.signingKeys() } == [older, newer])
            var sealed = older
            sealed.material = "sealed 1"
            sealed.isSealed = true
            try await storage.transaction { [sealed] in try await $0.updateSigningKey(sealed) }
            try await storage.transaction { try await $0.deleteSigningKey(id: "k2") }
            #expect(try await storage.transaction { try await $0.signingKeys() } == [sealed])

            #expect(try await storage.transaction { try await $0.serverSecret(name: "code") } == nil)
            let secret = StoredKeyRecord(id: "code", material: "c2VjcmV0", isSealed: false, createdAt: now)
            try await storage.transaction { try await $0.saveServerSecret(secret) }
            var resealed = secret
            resealed.material = "sealed"
            resealed.isSealed = true
            try await storage.transaction { [resealed] in try await $0.saveServerSecret(resealed) }
            #expect(try await storage.transaction { try await $0.serverSecret(name: "code") } == resealed)
        }
    }
}
