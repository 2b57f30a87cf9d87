import Foundation
import Testing

@testable import DoorstepHTTP

@Suite("RFC 3339 date-times")
struct RFC3339Tests {
    @Test(
        "Every RFC 3339 form is read, on the proleptic Gregorian calendar",
        arguments: [
            ("2026-11-23T09:30:00Z", 1_795_426_200.0), ("2026-11-23t09:30:00z", 1_795_426_200.0),
            ("2026-11-23T09:30:00.250Z", 1_795_426_200.25), ("2026-11-23T11:30:00+02:00", 1_795_426_200.0),
            ("2026-11-22T11:40:00-21:50", 1_795_426_200.0), ("1970-01-01T00:00:00Z", 0),
            ("0742-05-28T13:37:13Z", -38_739_205_367), ("2024-02-29T00:00:00Z", 1_709_164_800),
        ])
    func reads(_ text: String, _ seconds: Double) throws {
        #expect(RFC3339DateTranscoder.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(
        "Anything else is refused",
        arguments: [
            "", "2026-11-23", "2026-11-23T09:30:00", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
            "2026-11-23T24:00:00Z", "2026-11-23T09:30:00+24:00", "2026-11-23T09:30:00.Z", "2026-11-23T09:30:00Zjunk",
            "２026-11-23T09:30:00Z",
        ])
    func refuses(_ text: String) {
        #expect(RFC3339DateTranscoder.parse(text) == nil)
    }
}
