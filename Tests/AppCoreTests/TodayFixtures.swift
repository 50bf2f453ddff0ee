import AppCore
import Foundation
import GuestCraftAPI
import Locking
import TestSupport

/// Today of the demo's Harbour View on 2026-11-02, as `today.get` answers the front desk.
enum TodayFixture {
    static let date = HotelFixture.date

    static func stay(_ code: String, _ guest: String, room: String?, type: String = "Double",
                     from: BusinessDate = date, nights: Int = 2, status: StayStatus = .reserved,
                     ready: HousekeepingStatus? = nil, owes: Int? = nil) -> StaySummary {
        StaySummary(reservation: ReservationRef(id: ReservationID("rsv_" + code), code: "HV-" + code),
                    stayID: StayID("sty_" + code), guestName: guest,
                    unit: room.map { UnitRef(id: UnitID("unt_h" + $0), number: $0) },
                    roomType: RoomTypeRef(id: "rmt_dbl", name: type), checkInDate: from,
                    checkOutDate: from.adding(days: nights), status: status, unitStatus: room == nil ? nil : ready,
                    balanceMinor: owes, currency: owes == nil ? nil : "EUR")
    }

    static let overview = TodayOverview(
        businessDate: date, timeZone: "Europe/Berlin",
        arrivals: [stay("1001", "Amelia Hart", room: "101", nights: 3, ready: .inspected),
                   stay("1002", "Jonas Weber", room: "102", nights: 1, ready: .dirty),
                   stay("1004", "李娜", room: nil, type: "Twin", nights: 1),
                   stay("1005", "Carlos Mendes", room: "203", nights: 4, status: .checkedIn, ready: .clean)],
        departures: [stay("0990", "Priya Natarajan", room: "201", from: date.adding(days: -3), nights: 3,
                          status: .checkedIn, ready: .dirty, owes: 12_550),
                     stay("0991", "Tom O'Brien, Jr.", room: "202", from: date.adding(days: -1), nights: 1,
                          status: .checkedOut, owes: 0)],
        inHouse: [stay("0985", "Sofia Rossi", room: "301", from: date.adding(days: -2), nights: 5, status: .checkedIn)])

}

/// Today's clients over answers the test sets, recording each call.
final class TodayWorld: Sendable {
    let saved = Locked<SavedCopy<TodayOverview>?>(nil)
    /// The head the start read ahead of the saved copy (#34), if any.
    let preview = Locked<TodayPreview?>(nil)
    let reads = Locked<[ReadResult<TodayOverview>]>([])
    let report = Locked<ReportWritten>(.nothingSaved)
    let printed = Locked<Bool>(true)
    /// The date at the property the environment says (the live layer takes it in its zone).
    let propertyDate = Locked<BusinessDate?>(TodayFixture.date)
    let zonesAsked = Recorder<String>()
    let calls = Recorder<String>()
    let desk = DeskWorld()

    func answerReads(_ results: ReadResult<TodayOverview>...) { reads.withLock { $0 = results } }

    var environment: TodayEnvironment {
        TodayEnvironment(
            savedToday: { self.calls.append("saved"); return self.saved.withLock { $0 } },
            fetchToday: {
                self.calls.append("fetch")
                return self.reads.withLock { $0.isEmpty ? .offline : $0.removeFirst() }
            },
            writeReport: { self.calls.append("report"); return self.report.withLock { $0 } },
            printReport: { path in self.calls.append("print " + path); return self.printed.withLock { $0 } },
            propertyDate: { zone in self.zonesAsked.append(zone); return self.propertyDate.withLock { $0 } },
            formatTime: HotelFixture.formatTime, detail: desk.environment,
            savedTodayPreview: { self.preview.withLock { $0 } })
    }
}
