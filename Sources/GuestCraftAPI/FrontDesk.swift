import Foundation

/// One room of a reservation as Today lists it.
public struct StaySummary: Codable, Sendable, Equatable {
    public var reservation: ReservationRef
    public var stayID: StayID
    public var guestName: String
    public var unit: UnitRef?
    public var roomType: RoomTypeRef
    public var checkInDate: BusinessDate
    public var checkOutDate: BusinessDate
    public var status: StayStatus
    /// The unit's housekeeping status (with `inventory.read`, for a stay with a unit): whether an
    /// arrival's room is ready.
    public var unitStatus: HousekeepingStatus?
    /// What the reservation's folio owes, in minor units, on departures (with `folios.read` and
    /// the `folios` capability); nil otherwise.
    public var balanceMinor: Int?
    /// The currency of `balanceMinor`.
    public var currency: String?

    enum CodingKeys: String, CodingKey {
        case reservation, unit, status, currency
        case unitStatus = "unit_housekeeping_status"
        case balanceMinor = "balance_minor"
        case stayID = "stay_id"
        case guestName = "guest_name"
        case roomType = "room_type"
        case checkInDate = "check_in_date"
        case checkOutDate = "check_out_date"
    }

    public init(reservation: ReservationRef, stayID: StayID, guestName: String, unit: UnitRef?, roomType: RoomTypeRef,
                checkInDate: BusinessDate, checkOutDate: BusinessDate, status: StayStatus,
                unitStatus: HousekeepingStatus? = nil, balanceMinor: Int? = nil, currency: String? = nil) {
        self.unitStatus = unitStatus
        self.balanceMinor = balanceMinor
        self.currency = currency
        self.reservation = reservation
        self.stayID = stayID
        self.guestName = guestName
        self.unit = unit
        self.roomType = roomType
        self.checkInDate = checkInDate
        self.checkOutDate = checkOutDate
        self.status = status
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(reservation, forKey: .reservation)
        try c.encode(stayID, forKey: .stayID)
        try c.encode(guestName, forKey: .guestName)
        try c.encode(unit, forKey: .unit)
        try c.encode(roomType, forKey: .roomType)
        try c.encode(checkInDate, forKey: .checkInDate)
        try c.encode(checkOutDate, forKey: .checkOutDate)
        try c.encode(status, forKey: .status)
        try c.encodeIfPresent(unitStatus, forKey: .unitStatus)
        try c.encodeIfPresent(balanceMinor, forKey: .balanceMinor)
        try c.encodeIfPresent(currency, forKey: .currency)
    }
}

/// The answer of `today.get`: arrivals, departures and guests in house of the business date, and
/// the stays due out before it that are still checked in (overdue: the night audit closed their
/// last day and nobody checked them out).
public struct TodayOverview: Codable, Sendable, Equatable {
    public var businessDate: BusinessDate
    public var timeZone: String
    public var arrivals: [StaySummary]
    public var departures: [StaySummary]
    public var inHouse: [StaySummary]
    /// Stays `checked_in` whose `check_out_date` is before the business date, with what their
    /// folio owes as on departures. Empty from an instance (or a copy saved) before it was sent.
    public var overdue: [StaySummary]

    enum CodingKeys: String, CodingKey {
        case arrivals, departures, overdue
        case businessDate = "business_date"
        case timeZone = "time_zone"
        case inHouse = "in_house"
    }

    public init(businessDate: BusinessDate, timeZone: String, arrivals: [StaySummary], departures: [StaySummary],
                inHouse: [StaySummary], overdue: [StaySummary] = []) {
        self.businessDate = businessDate
        self.timeZone = timeZone
        self.arrivals = arrivals
        self.departures = departures
        self.inHouse = inHouse
        self.overdue = overdue
    }

    /// `overdue` may be absent (an older instance, a copy saved before it existed): none overdue.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        businessDate = try c.decode(BusinessDate.self, forKey: .businessDate)
        timeZone = try c.decode(String.self, forKey: .timeZone)
        arrivals = try c.decode([StaySummary].self, forKey: .arrivals)
        departures = try c.decode([StaySummary].self, forKey: .departures)
        inHouse = try c.decode([StaySummary].self, forKey: .inHouse)
        overdue = try c.decodeIfPresent([StaySummary].self, forKey: .overdue) ?? []
    }
}

/// One room of a reservation in a search result.
public struct StayBrief: Codable, Sendable, Equatable {
    public var id: StayID
    public var roomType: RoomTypeRef
    public var unit: UnitRef?
    public var status: StayStatus

    enum CodingKeys: String, CodingKey {
        case id, unit, status
        case roomType = "room_type"
    }

    public init(id: StayID, roomType: RoomTypeRef, unit: UnitRef?, status: StayStatus) {
        self.id = id
        self.roomType = roomType
        self.unit = unit
        self.status = status
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(roomType, forKey: .roomType)
        try c.encode(unit, forKey: .unit)
        try c.encode(status, forKey: .status)
    }
}

/// A reservation found by `search`.
public struct ReservationSummary: Codable, Sendable, Equatable {
    public var id: ReservationID
    public var code: String
    public var guest: GuestRef
    public var arrival: BusinessDate
    public var departure: BusinessDate
    public var status: ReservationStatus
    public var rooms: [StayBrief]

    public init(id: ReservationID, code: String, guest: GuestRef, arrival: BusinessDate, departure: BusinessDate,
                status: ReservationStatus, rooms: [StayBrief]) {
        self.id = id
        self.code = code
        self.guest = guest
        self.arrival = arrival
        self.departure = departure
        self.status = status
        self.rooms = rooms
    }
}

/// A guest found by `search`.
public struct GuestSummary: Codable, Sendable, Equatable {
    public var id: GuestID
    public var name: String
    public var contact: Contact

    public init(id: GuestID, name: String, contact: Contact) {
        self.id = id
        self.name = name
        self.contact = contact
    }
}

/// The answer of `search`: each list is null when the role lacks its read permission.
public struct SearchResults: Codable, Sendable, Equatable {
    public var reservations: [ReservationSummary]?
    public var guests: [GuestSummary]?

    public init(reservations: [ReservationSummary]?, guests: [GuestSummary]?) {
        self.reservations = reservations
        self.guests = guests
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(reservations, forKey: .reservations)
        try c.encode(guests, forKey: .guests)
    }
}

/// A guest with how to reach them.
public struct Guest: Codable, Sendable, Equatable {
    public var id: GuestID
    public var name: String
    public var contact: Contact

    public init(id: GuestID, name: String, contact: Contact) {
        self.id = id
        self.name = name
        self.contact = contact
    }
}

/// Who sleeps in a room.
public struct StayOccupancy: Codable, Sendable, Equatable {
    public var adults: Int
    public var children: Int

    public init(adults: Int, children: Int) {
        self.adults = adults
        self.children = children
    }
}

/// One room of a reservation with its own dates and status.
public struct Stay: Codable, Sendable, Equatable {
    public var id: StayID
    public var roomType: RoomTypeRef
    public var unit: UnitRef?
    public var occupancy: StayOccupancy
    public var status: StayStatus
    public var checkInDate: BusinessDate
    public var checkOutDate: BusinessDate
    public var checkedInAt: Instant?
    public var checkedOutAt: Instant?

    enum CodingKeys: String, CodingKey {
        case id, unit, occupancy, status
        case roomType = "room_type"
        case checkInDate = "check_in_date"
        case checkOutDate = "check_out_date"
        case checkedInAt = "checked_in_at"
        case checkedOutAt = "checked_out_at"
    }

    public init(id: StayID, roomType: RoomTypeRef, unit: UnitRef?, occupancy: StayOccupancy, status: StayStatus,
                checkInDate: BusinessDate, checkOutDate: BusinessDate, checkedInAt: Instant?, checkedOutAt: Instant?) {
        self.id = id
        self.roomType = roomType
        self.unit = unit
        self.occupancy = occupancy
        self.status = status
        self.checkInDate = checkInDate
        self.checkOutDate = checkOutDate
        self.checkedInAt = checkedInAt
        self.checkedOutAt = checkedOutAt
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(roomType, forKey: .roomType)
        try c.encode(unit, forKey: .unit)
        try c.encode(occupancy, forKey: .occupancy)
        try c.encode(status, forKey: .status)
        try c.encode(checkInDate, forKey: .checkInDate)
        try c.encode(checkOutDate, forKey: .checkOutDate)
        try c.encode(checkedInAt, forKey: .checkedInAt)
        try c.encode(checkedOutAt, forKey: .checkedOutAt)
    }
}

/// A full reservation (`reservations.get` and every front-desk action); `version` is also its ETag.
public struct Reservation: Codable, Sendable, Equatable {
    public var id: ReservationID
    public var code: String
    public var propertyID: PropertyID
    public var version: Int
    public var status: ReservationStatus
    public var guest: Guest
    public var arrival: BusinessDate
    public var departure: BusinessDate
    public var nights: Int
    public var rooms: [Stay]
    public var notes: String?

    enum CodingKeys: String, CodingKey {
        case id, code, version, status, guest, arrival, departure, nights, rooms, notes
        case propertyID = "property_id"
    }

    public init(id: ReservationID, code: String, propertyID: PropertyID, version: Int, status: ReservationStatus,
                guest: Guest, arrival: BusinessDate, departure: BusinessDate, nights: Int, rooms: [Stay],
                notes: String?) {
        self.id = id
        self.code = code
        self.propertyID = propertyID
        self.version = version
        self.status = status
        self.guest = guest
        self.arrival = arrival
        self.departure = departure
        self.nights = nights
        self.rooms = rooms
        self.notes = notes
    }

    /// The value front-desk actions send as `If-Match`.
    public var etag: ETag { .version(version) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(code, forKey: .code)
        try c.encode(propertyID, forKey: .propertyID)
        try c.encode(version, forKey: .version)
        try c.encode(status, forKey: .status)
        try c.encode(guest, forKey: .guest)
        try c.encode(arrival, forKey: .arrival)
        try c.encode(departure, forKey: .departure)
        try c.encode(nights, forKey: .nights)
        try c.encode(rooms, forKey: .rooms)
        try c.encode(notes, forKey: .notes)
    }
}

/// One stay of a guest, at any property of the workspace.
public struct GuestStay: Codable, Sendable, Equatable {
    public var propertyID: PropertyID
    public var reservation: ReservationRef
    public var stayID: StayID
    public var checkInDate: BusinessDate
    public var checkOutDate: BusinessDate
    public var status: StayStatus

    enum CodingKeys: String, CodingKey {
        case reservation, status
        case propertyID = "property_id"
        case stayID = "stay_id"
        case checkInDate = "check_in_date"
        case checkOutDate = "check_out_date"
    }

    public init(propertyID: PropertyID, reservation: ReservationRef, stayID: StayID, checkInDate: BusinessDate,
                checkOutDate: BusinessDate, status: StayStatus) {
        self.propertyID = propertyID
        self.reservation = reservation
        self.stayID = stayID
        self.checkInDate = checkInDate
        self.checkOutDate = checkOutDate
        self.status = status
    }
}

/// The answer of `guests.get`: the guest, how to reach them and their stays.
public struct GuestDetail: Codable, Sendable, Equatable {
    public var guest: Guest
    public var stays: [GuestStay]

    public init(guest: Guest, stays: [GuestStay]) {
        self.guest = guest
        self.stays = stays
    }
}

/// A charge on a folio, in minor units of the folio's currency.
public struct FolioCharge: Codable, Sendable, Equatable {
    public var id: ChargeID
    public var date: BusinessDate
    public var description: String
    public var amountMinor: Int

    enum CodingKeys: String, CodingKey {
        case id, date, description
        case amountMinor = "amount_minor"
    }

    public init(id: ChargeID, date: BusinessDate, description: String, amountMinor: Int) {
        self.id = id
        self.date = date
        self.description = description
        self.amountMinor = amountMinor
    }
}

/// A payment on a folio, in minor units of the folio's currency.
public struct FolioPayment: Codable, Sendable, Equatable {
    public var id: PaymentID
    public var date: BusinessDate
    /// `card`, `cash`, `bank_transfer`, … (free text for display).
    public var method: String
    public var amountMinor: Int

    enum CodingKeys: String, CodingKey {
        case id, date, method
        case amountMinor = "amount_minor"
    }

    public init(id: PaymentID, date: BusinessDate, method: String, amountMinor: Int) {
        self.id = id
        self.date = date
        self.method = method
        self.amountMinor = amountMinor
    }
}

/// The answer of `folios.balance`: what the reservation owes (charges minus payments).
public struct FolioBalance: Codable, Sendable, Equatable {
    public var reservationID: ReservationID
    public var balanceMinor: Int
    public var currency: String
    public var charges: [FolioCharge]
    public var payments: [FolioPayment]

    enum CodingKeys: String, CodingKey {
        case currency, charges, payments
        case reservationID = "reservation_id"
        case balanceMinor = "balance_minor"
    }

    public init(reservationID: ReservationID, balanceMinor: Int, currency: String, charges: [FolioCharge],
                payments: [FolioPayment]) {
        self.reservationID = reservationID
        self.balanceMinor = balanceMinor
        self.currency = currency
        self.charges = charges
        self.payments = payments
    }
}

/// The answer of `stays.checkout_quote`: what would remain owed, and whether this is the last room to leave.
public struct CheckoutQuote: Codable, Sendable, Equatable {
    public var reservationID: ReservationID
    public var stayID: StayID
    public var remainingBalanceMinor: Int
    public var currency: String
    public var lastRoom: Bool

    enum CodingKeys: String, CodingKey {
        case currency
        case reservationID = "reservation_id"
        case stayID = "stay_id"
        case remainingBalanceMinor = "remaining_balance_minor"
        case lastRoom = "last_room"
    }

    public init(reservationID: ReservationID, stayID: StayID, remainingBalanceMinor: Int, currency: String, lastRoom: Bool) {
        self.reservationID = reservationID
        self.stayID = stayID
        self.remainingBalanceMinor = remainingBalanceMinor
        self.currency = currency
        self.lastRoom = lastRoom
    }

    /// Whether checking out would need `folios.approve_open_balance` and a reason.
    public var needsApproval: Bool { lastRoom && remainingBalanceMinor > 0 }
}

/// A free unit offered by `units.available`.
public struct AvailableUnit: Codable, Sendable, Equatable {
    public var id: UnitID
    public var number: String
    public var floor: Int
    public var housekeepingStatus: HousekeepingStatus
    /// Tonight's occupancy (as in `units.list`): `departing` when a guest due out is still in.
    /// nil from an instance that does not send it.
    public var occupancy: Occupancy?

    enum CodingKeys: String, CodingKey {
        case id, number, floor, occupancy
        case housekeepingStatus = "housekeeping_status"
    }

    public init(id: UnitID, number: String, floor: Int, housekeepingStatus: HousekeepingStatus, occupancy: Occupancy? = nil) {
        self.id = id
        self.number = number
        self.floor = floor
        self.housekeepingStatus = housekeepingStatus
        self.occupancy = occupancy
    }

    /// Vacant tonight (or not said) and clean or inspected: a guest can go in now.
    public var isReady: Bool {
        (occupancy == nil || occupancy == .vacant || occupancy == .arriving)
            && (housekeepingStatus == .clean || housekeepingStatus == .inspected)
    }

    /// A guest is still in it tonight.
    public var isOccupied: Bool { occupancy == .occupied || occupancy == .departing }
}

/// The answer of `units.available`: free active units of one type for every night from `from` to `to`.
public struct AvailableUnits: Codable, Sendable, Equatable {
    public var roomType: RoomTypeRef
    public var from: BusinessDate
    public var to: BusinessDate
    public var units: [AvailableUnit]

    enum CodingKeys: String, CodingKey {
        case from, to, units
        case roomType = "room_type"
    }

    public init(roomType: RoomTypeRef, from: BusinessDate, to: BusinessDate, units: [AvailableUnit]) {
        self.roomType = roomType
        self.from = from
        self.to = to
        self.units = units
    }
}

/// The body of `stays.assign`.
public struct StayAssignment: Codable, Sendable, Equatable {
    public var unitID: UnitID

    enum CodingKeys: String, CodingKey {
        case unitID = "unit_id"
    }

    public init(unitID: UnitID) { self.unitID = unitID }
}

/// The body of `stays.check_in`; the reason overrides a room that is not ready.
public struct CheckInRequest: Codable, Sendable, Equatable {
    public var overrideReason: String?

    enum CodingKeys: String, CodingKey {
        case overrideReason = "override_reason"
    }

    public init(overrideReason: String? = nil) { self.overrideReason = overrideReason }
}

/// The body of `stays.check_out`; the reason approves leaving with money owed.
public struct CheckOutRequest: Codable, Sendable, Equatable {
    public var approvalReason: String?

    enum CodingKeys: String, CodingKey {
        case approvalReason = "approval_reason"
    }

    public init(approvalReason: String? = nil) { self.approvalReason = approvalReason }
}
