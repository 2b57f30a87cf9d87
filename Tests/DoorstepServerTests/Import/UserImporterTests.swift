import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Importing users")
struct UserImporterTests {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))

    func importer(_ storage: any Storage) -> UserImporter {
        UserImporter(storage: storage, clock: clock, random: SecureRandomSource())
    }

    static let rows: [Result<ImportedUser, ImportRowProblem>] = [
        .success(
            ImportedUser(
                place: "user 1", email: "Ada@Example.com", emailVerified: true, name: "Ada Lovelace",
                passwordHash: .bcrypt("$2b$04$abcdefghijklmnopqrstuu5WcbG3YhzGNmI0PpXz6n6KQ0QeWv7lW"),
                identities: [ImportedUser.Identity(provider: "apple", subject: "001.ada")],
                createdAt: Date(timeIntervalSince1970: 1_500_000_000))),
        .success(ImportedUser(place: "user 2", email: "not an address", emailVerified: true)),
        .failure(ImportRowProblem(place: "user 3", reason: "its passwordHash or salt is not base64")),
        .success(ImportedUser(place: "user 4", email: "ada@example.com", emailVerified: false)),
        .success(
            ImportedUser(
                place: "user 5", email: nil, emailVerified: false,
                identities: [ImportedUser.Identity(provider: "google", subject: "g-5")], disabled: true)),
        .success(ImportedUser(place: "user 6", email: nil, emailVerified: false)),
    ]

    @Test(
        "What is kept: the address as verified as it was, the name, the hash, Apple and Google, disabled",
        arguments: StorageKind.allCases)
    func kept(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let report = try await importer(storage).run(Self.rows, dryRun: false)
            #expect(report.imported == ["ada@example.com", "user 5"])
            #expect(
                report.skipped.map(\.description) == [
                    "user 2: \"not an address\" is not an email address",
                    "user 3: its passwordHash or salt is not base64",
                    "user 4: an account with ada@example.com is already here",
                    "user 6: it has no address and no Apple or Google account",
                ])
            let ada = try #require(try await storage.read { try await $0.user(email: "ada@example.com") })
            #expect(ada.emailVerified && ada.fullName == "Ada Lovelace" && ada.providers == ["apple"])
            #expect(ada.passwordHash?.hasPrefix("imported:bcrypt:$2b$04$") == true)
            #expect(ada.createdAt == Date(timeIntervalSince1970: 1_500_000_000) && ada.disabledAt == nil)
            let google = try #require(
                try await storage.read { try await $0.identity(provider: "google", subject: "g-5") })
            let disabled = try #require(try await storage.read { try await $0.user(id: google.userID) })
            #expect(disabled.disabledAt == clock.now && disabled.email == nil)
        }
    }

    @Test("A dry run writes nothing; the same import twice writes once", arguments: StorageKind.allCases)
    func dryRunAndAgain(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let dry = try await importer(storage).run(Self.rows, dryRun: true)
            #expect(dry.imported.count == 2)
            #expect(try await storage.read { try await $0.user(email: "ada@example.com") } == nil)
            var progress: [Int] = []
            var batched = importer(storage)
            batched.batchSize = 4
            _ = try await batched.run(Self.rows, dryRun: false) { progress.append($0) }
            #expect(progress == [4, 6])
            let again = try await importer(storage).run(Self.rows, dryRun: false)
            #expect(again.imported.isEmpty && again.skipped.count == Self.rows.count)
        }
    }

    @Test(
        "A row that fails to write loses only itself: its batch is written again row by row",
        arguments: StorageKind.allCases)
    func failedRow(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let twice = ImportedUser.Identity(provider: "apple", subject: "001.twice")
            let rows: [Result<ImportedUser, ImportRowProblem>] = [
                .success(ImportedUser(place: "line 1", email: "kim@example.com", emailVerified: true)),
                .success(
                    ImportedUser(
                        place: "line 2", email: "lee@example.com", emailVerified: true, identities: [twice, twice])),
                .success(ImportedUser(place: "line 3", email: "max@example.com", emailVerified: true)),
            ]
            let report = try await importer(storage).run(rows, dryRun: false)
            #expect(report.imported == ["kim@example.com", "max@example.com"])
            #expect(report.skipped.map(\.place) == ["line 2"])
            #expect(try await storage.read { try await $0.user(email: "lee@example.com") } == nil)
        }
    }
}
