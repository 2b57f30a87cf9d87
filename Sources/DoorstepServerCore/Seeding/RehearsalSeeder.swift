import Foundation

/// Fills a store with a rehearsal of a busy deployment — accounts with passwords, Apple and Google
/// identities, passkeys and signed-in sessions in realistic shares, and days of walk events across
/// the flows — so an operator can measure the server, its reports and its exports at the size they
/// expect before they get there. Rows are written in large batches, each in one transaction.
///
/// Every account's address is `rehearsal-<n>@example.test`; those with a password share the hash the
/// caller passes, so a load test can sign in as any of them. No token is stored: session rows hold the
/// hash of random bytes nobody has.
public struct RehearsalSeeder: Sendable {
    /// A flow the events walk: its screens in the order a walk meets them.
    public struct Flow: Sendable, Hashable {
        public var id: String
        public var version: Int
        public var screens: [String]

        /// Creates a flow to walk.
        public init(id: String, version: Int, screens: [String]) {
            self.id = id
            self.version = version
            self.screens = screens
        }
    }

    let storage: any Storage
    let plan: RehearsalPlan
    let passwordHash: String
    let flows: [Flow]
    /// The moment the rehearsal ends: sign-ups and events reach `plan.days` back from it.
    let now: Date

    /// Creates a seeder.
    public init(storage: any Storage, plan: RehearsalPlan, passwordHash: String, flows: [Flow], now: Date) {
        self.storage = storage
        self.plan = plan
        self.passwordHash = passwordHash
        self.flows = flows
        self.now = now
    }

    /// The address of rehearsal account `index`.
    public static func email(_ index: Int) -> String { "rehearsal-\(index)@example.test" }

    /// Writes the plan; `progress` hears the rows done of each kind after every batch.
    public func run(progress: @Sendable (String, Int) -> Void = { _, _ in }) async throws -> RehearsalReport {
        var report = RehearsalReport()
        var generator = SeededGenerator(seed: plan.seed)
        var accountIDs: [UUID] = []
        accountIDs.reserveCapacity(plan.accounts)
        let accountsStart = ContinuousClock.now
        for start in stride(from: 0, to: plan.accounts, by: plan.batchSize) {
            let batch = RehearsalAccounts.make(
                start..<min(start + plan.batchSize, plan.accounts), plan: plan, passwordHash: passwordHash, now: now,
                using: &generator)
            try await storage.transaction { store in try await batch.write(to: store) }
            accountIDs += batch.users.map(\.id)
            report.add(batch)
            progress("accounts", report.accounts)
        }
        report.accountSeconds = (ContinuousClock.now - accountsStart).inSeconds
        let eventsStart = ContinuousClock.now
        var walks = RehearsalWalks(flows: flows, accountIDs: accountIDs, days: plan.days, now: now)
        while report.events < plan.events {
            let events = walks.events(count: min(plan.batchSize * 5, plan.events - report.events), using: &generator)
            guard !events.isEmpty else { break }
            _ = try await storage.transaction { store in try await store.insertEvents(events) }
            report.events += events.count
            progress("events", report.events)
        }
        report.eventSeconds = (ContinuousClock.now - eventsStart).inSeconds
        return report
    }
}

extension RehearsalReport {
    mutating func add(_ batch: RehearsalAccounts) {
        accounts += batch.users.count
        passwords += batch.users.count { $0.passwordHash != nil }
        identities += batch.identities.count
        passkeys += batch.passkeys.count
        sessions += batch.sessions.count
    }
}
