import Foundation
import GuestCraftAPI

/// A search that is a room number of the property: the stays in that room tonight.
public struct RoomStays: Sendable, Equatable {
    /// The room as the property writes it.
    public var number: String
    /// The business date of Today's list the stays come from.
    public var businessDate: BusinessDate
    /// Checked in first (in house, or due out and not gone yet), then the arrival.
    public var stays: [StaySummary]

    public init(number: String, businessDate: BusinessDate, stays: [StaySummary]) {
        self.number = number
        self.businessDate = businessDate
        self.stays = stays
    }
}

/// A number typed on Search that is a room of the property finds the stay in that room tonight
/// (#30: "116" found GC-2116, in room 214, and not the guest in room 116). The instance's
/// search finds codes, names and contacts (docs/api.md `search`), so the app looks the room up
/// itself: in the saved room list and Today's list.
public enum RoomSearch {
    /// The most characters a room number has here; a longer text is never looked up.
    static let longest = 12

    /// Whether `text` may be a room number, so the rooms are worth reading: a digit in it, no
    /// space, not longer than `longest`.
    public static func mayBeRoom(_ text: String) -> Bool {
        text.count <= longest && text.contains(where: \.isNumber) && !text.contains(where: \.isWhitespace)
    }

    /// The stays in the room `text` names tonight; nil when it is no room of the property (in
    /// the saved rooms or Today's list) or when Today's list is not there to say.
    public static func stays(_ text: String, units: UnitList?, today: TodayOverview?) -> RoomStays? {
        guard mayBeRoom(text), let today else { return nil }
        func names(_ number: String) -> Bool { number.caseInsensitiveCompare(text) == .orderedSame }
        let all = today.arrivals + today.departures + today.inHouse
        guard let number = units?.units.first(where: { names($0.number) })?.number
                ?? all.compactMap(\.unit?.number).first(where: names) else { return nil }
        var seen: Set<StayID> = []
        let inRoom = all.filter { stay in
            guard let unit = stay.unit, names(unit.number), seen.insert(stay.stayID).inserted else { return false }
            return stay.status == .checkedIn || (stay.status == .reserved && stay.checkInDate == today.businessDate)
        }
        let checkedIn = inRoom.filter { $0.status == .checkedIn }
        return RoomStays(number: number, businessDate: today.businessDate,
                         stays: checkedIn + inRoom.filter { $0.status != .checkedIn })
    }
}
