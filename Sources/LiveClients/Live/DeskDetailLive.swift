import AppCore
import ClientModel
import Foundation
import GuestCraftAPI
import InstanceClient
import OfflineStore

extension LiveWork {
    /// The reservation and guest screens' clients (Today and Search embed `DeskDetail`): reads
    /// saved under their keys like every work screen, the free rooms never saved, the desk's
    /// actions sent at once (online only, not through the outbox).
    var deskDetail: DeskDetailEnvironment {
        let work = self
        return DeskDetailEnvironment(
            savedReservation: { id in work.saved(work.reservationKey(id), as: Reservation.self)?.copy },
            fetchReservation: { id in
                await work.fetch(work.reservationKey(id), as: Reservation.self) { etag in
                    try await work.client.reservation(property: work.property, id: id, ifNoneMatch: etag)
                }
            },
            findReservation: { code in await work.findReservation(code) },
            savedGuest: { id in work.saved(work.guestKey(id), as: GuestDetail.self)?.copy },
            fetchGuest: { id in
                await work.fetch(work.guestKey(id), as: GuestDetail.self) { etag in
                    try await work.client.guest(workspace: work.context.workspace.id, id: id, ifNoneMatch: etag)
                }
            },
            fetchBalance: { id in
                await work.fetch(work.balanceKey(id), as: FolioBalance.self) { etag in
                    try await work.client.folioBalance(property: work.property, reservation: id, ifNoneMatch: etag)
                }
            },
            fetchQuote: { reservation, stay in
                await work.fetch(work.quoteKey(reservation, stay), as: CheckoutQuote.self) { etag in
                    try await work.client.checkoutQuote(
                        StayReference(property: work.property, reservation: reservation, stay: stay), ifNoneMatch: etag)
                }
            },
            availableUnits: { roomType, from, to in
                await work.unsaved {
                    try await work.client.availableUnits(property: work.property, roomType: roomType, from: from, to: to)
                }
            },
            unitCheck: { id, stay in await work.unitCheck(id, stay: stay) },
            businessDate: { work.lastBusinessDate() },
            perform: { reservation, stay, request, version, key in
                await work.perform(StayReference(property: work.property, reservation: reservation, stay: stay),
                                   request, version: version, idempotencyKey: key)
            },
            newIdempotencyKey: { IdempotencyKey.random() },
            formatTime: LiveWork.formatTime,
            sleep: work.services.clock.sleep,
            property: property,
            propertyNames: Dictionary(context.workspace.properties.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a }),
            permissions: context.permissions,
            capabilities: context.capabilities)
    }

    func reservationKey(_ id: ReservationID) -> String { "reservations.get/" + property.rawValue + "/" + id.rawValue }
    func guestKey(_ id: GuestID) -> String { "guests.get/" + context.workspace.id.rawValue + "/" + id.rawValue }
    func balanceKey(_ id: ReservationID) -> String { "folios.balance/" + property.rawValue + "/" + id.rawValue }
    func quoteKey(_ reservation: ReservationID, _ stay: StayID) -> String {
        "stays.checkout_quote/" + property.rawValue + "/" + reservation.rawValue + "/" + stay.rawValue
    }

    /// The business date of the property as last read: the saved Today, else the saved room
    /// list; nil when neither is kept (the instance's refusal then says it).
    func lastBusinessDate() -> BusinessDate? {
        saved(todayKey, as: TodayOverview.self)?.copy.value.businessDate
            ?? saved(unitsKey, as: UnitList.self)?.copy.value.businessDate
    }

    /// The check-in checks' read of a unit: its status and occupancy (`units.get`, with
    /// `inventory.read`), and who is still checked in to it on a fresh Today (saved like Today's
    /// own read; the saved copy when offline). Occupied when either says so.
    func unitCheck(_ id: UnitID, stay: StayID) async -> UnitCheck {
        var status: HousekeepingStatus?
        var occupied = false
        if context.permissions.contains(.inventoryRead) {
            let result = await fetch(unitKey(id), as: UnitDetail.self) { etag in
                try await client.unit(property: property, id: id, ifNoneMatch: etag)
            }
            if case .fresh(let detail, _) = result {
                status = detail.unit.housekeepingStatus
                occupied = detail.unit.occupancy == .occupied || detail.unit.occupancy == .departing
            }
        }
        var today: TodayOverview?
        if context.permissions.contains(.reservationsRead) {
            let result = await fetchToday()
            if case .fresh(let overview, _) = result { today = overview } else { today = saved(todayKey, as: TodayOverview.self)?.copy.value }
        }
        let occupant = today.flatMap { UnitOccupant.find(in: $0, unit: id, except: stay) }
        // The stay itself already in (checked in on another device): not another guest.
        if let today, occupant == nil, UnitOccupant.isIn(today, unit: id, stay: stay) { occupied = false }
        return UnitCheck(status: status, occupied: occupied, occupant: occupant)
    }

    /// `search` for `code`: the reservation whose code is exactly it (letter case aside).
    func findReservation(_ code: String) async -> ReadResult<ReservationRef?> {
        let wanted = code.trimmingCharacters(in: .whitespaces)
        switch await search(wanted) {
        case .fresh(let results, let at):
            guard let reservations = results.reservations else { return .forbidden }
            let match = reservations.first { $0.code.caseInsensitiveCompare(wanted) == .orderedSame }
            return .fresh(match.map { ReservationRef(id: $0.id, code: $0.code) }, at: at)
        case .offline: return .offline
        case .forbidden: return .forbidden
        case .sessionEnded: return .sessionEnded
        case .failed(let code): return .failed(problemCode: code)
        }
    }

    /// `search`, never saved (it needs the instance).
    func search(_ text: String) async -> ReadResult<SearchResults> {
        await unsaved { try await client.search(property: property, query: text).value }
    }

    /// Sends one front-desk action with the reservation's version and the attempt's key.
    func perform(_ stay: StayReference, _ request: DeskRequest, version: ETag, idempotencyKey: String) async
        -> DeskActionResult {
        do {
            let reservation: Reservation
            switch request {
            case .assign(let unit):
                reservation = try await client.assign(stay, StayAssignment(unitID: unit), version: version,
                                                      idempotencyKey: idempotencyKey)
            case .unassign:
                reservation = try await client.unassign(stay, version: version, idempotencyKey: idempotencyKey)
            case .checkIn(let reason):
                reservation = try await client.checkIn(stay, CheckInRequest(overrideReason: reason), version: version,
                                                       idempotencyKey: idempotencyKey)
            case .checkOut(let reason):
                reservation = try await client.checkOut(stay, CheckOutRequest(approvalReason: reason), version: version,
                                                        idempotencyKey: idempotencyKey)
            case .undoCheckIn:
                reservation = try await client.undoCheckIn(stay, version: version, idempotencyKey: idempotencyKey)
            case .undoCheckOut:
                reservation = try await client.undoCheckOut(stay, version: version, idempotencyKey: idempotencyKey)
            }
            return .done(reservation)
        } catch {
            services.log.write("desk \(request): \(error)")
            switch error {
            case .noAnswer(let reason): return reason.mayHaveReachedInstance ? .noAnswer : .notSent
            case .invalidResponse: return .noAnswer
            case .unauthorized: return .sessionEnded
            case .problem(let problem): return .refused(status: problem.status, code: problem.code.rawValue)
            }
        }
    }
}
