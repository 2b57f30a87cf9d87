import DoorstepFlow
import DoorstepPresentation
import Foundation
import Testing

/// Every screen of every catalog flow, presented, matches its reviewed golden file; a change to what
/// a screen draws shows up here as a diff to review.
@Suite("Golden presentations")
struct GoldenPresentationTests {
    @Test("Each catalog flow presents as its golden file says", arguments: FlowCatalog.referenceIDs)
    func matchesGolden(flowID: String) throws {
        let flow = try #require(try FlowCatalog.bundled().flow(flowID))
        let document = try GoldenPresentations.document(for: flow)
        let url = GoldenPresentations.sourceURL(of: flowID)
        if GoldenPresentations.isUpdating {
            try document.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        if golden != document {
            let goldenLines = golden.split(separator: "\n", omittingEmptySubsequences: false)
            let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(goldenLines, lines).enumerated().first { $0.element.0 != $0.element.1 }
            let line = first?.offset ?? min(goldenLines.count, lines.count)
            Issue.record(
                """
                \(flowID) presents differently from Golden/\(flowID).json from line \(line + 1):
                golden: \(goldenLines.indices.contains(line) ? String(goldenLines[line]) : "(end)")
                now:    \(lines.indices.contains(line) ? String(lines[line]) : "(end)")
                Review the change, then run DOORSTEP_UPDATE_GOLDEN=1 swift test --filter DoorstepPresentationTests
                """)
        }
    }
}
