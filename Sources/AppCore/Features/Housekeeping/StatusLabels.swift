import Catalog
import GuestCraftAPI
import ClientModel

/// How a room's housekeeping status and occupancy read on screen: always a symbol and a word,
/// never colour alone.
enum StatusLabels {
    static func symbol(_ status: HousekeepingStatus) -> String {
        switch status {
        case .dirty: "✗"
        case .clean: "✓"
        case .inspected: "★"
        case .outOfOrder: "⚠"
        case .outOfService: "⊘"
        case .unknown: "?"
        }
    }

    static func word(_ status: HousekeepingStatus) -> String {
        switch status {
        case .dirty: L("housekeeping.status.dirty")
        case .clean: L("housekeeping.status.clean")
        case .inspected: L("housekeeping.status.inspected")
        case .outOfOrder: L("housekeeping.status.out_of_order")
        case .outOfService: L("housekeeping.status.out_of_service")
        case .unknown: L("housekeeping.status.unknown")
        }
    }

    static func style(_ status: HousekeepingStatus) -> StyleToken {
        switch status {
        case .dirty: .statusDirty
        case .clean: .statusClean
        case .inspected: .statusInspected
        case .outOfOrder, .outOfService: .statusOOO
        case .unknown: .muted
        }
    }

    /// "✓ Clean".
    static func label(_ status: HousekeepingStatus) -> String { Glyphs.current.labelled(symbol(status), word(status)) }

    static func occupancy(_ occupancy: Occupancy) -> String {
        switch occupancy {
        case .vacant: L("housekeeping.occupancy.vacant")
        case .occupied: L("housekeeping.occupancy.occupied")
        case .arriving: L("housekeeping.occupancy.arriving")
        case .departing: L("housekeeping.occupancy.departing")
        case .unknown: L("housekeeping.occupancy.unknown")
        }
    }
}
