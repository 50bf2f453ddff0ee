import Foundation

/// A hotel's calendar day (`YYYY-MM-DD`), with no time and no zone: business dates, stay dates, due dates.
public struct BusinessDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid date of the proleptic Gregorian calendar, or nil.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...BusinessDate.daysInMonth(year: year, month: month)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: String) {
        var text = text
        guard let date = text.withUTF8({ BusinessDate(utf8: $0) }) else { return nil }
        self = date
    }

    /// Parses exactly `YYYY-MM-DD` from its bytes (the room list's reader makes no String of it).
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = BusinessDate.number(bytes[0..<4]), let month = BusinessDate.number(bytes[5..<7]),
              let day = BusinessDate.number(bytes[8..<10]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date that many days later (or earlier when negative).
    public func adding(days: Int) -> BusinessDate {
        BusinessDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Days from this date to `other` (the nights of a stay from check-in to check-out date).
    public func days(until other: BusinessDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// The calendar date at `instant` in `timeZone` (the property's, never the terminal's).
    public static func on(_ instant: Date, in timeZone: TimeZone) -> BusinessDate {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return BusinessDate(daysSinceEpoch: days)
    }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = BusinessDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a date YYYY-MM-DD, found \"\(text.prefix(40))\"")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01 (civil_from_days).
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func number(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        // By index on the base buffer: the slice's iterator cost an instant 200 instructions (#18).
        let base = bytes.base
        var value = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        return value
    }
}
