import AppCore
import Foundation
import GuestCraftAPI
import Locking
import TestSupport

/// The demo's seed 1 reservations as docs/api.md shows them.
enum DeskFixture {
    static let date = BusinessDate("2026-11-02")!
    static let twin = RoomTypeRef(id: "rmt_twn", name: "Twin")
    static let double = RoomTypeRef(id: "rmt_dbl", name: "Double")

    static func stay(_ id: String, _ type: RoomTypeRef = twin, unit: String?, _ status: StayStatus = .reserved,
                     from: String = "2026-11-02", to: String = "2026-11-06", adults: Int = 2, children: Int = 0) -> Stay {
        Stay(id: StayID(id), roomType: type, unit: unit.map { UnitRef(id: UnitID("unt_h" + $0), number: $0) },
             occupancy: StayOccupancy(adults: adults, children: children), status: status,
             checkInDate: BusinessDate(from)!, checkOutDate: BusinessDate(to)!,
             checkedInAt: status == .checkedIn ? Instant(millisecondsSinceEpoch: 1_793_600_000_000) : nil, checkedOutAt: nil)
    }

    /// HV-1005: Carlos Mendes, two Twin rooms (103, 104), confirmed, version 2.
    static func mendes(version: Int = 2, rooms: [Stay]? = nil, status: ReservationStatus = .confirmed) -> Reservation {
        Reservation(id: "rsv_0005", code: "HV-1005", propertyID: "prp_harbour", version: version, status: status,
                    guest: Guest(id: "gst_0005", name: "Carlos Mendes", contact: Contact(email: nil, phone: "+351 21 555 0199")),
                    arrival: date, departure: BusinessDate("2026-11-06")!, nights: 4,
                    rooms: rooms ?? [stay("sty_0005", unit: "103"), stay("sty_0006", unit: "104", adults: 1, children: 1)],
                    notes: "Travel cot in room 104.")
    }

    /// HV-1004: 李娜, one Twin room not assigned yet.
    static func li(unit: String? = nil, version: Int = 1) -> Reservation {
        Reservation(id: "rsv_0004", code: "HV-1004", propertyID: "prp_harbour", version: version, status: .confirmed,
                    guest: Guest(id: "gst_0004", name: "李娜", contact: Contact(email: "li.na@example.cn", phone: "+86 10 5555 0134")),
                    arrival: date, departure: BusinessDate("2026-11-03")!, nights: 1,
                    rooms: [stay("sty_0004", unit: unit, to: "2026-11-03", adults: 1)], notes: nil)
    }

    /// HV-1002: Jonas Weber in room 102, leaving today with EUR 121.50 owed.
    static func weber(_ status: StayStatus = .checkedIn, version: Int = 5) -> Reservation {
        Reservation(id: "rsv_0002", code: "HV-1002", propertyID: "prp_harbour", version: version,
                    status: status == .checkedOut ? .checkedOut : .checkedIn,
                    guest: Guest(id: "gst_0002", name: "Jonas Weber", contact: Contact(email: "jonas.weber@example.de", phone: "+49 30 901820")),
                    arrival: BusinessDate("2026-10-30")!, departure: date, nights: 3,
                    rooms: [stay("sty_0002", double, unit: "102", status, from: "2026-10-30", to: "2026-11-02", adults: 1)],
                    notes: "Invoice to Weber Logistik GmbH.")
    }

    /// HV-1001: Amelia Hart, room 101 (Double) from tonight, arriving late (docs/api.md §12).
    static func hart(version: Int = 1) -> Reservation {
        Reservation(id: "rsv_0001", code: "HV-1001", propertyID: "prp_harbour", version: version, status: .confirmed,
                    guest: Guest(id: "gst_0001", name: "Amelia Hart", contact: Contact(email: "amelia.hart@example.com", phone: "+44 20 7946 0011")),
                    arrival: date, departure: BusinessDate("2026-11-05")!, nights: 3,
                    rooms: [stay("sty_0001", double, unit: "101", to: "2026-11-05")],
                    notes: "Late arrival, around 22:00.")
    }

    /// Weber's folio as `folios.balance` answers it in docs/api.md: three nights and the minibar, one card payment.
    static let weberFolio = FolioBalance(
        reservationID: "rsv_0002", balanceMinor: 12150, currency: "EUR",
        charges: [FolioCharge(id: "chg_0001", date: BusinessDate("2026-10-30")!, description: "Room 102, Double", amountMinor: 12900),
                  FolioCharge(id: "chg_0002", date: BusinessDate("2026-10-31")!, description: "Room 102, Double", amountMinor: 12900),
                  FolioCharge(id: "chg_0003", date: BusinessDate("2026-11-01")!, description: "Room 102, Double", amountMinor: 12900),
                  FolioCharge(id: "chg_0004", date: BusinessDate("2026-11-01")!, description: "Minibar", amountMinor: 1450)],
        payments: [FolioPayment(id: "pay_0001", date: BusinessDate("2026-10-30")!, method: "card", amountMinor: 28000)])

    /// Hart's folio before arrival: a deposit of EUR 50.00 and a charge of EUR 38.00, so EUR 12.00 in credit.
    static let hartCredit = FolioBalance(
        reservationID: "rsv_0001", balanceMinor: -1200, currency: "EUR",
        charges: [FolioCharge(id: "chg_0101", date: BusinessDate("2026-11-02")!, description: "Parking", amountMinor: 3800)],
        payments: [FolioPayment(id: "pay_0101", date: BusinessDate("2026-10-20")!, method: "bank_transfer", amountMinor: 5000)])

    static let weberBalance = FolioBalance(reservationID: "rsv_0002", balanceMinor: 12150, currency: "EUR", charges: [], payments: [])
    static let weberQuote = CheckoutQuote(reservationID: "rsv_0002", stayID: "sty_0002", remainingBalanceMinor: 12150,
                                          currency: "EUR", lastRoom: true)
    static let balanced = FolioBalance(reservationID: "rsv_0005", balanceMinor: 0, currency: "EUR", charges: [], payments: [])

    static let amelia = GuestDetail(
        guest: Guest(id: "gst_0001", name: "Amelia Hart", contact: Contact(email: "amelia.hart@example.com", phone: "+44 20 7946 0011")),
        stays: [GuestStay(propertyID: "prp_garden", reservation: ReservationRef(id: "rsv_0101", code: "GC-2001"), stayID: "sty_0101",
                          checkInDate: BusinessDate("2026-06-10")!, checkOutDate: BusinessDate("2026-06-12")!, status: .checkedOut),
                GuestStay(propertyID: "prp_harbour", reservation: ReservationRef(id: "rsv_0001", code: "HV-1001"), stayID: "sty_0001",
                          checkInDate: date, checkOutDate: BusinessDate("2026-11-05")!, status: .reserved)])

    static let freeTwins = AvailableUnits(roomType: twin, from: date, to: BusinessDate("2026-11-03")!, units: [
        AvailableUnit(id: "unt_h203", number: "203", floor: 2, housekeepingStatus: .clean),
        AvailableUnit(id: "unt_h104", number: "104", floor: 1, housekeepingStatus: .dirty),
    ])

    static let frontDesk: [Permission] = [.reservationsRead, .reservationsModify, .guestsRead, .inventoryRead, .foliosRead]
    static let supervisor: [Permission] = frontDesk + [.housekeepingWrite, .tasksWork, .staysOverrideReadiness]
    static let manager: [Permission] = supervisor + [.foliosApproveOpenBalance]
    static let capabilities: [Capability] = [.frontDesk, .reservations, .folios, .housekeeping]

    static let savedAt = HotelFixture.savedAt
    static let freshAt = HotelFixture.freshAt
}

/// A scripted world behind the desk detail: saved copies, answers in order, every action recorded.
final class DeskWorld: Sendable {
    struct Sent: Equatable, Sendable {
        let stay: StayID
        let request: DeskRequest
        let version: ETag
        let key: String
    }

    let permissions: Locked<[Permission]>
    let capabilities = Locked(DeskFixture.capabilities)
    let savedReservations = Locked<[ReservationID: SavedCopy<Reservation>]>([:])
    let reservationReads = Locked<[ReadResult<Reservation>]>([])
    let finds = Locked<[ReadResult<ReservationRef?>]>([])
    let savedGuests = Locked<[GuestID: SavedCopy<GuestDetail>]>([:])
    let guestReads = Locked<[ReadResult<GuestDetail>]>([])
    let balances = Locked<[ReadResult<FolioBalance>]>([])
    let quotes = Locked<[ReadResult<CheckoutQuote>]>([])
    let available = Locked<[ReadResult<AvailableUnits>]>([])
    let unitStatuses = Locked<[HousekeepingStatus?]>([])
    /// Who is still in the room, per check-in check read (none when empty).
    let occupants = Locked<[UnitOccupant?]>([])
    let businessDate = Locked<BusinessDate?>(DeskFixture.date)
    let results = Locked<[DeskActionResult]>([])
    let sent = Locked<[Sent]>([])
    let keys = Locked(0)
    /// The waits between the reads after a lost answer, released by the test.
    let sleeper = ManualSleeper()

    init(permissions: [Permission] = DeskFixture.frontDesk) {
        self.permissions = Locked(permissions)
    }

    func answerReservation(_ results: ReadResult<Reservation>...) { reservationReads.withLock { $0 += results } }
    func answerBalance(_ results: ReadResult<FolioBalance>...) { balances.withLock { $0 += results } }
    func answerActions(_ answers: DeskActionResult...) { results.withLock { $0 += answers } }
    var sentActions: [Sent] { sent.withLock { $0 } }

    var environment: DeskDetailEnvironment {
        DeskDetailEnvironment(
            savedReservation: { id in self.savedReservations.withLock { $0[id] } },
            fetchReservation: { _ in self.reservationReads.withLock { $0.isEmpty ? .offline : $0.removeFirst() } },
            findReservation: { _ in self.finds.withLock { $0.isEmpty ? .offline : $0.removeFirst() } },
            savedGuest: { id in self.savedGuests.withLock { $0[id] } },
            fetchGuest: { _ in self.guestReads.withLock { $0.isEmpty ? .offline : $0.removeFirst() } },
            fetchBalance: { _ in self.balances.withLock { $0.isEmpty ? .offline : $0.removeFirst() } },
            fetchQuote: { _, _ in self.quotes.withLock { $0.isEmpty ? .offline : $0.removeFirst() } },
            availableUnits: { _, _, _ in self.available.withLock { $0.isEmpty ? .offline : $0.removeFirst() } },
            unitCheck: { _, _ in
                UnitCheck(status: self.unitStatuses.withLock { $0.isEmpty ? nil : $0.removeFirst() },
                          occupant: self.occupants.withLock { $0.isEmpty ? nil : $0.removeFirst() })
            },
            businessDate: { self.businessDate.withLock { $0 } },
            perform: { _, stay, request, version, key in
                self.sent.withLock { $0.append(Sent(stay: stay, request: request, version: version, key: key)) }
                return self.results.withLock { $0.isEmpty ? .noAnswer : $0.removeFirst() }
            },
            newIdempotencyKey: { "key-" + String(self.keys.withLock { $0 += 1; return $0 }) },
            formatTime: HotelFixture.formatTime,
            sleep: { try await self.sleeper.sleep($0) },
            property: "prp_harbour", propertyNames: ["prp_harbour": "Harbour View Hotel", "prp_garden": "Garden Court Hotel"],
            permissions: permissions.withLock { $0 }, capabilities: capabilities.withLock { $0 })
    }
}
