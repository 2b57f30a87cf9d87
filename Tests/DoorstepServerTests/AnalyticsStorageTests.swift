import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Analytics storage")
struct AnalyticsStorageTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func event(_ install: String, screen: String, seconds: Double, userID: UUID? = nil) -> AnalyticsEventRecord {
        AnalyticsEventRecord(
            id: UUID(), installID: install, userID: userID, flowID: "tanda", flowVersion: 3, variant: "b",
            kind: .fieldAnswered, screen: screen, subject: "email", sequence: 3,
            at: now.addingTimeInterval(seconds), receivedAt: now.addingTimeInterval(seconds))
    }

    @Test(
        "Events are appended once by id, read by flow and time window, unlinked from deleted accounts and pruned",
        arguments: StorageKind.allCases)
    func appendOnly(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let user = UserRecord(id: UUID(), email: "sam@example.com", createdAt: now)
            try await storage.transaction { try await $0.insertUser(user) }
            let first = event("install-aaaa", screen: "slide1", seconds: 0, userID: user.id)
            let later = event("install-aaaa", screen: "slide2", seconds: 100)
            let batch = [first, later] + (0..<150).map { event("install-\($0)xyz", screen: "slide1", seconds: 10) }
            #expect(try await storage.transaction { try await $0.insertEvents(batch) } == 152)
            #expect(try await storage.transaction { try await $0.insertEvents([first, later]) } == 0, "ids repeat")

            let window = try await storage.read { try await $0.events(flowID: "tanda", from: now, to: now + 50) }
            #expect(window.count == 151)
            #expect(window.contains(first), "every field comes back as written")
            #expect(try await storage.read { try await $0.events(flowID: "trainer", from: now, to: now + 500) }.isEmpty)

            try await storage.transaction { try await $0.deleteUser(id: user.id) }
            let unlinked = try await storage.read { try await $0.events(flowID: "tanda", from: now, to: now + 1) }
            #expect(unlinked.map(\.userID) == [nil], "a deleted account's events stay, anonymous")

            try await storage.transaction { try await $0.deleteEvents(happenedBefore: now + 50) }
            let kept = try await storage.read { try await $0.events(flowID: "tanda", from: now, to: now + 500) }
            #expect(kept.map(\.screen) == ["slide2"])
        }
    }
}
