import Foundation
import Testing

@testable import DoorstepHTTP
@testable import DoorstepServer

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

    @Test("Dates are written as ISO8601FormatStyle writes them, whole seconds in UTC")
    func writes() {
        // Leap days, the turn of centuries, before 1970, and a sweep of odd steps across six centuries.
        var samples: [Double] = [0, -1, -0.5, 86_399.999, 951_782_400, 1_795_426_200.75, 4_102_444_800, -2_208_988_800]
        samples += Array(stride(from: -5_000_000_000.0, to: 10_000_000_000, by: 29_999_999.37))
        for seconds in samples {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(RFC3339DateTranscoder.format(date) == Date.ISO8601FormatStyle().format(date), "\(seconds)")
            #expect(
                RFC3339DateTranscoder.parse(RFC3339DateTranscoder.format(date))?.timeIntervalSince1970
                    == seconds.rounded(.down))
        }
    }
}
