import Foundation
import Testing
import DeviceServices

@Suite struct LocalTimeTests {
    @Test func todayIsTheTimeAlone() {
        let now = Date()
        #expect(LocalTime.format(now, now: now).wholeMatch(of: /[0-2]\d:[0-5]\d/) != nil)
    }

    @Test func anotherDayShowsItsDateBeforeTheTime() {
        let now = Date()
        let earlier = now.addingTimeInterval(-3 * 86_400)
        let text = LocalTime.format(earlier, now: now)
        let time = LocalTime.format(earlier, now: earlier)
        #expect(text.hasSuffix(" " + time), "\(text) ends with the time \(time)")
        #expect(text.count > time.count + 1, "a date comes first: \(text)")
        #expect(text.allSatisfy { !$0.isNewline })
    }

    @Test func theSameInstantReadsTheSameEachTime() {
        let instant = Date(timeIntervalSince1970: 1_764_484_860)   // 2025-11-30T06:41:00Z
        #expect(LocalTime.format(instant, now: instant) == LocalTime.format(instant, now: instant))
        #expect(LocalTime.format(instant, now: instant.addingTimeInterval(3600 * 24 * 400)).contains(LocalTime.format(instant, now: instant)))
    }

    /// A property's date is taken in its own time zone, not the terminal's: 2026-11-02 23:30 UTC
    /// is already the 3rd in Berlin and still the 2nd in New York.
    @Test func thePropertysDayIsTakenInItsOwnTimeZone() {
        let lateEvening = Date(timeIntervalSince1970: 1_793_662_200)
        #expect(LocalTime.day(at: lateEvening, timeZone: "Europe/Berlin")! == (2026, 11, 3))
        #expect(LocalTime.day(at: lateEvening, timeZone: "America/New_York")! == (2026, 11, 2))
        #expect(LocalTime.day(at: lateEvening, timeZone: "UTC")! == (2026, 11, 2))
        #expect(LocalTime.day(at: lateEvening, timeZone: "Not/AZone") == nil)
    }

    /// A printed page's time at a property is its own clock, named by its zone (#30), whatever
    /// the terminal's zone; an unknown zone falls back to the terminal's stamp.
    @Test func aPropertysStampIsItsLocalTimeNamedByItsZone() {
        let lateEvening = Date(timeIntervalSince1970: 1_793_662_200)  // 2026-11-02 23:30 UTC
        #expect(LocalTime.stamp(lateEvening, timeZone: "Europe/Berlin") == "2026-11-03 00:30 Europe/Berlin")
        #expect(LocalTime.stamp(lateEvening, timeZone: "America/New_York") == "2026-11-02 18:30 America/New_York")
        #expect(LocalTime.stamp(lateEvening, timeZone: "Asia/Kolkata") == "2026-11-03 05:00 Asia/Kolkata")
        #expect(LocalTime.stamp(lateEvening, timeZone: "Not/AZone") == LocalTime.stamp(lateEvening))
    }
}
