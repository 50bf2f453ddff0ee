import Catalog
import Foundation
import GuestCraftAPI

/// The desk detail's reads: the saved copy first, then fresh, landed on the page they concern.
extension DeskDetail {
    /// Reads the top screen: its saved copy first when `loadSaved`, then fresh.
    func readTop(_ state: inout State, loadSaved: Bool) -> Effect<Action> {
        let environment = self.environment
        switch state.top {
        case .finding(let code):
            state.notice = nil
            return .run(id: Self.readID, cancelInFlight: true) { send in
                send(.found(code, await environment.findReservation(code)))
            }
        case .reservation(var page):
            if !loadSaved, page.freshness != .loading { page.freshness = .updating(lastUpdated: page.lastUpdated) }
            if loadSaved, page.reservation == nil { page.freshness = .loading }
            state.stack[state.stack.count - 1] = .reservation(page)
            return readReservation(page.id, loadSaved: loadSaved)
        case .guest(var page):
            guard environment.allows(.guestsRead), environment.has(.reservations) else {
                page.forbidden = true
                page.freshness = .current
                state.stack[state.stack.count - 1] = .guest(page)
                return .none
            }
            if !loadSaved, page.freshness != .loading { page.freshness = .updating(lastUpdated: page.lastUpdated) }
            state.stack[state.stack.count - 1] = .guest(page)
            let id = page.id
            return .run(id: Self.readID, cancelInFlight: true) { send in
                if loadSaved { send(.guestSavedLoaded(id, await environment.savedGuest(id))) }
                send(.guestRead(id, await environment.fetchGuest(id)))
            }
        }
    }

    /// The reservation (its saved copy first when `loadSaved`, with the business date), then
    /// its folio balance, one after the other in one effect.
    func readReservation(_ id: ReservationID, loadSaved: Bool) -> Effect<Action> {
        let environment = self.environment
        let balance = mayReadFolio
        return .run(id: Self.readID, cancelInFlight: true) { send in
            if loadSaved {
                send(.reservationSavedLoaded(id, await environment.savedReservation(id)))
                send(.businessDateLoaded(await environment.businessDate()))
            }
            let result = await environment.fetchReservation(id)
            send(.reservationRead(id, result))
            // Sent from here, in order: the balance's read below never overtakes it.
            if let connection = result.connection { send(.delegate(.work(.connection(connection)))) }
            if balance { send(.balanceRead(id, await environment.fetchBalance(id))) }
        }
    }

    var mayReadFolio: Bool { environment.allows(.foliosRead) && environment.has(.folios) }

    /// Lands a read of the reservation on its screen (the effect that read it tells the app
    /// what it says of the connection).
    func land(_ result: ReadResult<Reservation>, on page: inout ReservationPage, _ state: inout State) -> Effect<Action> {
        let ended = result.land(freshness: &page.freshness, lastUpdated: &page.lastUpdated, notice: &state.notice,
                                hasContent: page.reservation != nil, forbidden: L("reservation.forbidden"),
                                formatTime: environment.formatTime, clearsError: false,
                                failure: Self.readFailure)
        var effects: [Effect<Action>] = []
        switch ended {
        case .show(let reservation):
            if let before = page.conflictSince {
                page.conflictSince = nil
                if let sentence = Self.changedRoomSentence(before: before, after: reservation) {
                    state.notice = Notice(.warning, sentence)
                }
            }
            show(reservation, on: &page)
            if let attempt = page.retry, let stay = page.stay(attempt.stay), Self.shows(attempt.request, done: stay) {
                // The attempt whose answer was lost is done after all.
                page.retry = nil
                state.unknownOutcome = nil
                state.notice = Notice(.info, L("desk.lost.done", ["what": Self.done(attempt)]))
                state.said = SaidDone(attempt: attempt, version: reservation.version)
            } else if let said = state.said, reservation.version != said.version, let stay = page.stay(said.attempt.stay),
                      !Self.shows(said.attempt.request, done: stay) {
                // What was said done is no longer what the reservation shows (undone since, elsewhere).
                state.said = nil
                state.notice = nil
            }
        case .empty:
            page.reservation = nil
            page.mode = nil
        case .sessionEnded:
            effects = [.send(.delegate(.work(.sessionEnded)))]
        case .keep:
            break
        }
        return .merge(effects)
    }

    static func readFailure(_ code: String?) -> String {
        code == "reservation.not_found" ? L("reservation.gone") : ErrorText.readFailure(problemCode: code)
    }

    func show(_ reservation: Reservation, on page: inout ReservationPage) {
        page.reservation = reservation
        page.code = reservation.code
        page.focus = min(page.focus, max(0, reservation.rooms.count - 1))
    }
}

