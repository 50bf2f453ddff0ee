import Foundation
import GuestCraftAPI

/// Harbour View Hotel: the small hand-made hotel every example of docs/api.md shows (section 12), the same for every seed.
enum HarbourView {
    static let propertyID = PropertyID("prp_harbour")
    static let name = "Harbour View Hotel"

    static let roomTypes: [(id: String, name: String)] = [("rmt_dbl", "Double"), ("rmt_twn", "Twin"), ("rmt_ste", "Suite")]

    private static let units: [(number: String, type: String, floor: Int, status: String, version: Int, updated: String)] = [
        ("101", "rmt_dbl", 1, "dirty", 3, "2026-11-02T06:05:00Z"),
        ("102", "rmt_dbl", 1, "dirty", 2, "2026-11-01T23:00:00Z"),
        ("103", "rmt_twn", 1, "inspected", 4, "2026-11-02T08:47:00Z"),
        ("104", "rmt_twn", 1, "clean", 3, "2026-11-02T08:12:00Z"),
        ("201", "rmt_dbl", 2, "dirty", 2, "2026-11-01T23:00:00Z"),
        ("202", "rmt_dbl", 2, "dirty", 2, "2026-11-01T23:00:00Z"),
        ("203", "rmt_twn", 2, "clean", 5, "2026-10-31T13:20:00Z"),
        ("301", "rmt_ste", 3, "out_of_order", 1, "2026-11-01T10:30:00Z"),
    ]

    private static let guests: [(id: String, name: String, email: String?, phone: String?)] = [
        ("gst_0001", "Amelia Hart", "amelia.hart@example.com", "+44 20 7946 0011"),
        ("gst_0002", "Jonas Weber", "jonas.weber@example.de", "+49 30 901820"),
        ("gst_0003", "Yuki Tanaka", "yuki.tanaka@example.jp", "+81 3 5555 0123"),
        ("gst_0004", "李娜", "li.na@example.cn", "+86 10 5555 0134"),
        ("gst_0005", "Carlos Mendes", nil, "+351 21 555 0199"),
        ("gst_0006", "Emma Laurent", "emma.laurent@example.fr", "+33 1 55 55 01 66"),
    ]

    private struct SeedStay {
        var id: String
        var type: String
        var unit: String?
        var adults: Int
        var children: Int
        var status: String
        var checkIn: String
        var checkOut: String
        var checkedInAt: String?
    }

    private static let reservations: [(id: String, code: String, guest: String, status: String, version: Int,
                                       notes: String?, stays: [SeedStay])] = [
        ("rsv_0001", "HV-1001", "gst_0001", "confirmed", 1, "Late arrival, around 22:00.", [
            SeedStay(id: "sty_0001", type: "rmt_dbl", unit: "unt_h101", adults: 2, children: 0, status: "reserved",
                     checkIn: "2026-11-02", checkOut: "2026-11-05"),
        ]),
        ("rsv_0002", "HV-1002", "gst_0002", "checked_in", 5, "Invoice to Weber Logistik GmbH.", [
            SeedStay(id: "sty_0002", type: "rmt_dbl", unit: "unt_h102", adults: 1, children: 0, status: "checked_in",
                     checkIn: "2026-10-30", checkOut: "2026-11-02", checkedInAt: "2026-10-30T14:12:00Z"),
        ]),
        ("rsv_0003", "HV-1003", "gst_0003", "checked_in", 3, nil, [
            SeedStay(id: "sty_0003", type: "rmt_dbl", unit: "unt_h201", adults: 2, children: 0, status: "checked_in",
                     checkIn: "2026-11-01", checkOut: "2026-11-04", checkedInAt: "2026-11-01T15:40:00Z"),
        ]),
        ("rsv_0004", "HV-1004", "gst_0004", "confirmed", 1, nil, [
            SeedStay(id: "sty_0004", type: "rmt_twn", unit: nil, adults: 1, children: 0, status: "reserved",
                     checkIn: "2026-11-02", checkOut: "2026-11-03"),
        ]),
        ("rsv_0005", "HV-1005", "gst_0005", "confirmed", 2, "Travel cot in room 104.", [
            SeedStay(id: "sty_0005", type: "rmt_twn", unit: "unt_h103", adults: 2, children: 0, status: "reserved",
                     checkIn: "2026-11-02", checkOut: "2026-11-06"),
            SeedStay(id: "sty_0006", type: "rmt_twn", unit: "unt_h104", adults: 1, children: 1, status: "reserved",
                     checkIn: "2026-11-02", checkOut: "2026-11-06"),
        ]),
        ("rsv_0006", "HV-1006", "gst_0006", "checked_in", 4, nil, [
            SeedStay(id: "sty_0007", type: "rmt_dbl", unit: "unt_h202", adults: 2, children: 0, status: "checked_in",
                     checkIn: "2026-10-31", checkOut: "2026-11-02", checkedInAt: "2026-10-31T16:05:00Z"),
        ]),
    ]

    private static let charges: [(reservation: String, date: String, description: String, amount: Int)] = [
        ("rsv_0002", "2026-10-30", "Room 102, Double", 12900),
        ("rsv_0002", "2026-10-31", "Room 102, Double", 12900),
        ("rsv_0002", "2026-11-01", "Room 102, Double", 12900),
        ("rsv_0002", "2026-11-01", "Minibar", 1450),
        ("rsv_0003", "2026-11-01", "Room 201, Double", 12900),
        ("rsv_0006", "2026-10-31", "Room 202, Double", 12900),
        ("rsv_0006", "2026-11-01", "Room 202, Double", 12900),
    ]

    private static let payments: [(reservation: String, date: String, method: String, amount: Int)] = [
        ("rsv_0002", "2026-10-30", "card", 28000),
        ("rsv_0003", "2026-11-01", "card", 12900),
        ("rsv_0006", "2026-10-31", "cash", 25800),
    ]

    private static let tasks: [(id: String, unit: String, kind: String, status: String, note: String?,
                                assignee: String?, reservation: String?, version: Int)] = [
        ("tsk_0001", "unt_h102", "clean_departure", "open", nil, "usr_housekeeper", "rsv_0002", 1),
        ("tsk_0002", "unt_h202", "clean_departure", "open", nil, "usr_housekeeper", "rsv_0006", 1),
        ("tsk_0003", "unt_h201", "clean_stayover", "in_progress", nil, "usr_housekeeper", "rsv_0003", 2),
        ("tsk_0004", "unt_h103", "inspect", "open", nil, "usr_supervisor", "rsv_0005", 1),
        ("tsk_0005", "unt_h101", "clean_departure", "open", "Quiet room requested: no vacuuming after 21:00",
         "usr_housekeeper", "rsv_0001", 1),
        ("tsk_0006", "unt_h301", "maintenance_check", "open", nil, nil, nil, 1),
    ]

    /// Tasks and blocks made at run time continue after these.
    static let lastTaskNumber = 6
    static let lastBlockNumber = 1

    static let seededDeviceSessions: [(id: String, name: String, created: String, lastUsed: String?)] = [
        ("dvs_8Hc3kL1mZ9", "Reception iPad", "2026-10-20T08:00:03Z", "2026-11-01T18:22:05Z"),
        ("dvs_2Rb7vX0pD6", "Back office terminal", "2026-10-28T12:41:55Z", nil),
    ]

    static func write(_ w: HotelWriter) throws {
        let property = propertyID.rawValue
        for unit in units {
            try w.unit(id: "unt_h\(unit.number)", property: property, number: unit.number, roomType: unit.type,
                       floor: unit.floor, status: unit.status, version: unit.version, updatedMS: w.instant(unit.updated))
        }
        for guest in guests {
            try w.guest(id: guest.id, name: guest.name, email: guest.email, phone: guest.phone)
        }
        for reservation in reservations {
            let arrival = reservation.stays.map { w.day($0.checkIn) }.min()!
            let departure = reservation.stays.map { w.day($0.checkOut) }.max()!
            try w.reservation(id: reservation.id, property: property, code: reservation.code, guest: reservation.guest,
                              status: reservation.status, version: reservation.version, notes: reservation.notes,
                              arrival: arrival, departure: departure)
            for (position, stay) in reservation.stays.enumerated() {
                try w.stay(HotelWriter.StayRow(
                    id: stay.id, reservation: reservation.id, property: property, position: position,
                    roomType: stay.type, unit: stay.unit, adults: stay.adults, children: stay.children,
                    status: stay.status, checkIn: w.day(stay.checkIn), checkOut: w.day(stay.checkOut),
                    checkedInMS: stay.checkedInAt.map(w.instant), checkedOutMS: nil))
            }
        }
        for (position, charge) in charges.enumerated() {
            try w.charge(reservation: charge.reservation, position: position, date: w.day(charge.date),
                         description: charge.description, amount: charge.amount)
        }
        for (position, payment) in payments.enumerated() {
            try w.payment(reservation: payment.reservation, position: position, date: w.day(payment.date),
                          method: payment.method, amount: payment.amount)
        }
        let today = w.day("2026-11-02")
        for task in tasks {
            try w.task(id: task.id, property: property, unit: task.unit, kind: task.kind, status: task.status,
                       note: task.note, due: today, assignee: task.assignee, reservation: task.reservation,
                       version: task.version)
        }
        try w.block(id: "blk_0001", property: property, unit: "unt_h301", kind: "out_of_order",
                    from: w.day("2026-11-01"), to: w.day("2026-11-04"), reason: "Leaking shower tray")
    }
}
