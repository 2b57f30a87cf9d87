import DoorstepFlow
import Foundation

/// Writes accounts read from another service's export: each with its address (verified or not, as it
/// was), its name, its imported password hash, its Apple and Google identities, and disabled if it was.
/// A row that cannot be imported — an address or identity already here, a malformed row — is skipped
/// with its reason, and never stops or half-writes the others. Importing the same file again skips
/// every row it imported the first time.
public struct UserImporter: Sendable {
    /// What an import did, or would do.
    public struct Report: Sendable, Hashable {
        public var imported: [String] = []
        public var skipped: [ImportRowProblem] = []
    }

    let storage: any Storage
    let clock: any WallClock
    let random: any RandomSource
    /// Rows written per transaction.
    public var batchSize = 500

    /// Creates an importer.
    public init(storage: any Storage, clock: any WallClock, random: any RandomSource) {
        self.storage = storage
        self.clock = clock
        self.random = random
    }

    /// Imports `rows`; with `dryRun`, checks each the same way and writes nothing. `progress` hears
    /// how many rows are done after each batch.
    public func run(
        _ rows: [Result<ImportedUser, ImportRowProblem>], dryRun: Bool, progress: (Int) -> Void = { _ in }
    ) async throws -> Report {
        var report = Report()
        var done = 0
        for batch in stride(from: 0, to: rows.count, by: batchSize).map({ rows[$0..<min($0 + batchSize, rows.count)] })
        {
            let outcomes = try await write(Array(batch), dryRun: dryRun)
            for outcome in outcomes {
                switch outcome {
                case .success(let place): report.imported.append(place)
                case .failure(let problem): report.skipped.append(problem)
                }
            }
            done += batch.count
            progress(done)
        }
        return report
    }

    /// One batch in one transaction; rolled back when dry.
    private func write(_ batch: [Result<ImportedUser, ImportRowProblem>], dryRun: Bool) async throws
        -> [Result<String, ImportRowProblem>]
    {
        let now = clock.now
        do {
            return try await storage.transaction { store in
                let outcomes = try await insert(batch, at: now, in: store)
                if dryRun { throw DryRun(outcomes: outcomes) }
                return outcomes
            }
        } catch let dry as DryRun {
            return dry.outcomes
        } catch  where batch.count > 1 {
            // One row the checks let through failed to write: the batch is undone, and each row goes again
            // on its own, so only that row is lost.
            var outcomes: [Result<String, ImportRowProblem>] = []
            for row in batch { outcomes += try await write([row], dryRun: dryRun) }
            return outcomes
        } catch {
            let place = (try? batch[0].get().place) ?? "a row"
            return [.failure(ImportRowProblem(place: place, reason: "it could not be written (\(error))"))]
        }
    }

    /// The user, if its row has what an account needs.
    static func check(_ user: ImportedUser) -> Result<ImportedUser, ImportRowProblem> {
        if let email = user.email, !EmailAddress.isValid(email) {
            return .failure(ImportRowProblem(place: user.place, reason: "\"\(email)\" is not an email address"))
        }
        if user.email == nil && user.identities.isEmpty {
            return .failure(
                ImportRowProblem(place: user.place, reason: "it has no address and no Apple or Google account"))
        }
        return .success(user)
    }

    /// The batch's accounts written with four statements or so: what is already here is read once.
    private func insert(
        _ batch: [Result<ImportedUser, ImportRowProblem>], at now: Date, in store: any StorageTransaction
    ) async throws -> [Result<String, ImportRowProblem>] {
        let checked = batch.map { $0.flatMap(Self.check) }
        let candidates = checked.compactMap { try? $0.get() }
        var takenEmails = try await store.existingEmails(
            among: candidates.compactMap { $0.email.map(EmailAddress.normalized) })
        var takenIdentities = try await store.existingIdentities(among: candidates.flatMap(\.identities))
        var users: [UserRecord] = []
        var identities: [IdentityRecord] = []
        let outcomes = checked.map { row -> Result<String, ImportRowProblem> in
            row.flatMap { imported in
                let email = imported.email.map(EmailAddress.normalized)
                if let email, takenEmails.contains(email) {
                    return .failure(
                        ImportRowProblem(place: imported.place, reason: "an account with \(email) is already here"))
                }
                if let linked = imported.identities.first(where: takenIdentities.contains) {
                    return .failure(
                        ImportRowProblem(
                            place: imported.place, reason: "its \(linked.provider) account is already linked here"))
                }
                let user = account(imported, email: email, at: now)
                users.append(user)
                identities += imported.identities.map {
                    IdentityRecord(provider: $0.provider, subject: $0.subject, userID: user.id, createdAt: now)
                }
                if let email { takenEmails.insert(email) }
                takenIdentities.formUnion(imported.identities)
                return .success(email ?? imported.place)
            }
        }
        try await store.insertImported(users, identities: identities)
        return outcomes
    }

    private func account(_ imported: ImportedUser, email: String?, at now: Date) -> UserRecord {
        var user = UserRecord(
            id: random.uuid(), email: email, emailVerified: email != nil && imported.emailVerified,
            fullName: imported.name.flatMap { $0.isEmpty ? nil : $0 }, passwordHash: imported.passwordHash?.stored,
            providers: Array(Set(imported.identities.map(\.provider))).sorted(), createdAt: imported.createdAt ?? now)
        user.disabledAt = imported.disabled ? now : nil
        return user
    }

    private struct DryRun: Error {
        var outcomes: [Result<String, ImportRowProblem>]
    }
}
