import Foundation
import GuestCraftAPI
import SQLiteDB

/// Units, their housekeeping status (with `expected_housekeeping_version`) and the desk's own status change.
extension DemoService {
    func listUnits(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        try call.person.require(.inventoryRead)
        return .json(UnitList(businessDate: property.businessDate, units: try units(of: property)))
    }

    func getUnit(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        try call.person.require(.inventoryRead)
        let row = try scopedUnitRow(call, property: property)
        return .json(UnitDetail(businessDate: property.businessDate,
                                unit: try unit(row, businessDate: property.businessDate),
                                tasks: try tasks(of: property, unit: row.text("id"))))
    }

    func setHousekeeping(_ call: Call) throws -> Answer {
        let property = try scopedProperty(call)
        try call.person.require(.housekeepingWrite)
        let change = try decode(HousekeepingChange.self, from: call)
        if change.status == .inspected { try call.person.require(.housekeepingInspect, field: "status") }
        return try idempotent(call) {
            try db.transaction {
                let row = try scopedUnitRow(call, property: property)
                try checkSettable(change.status)
                let number = row.text("number")
                if row.text("hk_status") == change.status.rawValue {
                    return .json(try unit(row, businessDate: property.businessDate))
                }
                if let expected = change.expectedHousekeepingVersion, expected != row.integer("hk_version") {
                    throw Refusal(.unitStatusConflict,
                                  "Room \(number) is at housekeeping version \(row.integer("hk_version")), not \(expected).",
                                  field: "expected_housekeeping_version")
                }
                try writeHousekeeping(unitID: row.text("id"), status: change.status.rawValue)
                guard let updated = try unitRow(row.text("id")) else { throw Refusal(.unitNotFound, "The unit is gone.") }
                return .json(try unit(updated, businessDate: property.businessDate), applied: true)
            }
        }
    }

    /// Only dirty, clean and inspected are set by hand; out of order and out of service come from blocks.
    func checkSettable(_ status: HousekeepingStatus) throws(Refusal) {
        guard HousekeepingStatus.settable.contains(status) else {
            if status.isKnown {
                throw Refusal(.unitStatusInvalid, "\(status.rawValue) comes from blocks only.", field: "status")
            }
            throw invalid("status", "The status must be dirty, clean or inspected.")
        }
    }

    /// `demo.unit_housekeeping`: the desk changes a unit by number (at Harbour View unless `property_id` says).
    func demoHousekeeping(_ call: Call) throws -> Answer {
        let change = try decode(DemoHousekeepingRequest.self, from: call)
        let propertyID = call.query("property_id") ?? HarbourView.propertyID.rawValue
        guard let property = try propertyRecord(propertyID) else {
            throw Refusal(.propertyNotFound, "No property \(printable(propertyID)).")
        }
        try checkSettable(change.status)
        return try db.transaction {
            let number = call.parameter("number")
            guard let found = try db.queryFirst("SELECT id FROM units WHERE property_id = ? AND number = ?",
                                                [.text(property.id), .text(number)]) else {
                throw Refusal(.unitNotFound, "No room \(printable(number)) at \(property.name).")
            }
            try writeHousekeeping(unitID: found.text("id"), status: change.status.rawValue)
            guard let row = try unitRow(found.text("id")) else { throw Refusal(.unitNotFound, "The unit is gone.") }
            return .json(try unit(row, businessDate: property.businessDate), applied: true)
        }
    }
}
