import Foundation
import Testing

@Suite("doorstep analytics", .serialized)
struct AnalyticsCommandTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    @Test("analytics funnel prints where installs dropped off, from the server's own store")
    func funnelTable() async throws {
        let server = try ServerProcess(runner: doorstep)
        let http = HTTP(base: try await server.waitUntilListening())
        let now = Date()
        var events: [[String: Any]] = []
        for install in 0..<5 {
            let screens = install < 2 ? ["slide1"] : ["slide1", "slide2", "slide3"]
            for (index, screen) in screens.enumerated() {
                events.append([
                    "id": UUID().uuidString, "installId": "cli-install-\(install)", "flowId": "tanda", "flowVersion": 3,
                    "type": "screenShown", "screen": screen, "sequence": index,
                    "at": ISO8601DateFormatter().string(from: now.addingTimeInterval(Double(index * 2 - 60))),
                ])
            }
        }
        #expect(try await http.send("POST", "v1/events", json: ["events": events]).status == 202)
        #expect(await server.stop() == 0)

        let table = try await doorstep.run(
            "analytics", "funnel", "tanda", "--since", "7d", "--database", server.database)
        #expect(table.status == 0, "\(table.standardError.prefix(3_000))")
        let slide1 = try #require(table.lines.first { $0.hasPrefix("slide1 ") })
        #expect(slide1.split(separator: " ").prefix(4) == ["slide1", "5", "3", "2"], "\(slide1)")
        #expect(table.lines.first?.contains("5 installs") == true)

        let json = try await doorstep.run("analytics", "funnel", "tanda", "--json", "--database", server.database)
        let report = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(report?["installs"] as? Int == 5)

        let unknown = try await doorstep.run("analytics", "funnel", "nope", "--database", server.database)
        #expect(unknown.status == 1 && unknown.standardError.split(separator: "\n").count == 1)
        let badWindow = try await doorstep.run(
            "analytics", "funnel", "tanda", "--since", "soon", "--database", server.database)
        #expect(badWindow.status == 2)
    }

    @Test("analytics compact folds the walks idle long enough into daily funnels, once, and the funnel reads the same")
    func compact() async throws {
        let server = try ServerProcess(runner: doorstep)
        let http = HTTP(base: try await server.waitUntilListening())
        let now = Date()
        // Three walks that went quiet three hours ago and one still going.
        var events: [[String: Any]] = []
        for (install, minutesAgo) in [("A1", 180), ("B2", 185), ("C3", 190), ("D4", 1)] {
            for (index, screen) in ["slide1", "slide2"].enumerated() {
                events.append([
                    "id": UUID().uuidString, "installId": "cli-compact-\(install)", "flowId": "tanda",
                    "flowVersion": 3, "type": "screenShown", "screen": screen, "sequence": index,
                    "at": ISO8601DateFormatter().string(
                        from: now.addingTimeInterval(Double(-minutesAgo * 60 + index * 5))),
                ])
            }
        }
        #expect(try await http.send("POST", "v1/events", json: ["events": events]).status == 202)
        #expect(await server.stop() == 0)
        let before = try await doorstep.run("analytics", "funnel", "tanda", "--json", "--database", server.database)

        let tooLong = try await doorstep.run(
            "analytics", "compact", "--database", server.database, environment: ["DOORSTEP_WALK_IDLE_HOURS": "4"])
        #expect(tooLong.standardOutput.hasPrefix("folded 0 walks idle for 4 h"), "the server's variable is read")
        let folded = try await doorstep.run(
            "analytics", "compact", "--walk-idle-hours", "2", "--database", server.database,
            environment: ["DOORSTEP_WALK_IDLE_HOURS": "4"])
        #expect(folded.status == 0, "\(folded.standardError.prefix(3_000))")
        #expect(folded.standardOutput.hasPrefix("folded 3 walks idle for 2 h"), "\(folded.standardOutput)")
        let again = try await doorstep.run(
            "analytics", "compact", "--walk-idle-hours", "2", "--database", server.database)
        #expect(again.standardOutput.hasPrefix("folded 0 walks"), "each walk is folded once")

        let after = try await doorstep.run("analytics", "funnel", "tanda", "--json", "--database", server.database)
        #expect(after.standardOutput == before.standardOutput, "the same funnel, from daily tallies")
        let report = try JSONSerialization.jsonObject(with: Data(after.standardOutput.utf8)) as? [String: Any]
        #expect(report?["installs"] as? Int == 4)

        let refused = try await doorstep.run(
            "analytics", "compact", "--walk-idle-hours", "0", "--database", server.database)
        #expect(refused.status != 0 && refused.standardError.contains("1–720 hours"))
        let refusedVariable = try await doorstep.run(
            "analytics", "compact", "--database", server.database, environment: ["DOORSTEP_WALK_IDLE_HOURS": "a day"])
        #expect(refusedVariable.status != 0 && refusedVariable.standardError.contains("whole number"))
    }
}
