import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// The room detail (Enter on a room): its keys.
extension HousekeepingFeature {
    /// The room detail screen (Enter on a room), read again each time it opens.
    public struct RoomDetail: Sendable, Equatable {
        public var unitID: UnitID
        public var detail: UnitDetail?
        public var freshness: Freshness
        public var lastUpdated: String?
        /// The focused line among `RoomDetail.lines`.
        public var focus: Int
        /// The fault report form, while it is open over the detail.
        public var fault: FaultForm.State?

        public init(unitID: UnitID, detail: UnitDetail? = nil, freshness: Freshness = .loading,
                    lastUpdated: String? = nil, focus: Int = 0, fault: FaultForm.State? = nil) {
            self.unitID = unitID
            self.detail = detail
            self.freshness = freshness
            self.lastUpdated = lastUpdated
            self.focus = focus
            self.fault = fault
        }

        /// The focusable lines: the three statuses, the room's tasks, then "Report a fault".
        public enum Line: Sendable, Equatable {
            case dirty, clean, inspected
            /// One of the room's tasks of the business date: Enter opens it on My tasks.
            case task(TaskID)
            case reportFault
        }

        /// The lines of this detail, in order.
        public var lines: [Line] {
            [.dirty, .clean, .inspected] + (detail?.tasks.map { .task($0.id) } ?? []) + [.reportFault]
        }
    }

    func detailKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        guard let detail = state.detail else { return .none }
        if detail.fault != nil { return faultHost.key(key, into: &state, badge: state.badge) }
        let lines = detail.lines
        let last = lines.count - 1
        if let shared = DetailLines.take(key, last: last, &state, delegate: Action.delegate, readID: Self.detailReadID) {
            return shared
        }
        if state.awaitingRoom {
            // A scan just found no room: the first status key says which room this still is.
            state.awaitingRoom = false
            let statusLine = key == .enter && [.dirty, .clean, .inspected].contains(lines[min(detail.focus, last)])
            if statusLine || [.character("d"), .character("c"), .character("i")].contains(key) {
                let number = detail.detail?.unit.number ?? state.list.entry(detail.unitID)?.unit.number ?? ""
                state.notice = Notice(.info, L("housekeeping.still_this_room", ["number": InertText.sanitize(number)]))
                return .none
            }
        }
        switch key {
        case .character("d"): return change(to: .dirty, of: detail.unitID, &state)
        case .character("c"): return change(to: .clean, of: detail.unitID, &state)
        case .character("i"): return change(to: .inspected, of: detail.unitID, &state)
        case .character("r"):
            return .merge(read(&state), readDetail(detail.unitID, loadSaved: false))
        case .enter:
            switch lines[min(detail.focus, last)] {
            case .task(let id): return .send(.delegate(.openTask(id)))
            case .dirty: return change(to: .dirty, of: detail.unitID, &state)
            case .clean: return change(to: .clean, of: detail.unitID, &state)
            case .inspected: return change(to: .inspected, of: detail.unitID, &state)
            case .reportFault: return reportFault(&state)
            }
        default:
            break
        }
        return .none
    }

    /// Opens the fault report form on the room, or says why the role or the instance does not offer it.
    func reportFault(_ state: inout State) -> Effect<Action> {
        guard let detail = state.detail,
              let unit = detail.detail?.unit.ref ?? state.list.entry(detail.unitID)?.unit.ref else { return .none }
        if let reason = state.reportBlocked {
            state.notice = Notice(.info, L("fault.blocked.notice", ["reason": reason]))
            return .none
        }
        state.notice = nil
        return faultHost.present(FaultForm.room(unit, businessDate: detail.detail?.businessDate ?? state.businessDate), into: &state)
    }

    /// The form over the room detail: a report sent or saved shows its sentence and reads the room again.
    var faultHost: Presents<State, Action, FaultForm> {
        Presents(state: \.faultForm, child: FaultForm(environment: environment.faultForm), embed: Action.fault,
                 delegate: Action.delegate) { state, notice in
            guard let notice, let id = state.detail?.unitID else { return .none }
            state.notice = notice
            return .merge(read(&state), readDetail(id, loadSaved: false))
        }
    }
}

extension HousekeepingFeature.State {
    /// The fault form open over the room detail (nil when none is, or no detail is open).
    var faultForm: FaultForm.State? {
        get { detail?.fault }
        set { detail?.fault = newValue }
    }
}
