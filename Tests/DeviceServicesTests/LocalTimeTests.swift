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
}
