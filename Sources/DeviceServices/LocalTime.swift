import Foundation
import Glibc

/// When something was last updated, as a person at this terminal reads it: `09:41` today,
/// the locale's date and the time otherwise, in the terminal's time zone (`TZ`, else the
/// system's) and the locale's date format (`LC_TIME`, set when the terminal starts).
///
/// Made with `localtime_r` and `strftime` rather than Foundation's `DateFormatter`: the
/// formatter's first use loads ICU's locale data, 2 ms and about 3 MiB of resident pages of a
/// process that needs neither (docs/performance.md).
public enum LocalTime {
    public static func format(_ date: Date, now: Date = Date()) -> String {
        let moment = local(date)
        let today = local(now)
        let sameDay = moment.tm_year == today.tm_year && moment.tm_yday == today.tm_yday
        return strftime(sameDay ? "%H:%M" : "%x %H:%M", moment)
    }

    /// The full date and time with the zone, `2026-11-02 09:41 CET`, for a printed page.
    public static func stamp(_ date: Date) -> String {
        strftime("%Y-%m-%d %H:%M %Z", local(date))
    }

    /// The full date and time at a property, in its time zone named `identifier` (the instance's
    /// property data, not the terminal's), with that name: `2026-11-02 09:41 Europe/Berlin`, for
    /// a page printed at its desk. A zone this machine does not know gives `stamp(_:)`.
    public static func stamp(_ date: Date, timeZone identifier: String) -> String {
        guard let zone = TimeZone(identifier: identifier) else { return stamp(date) }
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down)) + time_t(zone.secondsFromGMT(for: date))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return stamp(date) }
        return strftime("%Y-%m-%d %H:%M", parts) + " " + identifier
    }

    /// `20261102-094105`, in the terminal's time zone, for a file's name.
    public static func fileStamp(_ date: Date) -> String {
        strftime("%Y%m%d-%H%M%S", local(date))
    }

    /// The calendar day at `date` in the time zone named `identifier` (a property's, not the
    /// terminal's) as year, month and day, or nil when the zone is unknown. The zone's offset
    /// comes from Foundation's time-zone data; the day from `gmtime_r` (no calendar of ICU's).
    public static func day(at date: Date, timeZone identifier: String) -> (year: Int, month: Int, day: Int)? {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down)) + time_t(zone.secondsFromGMT(for: date))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return nil }
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }

    private static func local(_ date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return parts
    }

    private static func strftime(_ format: String, _ moment: tm) -> String {
        var parts = moment
        var buffer = [CChar](repeating: 0, count: 96)
        let count = Glibc.strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
