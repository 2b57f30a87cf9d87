import Foundation
import OpenAPIRuntime

/// Reads every RFC 3339 date-time the contract's `format: date-time` allows — any year from 0000,
/// fractional seconds or none, `Z` or any offset up to ±23:59 — and writes whole seconds in UTC.
/// The runtime's default refuses fractional seconds, which JavaScript's `toISOString()` always
/// writes, and Foundation's parsers refuse some offsets and shift dates before 1582.
package struct RFC3339DateTranscoder: DateTranscoder {
    package func encode(_ date: Date) throws -> String {
        Self.format(date)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, whole seconds in UTC, written by hand: every user and session in an
    /// answer carries dates, and `ISO8601FormatStyle` costs more than the rest of their encoding.
    package static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (dayCount, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
        let (year, month, day) = civil(fromDays: dayCount)
        guard (0...9_999).contains(year) else { return Date.ISO8601FormatStyle().format(date) }
        return String(unsafeUninitializedCapacity: 20) { text in
            var position = 0
            func put(_ value: Int, digits: Int, then separator: UInt8?) {
                var rest = value
                for place in stride(from: digits - 1, through: 0, by: -1) {
                    text[position + place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                position += digits
                if let separator {
                    text[position] = separator
                    position += 1
                }
            }
            put(year, digits: 4, then: UInt8(ascii: "-"))
            put(month, digits: 2, then: UInt8(ascii: "-"))
            put(day, digits: 2, then: UInt8(ascii: "T"))
            put(second / 3_600, digits: 2, then: UInt8(ascii: ":"))
            put(second / 60 % 60, digits: 2, then: UInt8(ascii: ":"))
            put(second % 60, digits: 2, then: UInt8(ascii: "Z"))
            return position
        }
    }

    package func decode(_ text: String) throws -> Date {
        guard let date = Self.parse(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "Expected an RFC 3339 date-time such as 2026-11-23T09:30:00Z."))
        }
        return date
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` as a date, on the proleptic Gregorian calendar.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + length] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ index: Int, is expected: Character) -> Bool {
            index < bytes.count && Character(Unicode.Scalar(bytes[index])).lowercased() == expected.lowercased()
        }
        guard let year = number(0, 4), byte(4, is: "-"), let month = number(5, 2), byte(7, is: "-"),
            let day = number(8, 2), byte(10, is: "T"), let hour = number(11, 2), byte(13, is: ":"),
            let minute = number(14, 2), byte(16, is: ":"), let second = number(17, 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if byte(index, is: ".") {
            var scale = 0.1
            index += 1
            let start = index
            while let digit = number(index, 1) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if byte(index, is: "Z") {
            index += 1
        } else if byte(index, is: "+") || byte(index, is: "-") {
            guard let hours = number(index + 1, 2), byte(index + 3, is: ":"), let minutes = number(index + 4, 2),
                hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (byte(index, is: "-") ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + min(second, 59) - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The date `days` after 1970-01-01 (H. Hinnant's algorithm, the inverse of ``daysFromCivil``).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to the date, on the proleptic Gregorian calendar (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Creates it from its parts.
    package init() {
    }
}
