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
