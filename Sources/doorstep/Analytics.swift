import ArgumentParser
import DoorstepFlow
import DoorstepServerCore
import Foundation

/// `doorstep analytics`: funnels from the server's own store, for the terminal and scripts.
struct Analytics: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read where people drop off in a flow, and how its variants convert.",
        subcommands: [Funnel.self, Compact.self])

    struct Funnel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "A flow's funnel as a table (or --json).")
        @OptionGroup var options: Keys.StoreOptions
        @Argument(help: "The flow, such as tanda.") var flow: String
        @Option(help: "How far back: 7d, 24h, 30d. (default: 30d)") var since = "30d"
        @Option(help: "Only this version of the flow.") var version: Int?
        @Option(help: "Only this variant.") var variant: String?
        @Flag(help: "Print JSON.") var json = false
        @Flag(help: "Also say on standard error how long reading and counting took, start-up aside.")
        var timing = false

        func run() async throws {
            guard let window = Self.duration(since) else {
                throw Users.failure("--since takes a number of days or hours, such as 7d or 24h.", code: 2)
            }
            let catalog = try FlowCatalog.bundled()
            guard catalog.flow(flow) != nil else {
                throw Users.failure(
                    "There is no flow \(flow); the catalog has \(catalog.flows.map(\.id).joined(separator: ", ")).",
                    code: 1)
            }
            let report = try await options.withStore(connections: AnalyticsService.funnelShares) { store in
                let analytics = AnalyticsService(
                    storage: store.storage, catalog: catalog,
                    context: ServiceContext(clock: SystemWallClock(), random: SecureRandomSource()))
                let now = Date()
                let started = ContinuousClock.now
                let report = try await analytics.funnel(
                    flowID: flow, from: now.addingTimeInterval(-window), version: version, variant: variant)
                if timing {
                    let took = String(format: "%.1f", (ContinuousClock.now - started).inSeconds * 1_000)
                    FileHandle.standardError.write(Data("the report took \(took) ms\n".utf8))
                }
                return report
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
            } else {
                print(FunnelTable.text(report, since: since))
            }
        }

        /// Seconds in `7d` or `24h`.
        static func duration(_ text: String) -> TimeInterval? {
            guard let unit = text.last, let count = Int(text.dropLast()), count > 0, count <= 3_650 else { return nil }
            switch unit {
            case "d": return TimeInterval(count) * 86_400
            case "h": return TimeInterval(count) * 3_600
            default: return nil
            }
        }
    }
}

/// A funnel as aligned text: a row per screen with a bar, then the variants and their paywall.
enum FunnelTable {
    static func text(_ report: FunnelReport, since: String) -> String {
        var lines = [
            "\(report.flowID), last \(since): \(report.installs) installs, \(report.completed) finished "
                + "(\(percent(report.completionRate)))",
            "",
            pad("screen", 18) + pad("reached", 9, right: true) + pad("moved on", 10, right: true)
                + pad("dropped", 9, right: true) + pad("median", 9, right: true) + "  ",
        ]
        let widest = max(1, report.steps.map(\.reached).max() ?? 1)
        for step in report.steps {
            let bar = String(repeating: "█", count: max(1, step.reached * 24 / widest))
            let median = step.medianSeconds.map { String(format: "%.1fs", $0) } ?? "–"
            lines.append(
                pad(step.screen, 18) + pad("\(step.reached)", 9, right: true) + pad("\(step.movedOn)", 10, right: true)
                    + pad("\(step.droppedOff)", 9, right: true) + pad(median, 9, right: true) + "  " + bar)
        }
        if report.steps.isEmpty { lines.append("(no events in this window)") }
        if report.variants.count > 1 {
            lines += [
                "",
                pad("variant", 18) + pad("installs", 9, right: true) + pad("finished", 10, right: true)
                    + "  conversion (95 % interval)",
            ]
            for variant in report.variants {
                lines.append(
                    pad(variant.variant, 18) + pad("\(variant.installs)", 9, right: true)
                        + pad("\(variant.completed)", 10, right: true)
                        + "  \(percent(variant.conversion)) (\(percent(variant.low))–\(percent(variant.high)))")
            }
            lines.append(
                report.leader.map { "leader: \($0)" } ?? "no leader yet: the intervals overlap")
        }
        let paywalls = report.variants.compactMap { variant in variant.paywall.map { (variant.variant, $0) } }
        if !paywalls.isEmpty {
            lines += [
                "",
                pad("paywall", 18) + pad("screen", 12) + pad("reached", 9, right: true)
                    + pad("bought", 10, right: true) + "  conversion",
            ]
            for (variant, paywall) in paywalls {
                lines.append(
                    pad(variant, 18) + pad(paywall.screen, 12) + pad("\(paywall.reached)", 9, right: true)
                        + pad("\(paywall.converted)", 10, right: true) + "  \(percent(paywall.conversion))")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func percent(_ value: Double) -> String {
        String(format: "%.1f %%", value * 100)
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
