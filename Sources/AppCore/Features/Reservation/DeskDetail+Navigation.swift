import Catalog
import Foundation
import GuestCraftAPI

/// The keys that move between the desk detail's screens: finding a code, back, the guest's
/// stays, clicks. The reservation screen's actions are in DeskDetail+Actions.swift.
extension DeskDetail {
    func findingKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        switch key {
        case .escape, .backspace, .left: return back(&state)
        case .character("r"): return readTop(&state, loadSaved: false)
        default: return .none
        }
    }

    /// Back: the screen below, or `.closed` on the bottom one.
    func back(_ state: inout State) -> Effect<Action> {
        guard state.stack.count > 1 else {
            return .merge(.cancel(id: Self.readID), .cancel(id: Self.sideReadID), .send(.delegate(.closed)))
        }
        state.stack.removeLast()
        state.notice = nil
        return .merge(.cancel(id: Self.sideReadID), readTop(&state, loadSaved: false))
    }

    func guestKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        guard var page = state.guestPage else { return .none }
        let last = max(0, (page.detail?.stays.count ?? 0) - 1)
        switch key {
        case .up, .character("k"): page.focus = max(0, page.focus - 1)
        case .down, .character("j"): page.focus = min(last, page.focus + 1)
        case .home: page.focus = 0
        case .end: page.focus = last
        case .escape, .backspace, .left: return back(&state)
        case .character("r"): return readTop(&state, loadSaved: false)
        case .enter: return openStay(at: page.focus, &state)
        default: return .none
        }
        state.guestPage = page
        return .none
    }

    /// Opens a guest's stay: a stay here pushes its reservation; one elsewhere says so.
    func openStay(at index: Int, _ state: inout State) -> Effect<Action> {
        guard let stays = state.guestPage?.detail?.stays, stays.indices.contains(index) else { return .none }
        let stay = stays[index]
        guard stay.propertyID == environment.property else {
            let sentence = environment.propertyNames[stay.propertyID].map {
                L("guest.stay_elsewhere", ["code": InertText.sanitize(stay.reservation.code),
                                           "property": InertText.sanitize($0)])
            } ?? L("guest.stay_unreachable", ["code": InertText.sanitize(stay.reservation.code)])
            state.notice = Notice(.info, sentence)
            return .none
        }
        if case .reservation(let below)? = state.stack.dropLast().last, below.id == stay.reservation.id {
            return back(&state)
        }
        state.notice = nil
        state.stack.append(.reservation(ReservationPage(id: stay.reservation.id, code: stay.reservation.code)))
        return readTop(&state, loadSaved: true)
    }

    func rowClicked(_ id: RowID, _ state: inout State) -> Effect<Action> {
        switch state.top {
        case .finding: return .none
        case .guest(var page):
            guard let index = page.detail?.stays.firstIndex(where: { DeskDetailView.stayRowID($0) == id }) else { return .none }
            page.focus = index
            state.guestPage = page
        case .reservation(var page):
            if case .assign(var choice) = page.mode {
                guard let index = choice.units?.firstIndex(where: { DeskDetailView.unitRowID($0.id) == id }) else { return .none }
                choice.focus = index
                page.mode = .assign(choice)
            } else if page.mode == nil {
                guard let index = page.reservation?.rooms.firstIndex(where: { DeskDetailView.roomRowID($0.id) == id })
                else { return .none }
                page.focus = index
            }
            state.reservationPage = page
        }
        return .none
    }

    /// A reason field open: printable keys go to it.
    public static func isEditingText(_ state: State) -> Bool {
        if case .reason = state.reservationPage?.mode { return true }
        return false
    }
}

/// Presented over a desk tab's list (`Presents`): Esc on its bottom screen dismisses it.
extension DeskDetail: PresentedWorkScreen {
    public static var presented: Action { .appeared }

    public static func request(_ action: Action) -> PresentationRequest<Void, WorkTabDelegate>? {
        switch action {
        case .delegate(.closed): .dismiss(())
        case .delegate(.work(let work)): .delegate(work)
        default: nil
        }
    }

    public static func keyPressed(_ key: Key) -> Action { .keyPressed(key) }
}
