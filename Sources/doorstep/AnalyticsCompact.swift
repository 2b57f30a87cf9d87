import ArgumentParser
import DoorstepFlow
import DoorstepServerCore
import Foundation

extension Analytics {
    /// `doorstep analytics compact`: the hourly fold of idle walks, now — after lowering the idle
    /// time, or on a rehearsal database seeded to stand for a running deployment.
    struct Compact: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fold walks idle for a day into daily funnels now, as the server does each hour.",
            discussion: """
                Unfinished walks are reported to webhooks as flow.abandoned, as the server reports them; \
                a running server delivers them. Safe beside running servers: each walk is folded once.
                """)
        @OptionGroup var options: Keys.StoreOptions
        @Option(
            help: """
                Hours a walk stays idle before it is folded, as the server's --walk-idle-hours: 1–720. \
                (default: DOORSTEP_WALK_IDLE_HOURS, else 24)
                """)
        var walkIdleHours: Int?

        /// The fold's policy: the idle time as the server reads it, else the server's default.
        func policy() throws -> AnalyticsPolicy {
            var policy = AnalyticsPolicy()
            if let idle = try Serve.walkIdleTime(
                option: walkIdleHours, environment: ProcessInfo.processInfo.environment)
            {
                policy.compactAfter = idle
            }
            return policy
        }

        func validate() throws {
            _ = try policy()
        }

        func run() async throws {
            let policy = try policy()
            let clock = SystemWallClock()
            let random = SecureRandomSource()
            let catalog = try FlowCatalog.bundled()
            let started = ContinuousClock.now
            let folded = try await options.withStore { store in
                let analytics = AnalyticsService(
                    storage: store.storage, catalog: catalog, policy: policy,
                    context: ServiceContext(
                        clock: clock, random: random, webhooks: WebhookEvents(clock: clock, random: random)))
                return try await analytics.compact()
            }
            let seconds = String(format: "%.1f", (ContinuousClock.now - started).inSeconds)
            let hours = Int(policy.compactAfter / 3_600)
            print("folded \(folded) walks idle for \(hours) h into daily funnels in \(seconds) s")
        }
    }
}
