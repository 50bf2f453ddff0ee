import Catalog
import Foundation
import GuestCraftAPI

/// Jumping to a room: a typed number (focus follows the digits) or a scanned room tag.
extension HousekeepingFeature {
    /// Keys while jumping; nil hands the key back to the list (moving ends the jump).
    func jumpKey(_ key: Key, _ state: inout State) -> Effect<Action>? {
        guard let typed = state.jump else { return nil }
        switch key {
        case .character(let c):
            state.jump = typed + String(c)
            jumpLive(&state)
            return Effect.none
        case .backspace, .delete:
            state.jump = typed.isEmpty ? nil : String(typed.dropLast())
            if state.jump?.isEmpty == false { jumpLive(&state) }
            return Effect.none
        case .enter, .tab:
            state.jump = nil
            jump(to: typed, &state)
            return Effect.none
        case .escape:
            state.jump = nil
            if let from = state.jumpFrom { state.focus = from }
            state.jumpFrom = nil
            return Effect.none
        default:
            state.jump = nil
            return nil
        }
    }

    /// Focus follows the digits while they are typed; while they name no room it goes back to
    /// where it was (never left on a room that only shares the first digits).
    func jumpLive(_ state: inout State) {
        guard let typed = state.jump else { return }
        if let id = state.list.match(number: Self.roomNumber(inTag: typed)) {
            focusShowing(id, &state)
        } else if let from = state.jumpFrom {
            state.focus = from
        }
    }

    /// Jumps to the room a typed number or a scanned tag (`203`, `room/203`) names.
    func jump(to text: String, _ state: inout State) {
        let number = Self.roomNumber(inTag: text)
        guard !number.isEmpty else { return }
        let from = state.jumpFrom
        state.jumpFrom = nil
        if let id = state.list.match(number: number) {
            focusShowing(id, &state)
            state.awaitingRoom = false
            if state.notice?.level == .info { state.notice = nil }
        } else {
            // Back where it was, and `d`/`c`/`i` wait: the next key must not change a room the
            // person did not choose.
            if let from { state.focus = from }
            state.awaitingRoom = true
            state.notice = Notice(.info, L("housekeeping.no_such_room", ["number": number]))
        }
    }

    /// A scanned room tag (or `guestcraft open room/…`): that room's detail opens, in place of
    /// the one open; a tag that names no room of the property (exactly: a scan never lands on a
    /// room sharing a prefix) says so and changes nothing, and the next `d`/`c`/`i` waits (on a
    /// detail it says the room is still the one shown, and the key again does it).
    func openRoom(tagged text: String, _ state: inout State) -> Effect<Action> {
        let number = Self.roomNumber(inTag: text)
        guard !number.isEmpty else { return .none }
        guard let id = state.list.exact(number: number) else {
            state.notice = Notice(.info, L("housekeeping.no_such_room", ["number": number]))
            // The next `d`/`c`/`i` must not change the room that happens to be focused or shown.
            state.awaitingRoom = true
            return .none
        }
        focusShowing(id, &state)
        state.awaitingRoom = false
        if state.notice?.level == .info { state.notice = nil }
        state.detail = RoomDetail(unitID: id)
        return readDetail(id, loadSaved: true)
    }

    /// The room number in a scanned or typed tag: `203`, `room/203`, `room:203`, `ROOM-203`, or a
    /// room-tag link `https://<instance>/rooms/203`.
    public static func roomNumber(inTag text: String) -> String {
        var tag = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if tag.contains("://"), let range = tag.range(of: "/rooms/", options: .backwards) {
            return String(tag[range.upperBound...]).trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        }
        for prefix in ["room/", "room:", "room-", "room "] where tag.lowercased().hasPrefix(prefix) {
            tag = String(tag.dropFirst(prefix.count))
            break
        }
        return tag.trimmingCharacters(in: .whitespaces)
    }

    /// Whether a scanned text reads as a room tag (a room number of letters and digits with a
    /// digit, bare or as `room/…` or a room-tag link), not as a reservation code or a word: only
    /// a tag leaves another tab for the room.
    public static func isRoomTag(_ text: String) -> Bool {
        let number = roomNumber(inTag: text)
        return (1...8).contains(number.count) && number.contains(where: \.isNumber)
            && number.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
