import Catalog
import Foundation
import GuestCraftAPI

/// Live lists (#19): what the Housekeeping tab reads when it follows the instance on its own.
extension HousekeepingFeature {
    /// Follows the instance while the tab is on screen: the open room detail, else the rooms
    /// this device just changed (a few `units.get`: the 2,000-room list is not read again for
    /// the device's own change), else the list, conditionally and without "Updating".
    /// The instance answered (#30): the list, or the room's detail, read again if it says Offline.
    func readWhatSaysOffline(_ state: inout State) -> Effect<Action> {
        let list = state.freshness.isOffline ? read(&state) : .none
        return .merge(list, state.detail?.freshness.isOffline == true ? readOpenDetail(state) : .none)
    }

    func follow(_ state: inout State) -> Effect<Action> {
        if state.detail != nil {
            state.followingDetail = true
            return readOpenDetail(state)
        }
        let touched = state.touched
        state.touched = []
        if !touched.isEmpty, touched.count <= Self.touchedReadLimit {
            let fetchUnit = environment.fetchUnit
            return .merge(touched.sorted { $0.rawValue < $1.rawValue }.map { id in
                .run { send in send(.roomFollowed(id, await fetchUnit(id))) }
            })
        }
        state.following = true
        return listRead.follow()
    }

    /// More rooms changed than this are read again with the list.
    static let touchedReadLimit = 5

    /// The instance's copy of a room changed its status, and not by this device's change on
    /// its way (that one shows already).
    static func changedUnderEyes(_ before: RoomUnit, _ after: RoomUnit, _ state: State) -> Bool {
        guard before.housekeepingStatus != after.housekeepingStatus, !state.inFlight.contains(after.id),
              state.list.entry(after.id).map({ $0.mark == .none }) ?? true else { return false }
        return true
    }
}
