import ArgumentParser
import DoorstepFlow
import DoorstepServer
import DoorstepServerCore
import Foundation
import NIOPosix

/// `doorstep seed`: a rehearsal database of the size an operator expects, to measure before getting there.
struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fill a database with rehearsal accounts and walk events, to measure at scale.",
        discussion: """
            Writes --accounts accounts (rehearsal-<n>@example.test: 55 % with the password --password, \
            25 % linked to Apple, 10 % to Google, 15 % with a passkey, 60 % signed in somewhere) and \
            --events walk events over the catalog's flows in the last --days days. The same --seed makes \
            the same database. Only an empty database is seeded: one that holds any account is refused.
            Example: doorstep seed --database rehearsal.sqlite --accounts 1000000 --events 10000000
            """
    )

    @OptionGroup var store: Keys.StoreOptions

    @Option(help: "Accounts to write.") var accounts: Int = 10_000
    @Option(help: "Walk events to write.") var events: Int = 100_000
    @Option(help: "How many days back sign-ups and events reach.") var days: Int = 30
    @Option(help: "Makes the same database again.") var seed: UInt64 = 1
    @Option(help: "The password of the rehearsal accounts that have one.") var password = "Rehearsal-Password-1"
    @Option(help: "The bcrypt cost of that password's hash.") var passwordCost = 12

    func validate() throws {
        guard accounts >= 0, events >= 0 else { throw ValidationError("--accounts and --events cannot be negative") }
        guard (1...3_650).contains(days) else { throw ValidationError("--days must be between 1 and 3650") }
        guard (4...31).contains(passwordCost) else { throw ValidationError("--password-cost must be between 4 and 31") }
    }

    func run() async throws {
        let passwordHash = try await Self.hash(password, cost: passwordCost)
        let now = Date()
        let catalog = try FlowCatalog.bundled()
        let flows = catalog.flows.map { flow in
            RehearsalSeeder.Flow(
                id: flow.id, version: flow.version,
                screens: FlowSimulator(flow: flow, now: now).run().steps.map(\.screen))
        }
        let plan = RehearsalPlan(accounts: accounts, events: events, days: days, seed: seed)
        try await store.withStore { opened in
            guard try await !opened.storage.read({ try await $0.holdsAnyAccount() }) else {
                throw Users.failure(
                    "\(store.resolvedDatabase) already holds accounts; seed a database of its own", code: 1)
            }
            let seeder = RehearsalSeeder(
                storage: opened.storage, plan: plan, passwordHash: passwordHash, flows: flows, now: now)
            let report = try await seeder.run { kind, done in
                if done % 100_000 == 0 { print("\(done) \(kind)") }
            }
            print(Self.summary(report))
            // The server folds walks idle for a day into daily funnels; a rehearsal of a running
            // deployment is folded as the server would have folded it.
            let analytics = AnalyticsService(
                storage: opened.storage, catalog: catalog,
                context: ServiceContext(clock: SystemWallClock(), random: SecureRandomSource()))
            let started = ContinuousClock.now
            let folded = try await analytics.compact()
            let seconds = String(format: "%.1f", (ContinuousClock.now - started).inSeconds)
            print("folded \(folded) walks idle for a day into daily funnels in \(seconds) s, as the server does")
        }
    }

    static func hash(_ password: String, cost: Int) async throws -> String {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        defer { pool.shutdownGracefully { _ in } }
        return try await BcryptPasswordHasher(cost: cost, threadPool: pool).hash(PasswordPrehash.bcryptInput(password))
    }

    static func summary(_ report: RehearsalReport) -> String {
        func rate(_ count: Int, _ seconds: Double) -> String {
            seconds > 0 ? "\(Int(Double(count) / seconds))/s" : "-"
        }
        return """
            wrote \(report.accounts) accounts (\(report.passwords) with a password, \(report.identities) Apple or Google \
            identities, \(report.passkeys) passkeys, \(report.sessions) sessions) in \
            \(String(format: "%.1f", report.accountSeconds)) s (\(rate(report.accounts, report.accountSeconds)))
            wrote \(report.events) events in \(String(format: "%.1f", report.eventSeconds)) s \
            (\(rate(report.events, report.eventSeconds)))
            """
    }
}
