import DoorstepFlow
import Foundation
import Testing

@Suite("Calendar dates")
struct CalendarDateTests {
    @Test("The day of an instant matches the Gregorian calendar, leap days, zones and 1900 included")
    func dayOfInstant() throws {
        var calendar = Calendar(identifier: .gregorian)
        let instants: [TimeInterval] = [
            0, -1, 86_399, 86_400, 951_782_400, 951_868_799, 1_709_164_800, 1_790_000_000, -2_208_988_800,
            4_107_542_399, 1_798_761_599,
        ]
        for zone in [CalendarDate.utc, TimeZone(secondsFromGMT: -10 * 3_600)!, TimeZone(secondsFromGMT: 14 * 3_600)!] {
            calendar.timeZone = zone
            for seconds in instants {
                let instant = Date(timeIntervalSince1970: seconds)
                let parts = calendar.dateComponents([.year, .month, .day], from: instant)
                let expected = try #require(CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!))
                #expect(CalendarDate(instant, in: zone) == expected, "\(seconds) in \(zone.secondsFromGMT())")
            }
        }
        #expect(CalendarDate(Date(timeIntervalSince1970: 951_782_400)).description == "2000-02-29")
    }
}
