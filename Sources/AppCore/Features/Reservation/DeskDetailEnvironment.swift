import Foundation
import GuestCraftAPI

/// A front-desk action on one stay, as the reservation screen sends it (online only, never
/// through the outbox: SPEC §5).
public enum DeskRequest: Sendable, Equatable {
    case assign(UnitID)
    case unassign
    case checkIn(overrideReason: String?)
    case checkOut(approvalReason: String?)
    case undoCheckIn
    case undoCheckOut
}

/// What became of a front-desk action.
public enum DeskActionResult: Sendable, Equatable {
    /// The instance applied it: the updated reservation.
    case done(Reservation)
    /// The instance refused it (any status but 401): its status and problem code.
    case refused(status: Int, code: String?)
    /// No answer came back after the request may have reached the instance (or the answer was
    /// outside the contract): it may have been applied.
    case noAnswer
    /// The request never left this device (no connection): nothing was applied.
    case notSent
    /// 401: the session is over.
    case sessionEnded
}

/// What the reservation and guest screens need from outside: closures the live layer builds
/// over the instance client and the saved reads (`LiveWork.deskDetail`), and tests over fakes.
public struct DeskDetailEnvironment: Sendable {
    /// The saved copy of `reservations.get` (key `reservations.get/<property>/<id>`).
    public var savedReservation: @Sendable (ReservationID) async -> SavedCopy<Reservation>?
    /// A fresh (conditional) `reservations.get`, saved inside the live generation.
    public var fetchReservation: @Sendable (ReservationID) async -> ReadResult<Reservation>
    /// `search` for a code, answering the reservation whose code is exactly it (nil: none).
    public var findReservation: @Sendable (String) async -> ReadResult<ReservationRef?>
    /// The saved copy of `guests.get`.
    public var savedGuest: @Sendable (GuestID) async -> SavedCopy<GuestDetail>?
    /// A fresh `guests.get`.
    public var fetchGuest: @Sendable (GuestID) async -> ReadResult<GuestDetail>
    /// A fresh `folios.balance` (its own freshness line).
    public var fetchBalance: @Sendable (ReservationID) async -> ReadResult<FolioBalance>
    /// A fresh `stays.checkout_quote`.
    public var fetchQuote: @Sendable (ReservationID, StayID) async -> ReadResult<CheckoutQuote>
    /// `units.available` for a room type and the nights `from`..<`to` (never saved).
    public var availableUnits: @Sendable (RoomTypeID, BusinessDate, BusinessDate) async -> ReadResult<AvailableUnits>
    /// What the check-in checks read of a unit for a stay: its housekeeping status (`units.get`)
    /// and whether another stay is still in it tonight, and whose (Today's lists).
    public var unitCheck: @Sendable (UnitID, StayID) async -> UnitCheck
    /// The property's business date as last read (Today or the room list), nil when unknown.
    public var businessDate: @Sendable () async -> BusinessDate?
    /// Sends a front-desk action on a stay with the reservation's version as `If-Match` and the
    /// idempotency key.
    public var perform: @Sendable (_ reservation: ReservationID, _ stay: StayID, _ request: DeskRequest,
                                   _ version: ETag, _ idempotencyKey: String) async -> DeskActionResult
    /// A new random idempotency key (one per attempt).
    public var newIdempotencyKey: @Sendable () -> String
    /// A time as the person reads it ("09:41").
    public var formatTime: @Sendable (Date) -> String
    /// Waits (between the reads after a lost answer); throws when cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// The property on screen: a guest's stay elsewhere is not opened.
    public var property: PropertyID
    /// The names of the properties the person reaches (a stay elsewhere names its hotel).
    public var propertyNames: [PropertyID: String]
    /// The grants of the person's role.
    public var permissions: [Permission]
    /// The instance's capabilities.
    public var capabilities: [Capability]

    public init(savedReservation: @escaping @Sendable (ReservationID) async -> SavedCopy<Reservation>?,
                fetchReservation: @escaping @Sendable (ReservationID) async -> ReadResult<Reservation>,
                findReservation: @escaping @Sendable (String) async -> ReadResult<ReservationRef?>,
                savedGuest: @escaping @Sendable (GuestID) async -> SavedCopy<GuestDetail>?,
                fetchGuest: @escaping @Sendable (GuestID) async -> ReadResult<GuestDetail>,
                fetchBalance: @escaping @Sendable (ReservationID) async -> ReadResult<FolioBalance>,
                fetchQuote: @escaping @Sendable (ReservationID, StayID) async -> ReadResult<CheckoutQuote>,
                availableUnits: @escaping @Sendable (RoomTypeID, BusinessDate, BusinessDate) async -> ReadResult<AvailableUnits>,
                unitCheck: @escaping @Sendable (UnitID, StayID) async -> UnitCheck,
                businessDate: @escaping @Sendable () async -> BusinessDate?,
                perform: @escaping @Sendable (ReservationID, StayID, DeskRequest, ETag, String) async -> DeskActionResult,
                newIdempotencyKey: @escaping @Sendable () -> String,
                formatTime: @escaping @Sendable (Date) -> String,
                sleep: @escaping @Sendable (Duration) async throws -> Void,
                property: PropertyID, propertyNames: [PropertyID: String] = [:],
                permissions: [Permission], capabilities: [Capability]) {
        self.savedReservation = savedReservation
        self.fetchReservation = fetchReservation
        self.findReservation = findReservation
        self.savedGuest = savedGuest
        self.fetchGuest = fetchGuest
        self.fetchBalance = fetchBalance
        self.fetchQuote = fetchQuote
        self.availableUnits = availableUnits
        self.unitCheck = unitCheck
        self.businessDate = businessDate
        self.perform = perform
        self.newIdempotencyKey = newIdempotencyKey
        self.formatTime = formatTime
        self.sleep = sleep
        self.property = property
        self.propertyNames = propertyNames
        self.permissions = permissions
        self.capabilities = capabilities
    }

    func allows(_ permission: Permission) -> Bool { permissions.contains(permission) }
    func has(_ capability: Capability) -> Bool { capabilities.contains(capability) }

    /// The grants the screens are drawn with.
    public var grants: DeskGrants {
        DeskGrants(permissions: permissions, capabilities: capabilities, property: property, propertyNames: propertyNames)
    }
}

/// What the person's role and the instance allow, as the screens draw it (the keys' reasons):
/// copied from the environment when a detail appears.
public struct DeskGrants: Equatable, Sendable {
    public var permissions: [Permission]
    public var capabilities: [Capability]
    public var property: PropertyID?
    public var propertyNames: [PropertyID: String]

    public init(permissions: [Permission] = [], capabilities: [Capability] = [], property: PropertyID? = nil,
                propertyNames: [PropertyID: String] = [:]) {
        self.permissions = permissions
        self.capabilities = capabilities
        self.property = property
        self.propertyNames = propertyNames
    }

    public func allows(_ permission: Permission) -> Bool { permissions.contains(permission) }
    public func has(_ capability: Capability) -> Bool { capabilities.contains(capability) }
}

/// A checked-in stay of another reservation still in a unit (due out and not gone, or overdue).
public struct UnitOccupant: Equatable, Sendable {
    public var reservation: ReservationRef
    public var guestName: String

    public init(reservation: ReservationRef, guestName: String) {
        self.reservation = reservation
        self.guestName = guestName
    }

    /// The checked-in stay in `unit` other than `stay` on Today's lists, if there is one.
    public static func find(in today: TodayOverview, unit: UnitID, except stay: StayID) -> UnitOccupant? {
        (today.overdue + today.departures + today.inHouse + today.arrivals)
            .first { $0.unit?.id == unit && $0.stayID != stay && $0.status == .checkedIn }
            .map { UnitOccupant(reservation: $0.reservation, guestName: $0.guestName) }
    }

    /// Whether Today's lists show `stay` itself checked in to `unit`.
    public static func isIn(_ today: TodayOverview, unit: UnitID, stay: StayID) -> Bool {
        (today.overdue + today.departures + today.inHouse + today.arrivals).contains {
            $0.unit?.id == unit && $0.stayID == stay && $0.status == .checkedIn
        }
    }
}

/// What the check-in checks know of a unit.
public struct UnitCheck: Equatable, Sendable {
    /// Its housekeeping status; nil when unknown here (the instance checks it).
    public var status: HousekeepingStatus?
    /// A guest is still in it tonight (the unit's occupancy, or Today's lists).
    public var occupied: Bool
    /// Who, another reservation's stay, when Today's lists say: the check-in is not offered.
    public var occupant: UnitOccupant?

    public init(status: HousekeepingStatus? = nil, occupied: Bool = false, occupant: UnitOccupant? = nil) {
        self.status = status
        self.occupied = occupied || occupant != nil
        self.occupant = occupant
    }
}
