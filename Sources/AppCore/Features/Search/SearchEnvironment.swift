import Foundation
import GuestCraftAPI

/// What the Search tab needs from outside (built live over the instance client).
public struct SearchEnvironment: Sendable {
    /// `search` for a text of at least 2 characters: never saved (search needs the instance).
    public var search: @Sendable (String) async -> ReadResult<SearchResults>
    /// (Each kind the role may not search answers null: the screen says why.)

    /// The property's rooms as last read (Housekeeping's saved list), nil when none is kept:
    /// whether a number typed is a room (`RoomSearch`).
    public var savedUnits: @Sendable () async -> UnitList?
    /// Today's list of the property: read again when the instance answers (conditionally, and
    /// saved for Today), else the saved copy; nil when neither is there.
    public var today: @Sendable () async -> TodayOverview?

    /// The reservation and guest screens' clients.
    public var detail: DeskDetailEnvironment

    public init(search: @escaping @Sendable (String) async -> ReadResult<SearchResults>,
                savedUnits: @escaping @Sendable () async -> UnitList?,
                today: @escaping @Sendable () async -> TodayOverview?,
                detail: DeskDetailEnvironment) {
        self.search = search
        self.savedUnits = savedUnits
        self.today = today
        self.detail = detail
    }
}
