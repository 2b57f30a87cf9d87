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

        /// The idle hours the option names, else those the server reads from the environment, else a day.
        func idleHours() throws -> Int {
            try walkIdleHours ?? Serve.integer(ProcessInfo.processInfo.environment, "DOORSTEP_WALK_IDLE_HOURS") ?? 24
        }

        func validate() throws {
            _ = try Serve.walkIdleTime(hours: try idleHours())
        }

        func run() async throws {
            let walkIdleHours = try idleHours()
            var policy = AnalyticsPolicy()
            policy.compactAfter = try Serve.walkIdleTime(hours: walkIdleHours)
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
            print("folded \(folded) walks idle for \(walkIdleHours) h into daily funnels in \(seconds) s")
        }
    }
}
