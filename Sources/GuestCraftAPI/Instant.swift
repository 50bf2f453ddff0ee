import Foundation

/// A point in time on the wire: RFC 3339 in UTC (`2026-11-02T08:15:00Z`), kept to the millisecond.
public struct Instant: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z: exact, so equal instants compare equal.
    public let millisecondsSinceEpoch: Int64

    public init(millisecondsSinceEpoch: Int64) { self.millisecondsSinceEpoch = millisecondsSinceEpoch }

    /// The instant of `date`, cut to the millisecond.
    public init(_ date: Date) {
        millisecondsSinceEpoch = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSinceEpoch) / 1000) }

    /// Parses RFC 3339 (`T` or `t`, `Z` or an offset, optional fraction: digits past milliseconds are cut).
    public init?(rfc3339 text: String) {
        var text = text
        guard let instant = text.withUTF8({ Instant(rfc3339: $0) }) else { return nil }
        self = instant
    }

    /// Parses RFC 3339 from its bytes (the room list's reader makes no String of it: a String and an
    /// Array per room cost the first frame 3.5 M instructions for 2,000 rooms, #18).
    init?(rfc3339 b: UnsafeBufferPointer<UInt8>) {
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count else { return nil }
            return BusinessDate.number(b[range])
        }
        guard b.count >= 20, let date = BusinessDate(utf8: UnsafeBufferPointer(rebasing: b[0..<10])),
              b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let hour = digits(11..<13), let minute = digits(14..<16), let second = digits(17..<19),
              hour < 24, minute < 60, second < 61 else { return nil }
        var index = 19
        var millis = 0
        if b[index] == UInt8(ascii: ".") {
            index += 1
            var count = 0
            while index < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[index]) {
                if count < 3 { millis = millis * 10 + Int(b[index] - UInt8(ascii: "0")) }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            var scale = count
            while scale < 3 { millis *= 10; scale += 1 }
        }
        guard index < b.count else { return nil }
        var offsetSeconds = 0
        if b[index] == UInt8(ascii: "Z") || b[index] == UInt8(ascii: "z") {
            guard index + 1 == b.count else { return nil }
        } else if b[index] == UInt8(ascii: "+") || b[index] == UInt8(ascii: "-") {
            guard index + 6 == b.count, b[index + 3] == UInt8(ascii: ":"),
                  let offsetHours = digits(index + 1..<index + 3), let offsetMinutes = digits(index + 4..<index + 6),
                  offsetHours < 24, offsetMinutes < 60 else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (b[index] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let seconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds
        millisecondsSinceEpoch = Int64(seconds) * 1000 + Int64(millis)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, with `.mmm` only when the milliseconds are not zero.
    public var rfc3339: String {
        let millis = Int(((millisecondsSinceEpoch % 1000) + 1000) % 1000)
        let seconds = Int((millisecondsSinceEpoch - Int64(millis)) / 1000)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        func pad(_ value: Int, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let date = BusinessDate(daysSinceEpoch: days)
        var text = "\(date)T\(pad(rest / 3600)):\(pad(rest % 3600 / 60)):\(pad(rest % 60))"
        if millis != 0 { text += ".\(pad(millis, 3))" }
        return text + "Z"
    }

    public var description: String { rfc3339 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let instant = Instant(rfc3339: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an RFC 3339 instant, found \"\(text.prefix(40))\"")
        }
        self = instant
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rfc3339)
    }
}
