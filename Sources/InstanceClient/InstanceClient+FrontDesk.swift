import GuestCraftAPI
import HTTPClient

/// Which stay of which reservation at which property a front-desk action concerns.
public struct StayReference: Sendable, Hashable {
    public let property: PropertyID
    public let reservation: ReservationID
    public let stay: StayID

    public init(property: PropertyID, reservation: ReservationID, stay: StayID) {
        self.property = property
        self.reservation = reservation
        self.stay = stay
    }
}

extension InstanceClient {
    /// `today.get`: arrivals, departures and guests in house on the business date.
    public func today(property: PropertyID, ifNoneMatch: ETag? = nil,
                      cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<TodayOverview> {
        try await call(Endpoints.todayGet(propertyID: property), ifNoneMatch: ifNoneMatch, cancellation: cancellation)
    }

    /// `search`: reservations and guests matching `query` (at least 2 characters).
    public func search(property: PropertyID, query: String, ifNoneMatch: ETag? = nil,
                       cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<SearchResults> {
        try await call(Endpoints.search(propertyID: property, query: query), ifNoneMatch: ifNoneMatch,
                       cancellation: cancellation)
    }

    /// `reservations.get`: a reservation; its ETag is its version.
    public func reservation(property: PropertyID, id: ReservationID, ifNoneMatch: ETag? = nil,
                            cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<Reservation> {
        try await call(Endpoints.reservationsGet(propertyID: property, reservationID: id), ifNoneMatch: ifNoneMatch,
                       cancellation: cancellation)
    }

    /// `guests.get`: a guest with contact and stays.
    public func guest(workspace: WorkspaceID, id: GuestID, ifNoneMatch: ETag? = nil,
                      cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<GuestDetail> {
        try await call(Endpoints.guestsGet(workspaceID: workspace, guestID: id), ifNoneMatch: ifNoneMatch,
                       cancellation: cancellation)
    }

    /// `folios.balance`: the reservation's folio balance.
    public func folioBalance(property: PropertyID, reservation: ReservationID, ifNoneMatch: ETag? = nil,
                             cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<FolioBalance> {
        try await call(Endpoints.foliosBalance(propertyID: property, reservationID: reservation),
                       ifNoneMatch: ifNoneMatch, cancellation: cancellation)
    }

    /// `stays.checkout_quote`: what would remain owed on checking this stay out.
    public func checkoutQuote(_ stay: StayReference, ifNoneMatch: ETag? = nil,
                              cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<CheckoutQuote> {
        try await call(Endpoints.staysCheckoutQuote(propertyID: stay.property, reservationID: stay.reservation,
                                                    stayID: stay.stay),
                       ifNoneMatch: ifNoneMatch, cancellation: cancellation)
    }

    /// `units.available`: free active units of a room type for the nights `from`..<`to` (never cached).
    public func availableUnits(property: PropertyID, roomType: RoomTypeID, from: BusinessDate, to: BusinessDate,
                               cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> AvailableUnits {
        try await value(Endpoints.unitsAvailable(propertyID: property, roomTypeID: roomType, from: from, to: to),
                        cancellation: cancellation)
    }

    /// `stays.assign`: assigns a unit for the whole stay; `version` is the reservation's ETag.
    public func assign(_ stay: StayReference, _ assignment: StayAssignment, version: ETag, idempotencyKey: String? = nil,
                       cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> Reservation {
        try await value(Endpoints.staysAssign(propertyID: stay.property, reservationID: stay.reservation, stayID: stay.stay),
                        body: try Self.json(assignment), contentType: Wire.jsonType, ifMatch: version,
                        idempotencyKey: idempotencyKey, cancellation: cancellation)
    }

    /// `stays.unassign`: removes the stay's unit.
    public func unassign(_ stay: StayReference, version: ETag, idempotencyKey: String? = nil,
                         cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> Reservation {
        try await value(Endpoints.staysUnassign(propertyID: stay.property, reservationID: stay.reservation, stayID: stay.stay),
                        ifMatch: version, idempotencyKey: idempotencyKey, cancellation: cancellation)
    }

    /// `stays.check_in` (with an override reason when the unit is not ready).
    public func checkIn(_ stay: StayReference, _ request: CheckInRequest, version: ETag, idempotencyKey: String? = nil,
                        cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> Reservation {
        try await value(Endpoints.staysCheckIn(propertyID: stay.property, reservationID: stay.reservation, stayID: stay.stay),
                        body: try Self.json(request), contentType: Wire.jsonType, ifMatch: version,
                        idempotencyKey: idempotencyKey, cancellation: cancellation)
    }

    /// `stays.check_out` (with an approval reason when money is owed on the last room).
    public func checkOut(_ stay: StayReference, _ request: CheckOutRequest, version: ETag, idempotencyKey: String? = nil,
                         cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> Reservation {
        try await value(Endpoints.staysCheckOut(propertyID: stay.property, reservationID: stay.reservation, stayID: stay.stay),
                        body: try Self.json(request), contentType: Wire.jsonType, ifMatch: version,
                        idempotencyKey: idempotencyKey, cancellation: cancellation)
    }

    /// `stays.undo_check_in`, on the business date of the check-in.
    public func undoCheckIn(_ stay: StayReference, version: ETag, idempotencyKey: String? = nil,
                            cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> Reservation {
        try await value(Endpoints.staysUndoCheckIn(propertyID: stay.property, reservationID: stay.reservation,
                                                   stayID: stay.stay),
                        ifMatch: version, idempotencyKey: idempotencyKey, cancellation: cancellation)
    }

    /// `stays.undo_check_out`, on the business date of the check-out.
    public func undoCheckOut(_ stay: StayReference, version: ETag, idempotencyKey: String? = nil,
                             cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> Reservation {
        try await value(Endpoints.staysUndoCheckOut(propertyID: stay.property, reservationID: stay.reservation,
                                                    stayID: stay.stay),
                        ifMatch: version, idempotencyKey: idempotencyKey, cancellation: cancellation)
    }
}
