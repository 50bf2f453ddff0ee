import AppCore
import Catalog
import GuestCraftAPI
import InstanceClient
import Outbox

/// A room's new housekeeping status as the outbox keeps it: the room, the status and the
/// housekeeping version the device read.
public struct RoomStatusChange: OutboxVersionedPayload, Equatable {
    public var property: PropertyID
    public var unit: UnitID
    /// The room number, for people (the Account screen's sentence).
    public var number: String
    public var status: HousekeepingStatus
    /// Sent as `expected_housekeeping_version`; the outbox sends the version its last send of the
    /// room answered instead when that is newer (an earlier change, here or by `guestcraft send`).
    public var expectedVersion: Int

    public init(property: PropertyID, unit: UnitID, number: String, status: HousekeepingStatus, expectedVersion: Int) {
        self.property = property
        self.unit = unit
        self.number = number
        self.status = status
        self.expectedVersion = expectedVersion
    }

    enum CodingKeys: String, CodingKey {
        case property, unit, number, status
        case expectedVersion = "expected_version"
    }

    public static var expectedVersionKey: WritableKeyPath<RoomStatusChange, Int> { \.expectedVersion }
}

/// `units.housekeeping` through the outbox: sends the status with the version read and the
/// entry's Idempotency-Key; later changes of the same room follow the version it answered.
/// Its entries mark the room's row: the status waiting, or held.
public struct RoomStatusOperation: WorkOperation {
    /// The stable name saved with each entry.
    public static let name = "units.housekeeping"

    public init() {}

    public var name: String { Self.name }

    public func subject(_ payload: RoomStatusChange) -> String { Self.subject(payload.unit) }

    /// The subject of a room's changes (`unit:<id>`).
    public static func subject(_ unit: UnitID) -> String { "unit:" + unit.rawValue }

    public func send(_ client: InstanceClient, _ payload: RoomStatusChange,
                     _ context: OutboxSendContext) async throws -> RoomUnit {
        try await client.setHousekeeping(
            property: payload.property, unit: payload.unit,
            HousekeepingChange(status: payload.status, expectedHousekeepingVersion: payload.expectedVersion),
            idempotencyKey: context.idempotencyKey, cancellation: context.httpCancellation())
    }

    public func version(of result: RoomUnit) -> Int? { result.housekeepingVersion }

    public func sentence(_ payload: RoomStatusChange) -> String {
        let unit = InertText.sanitize(payload.number)
        switch payload.status {
        case .dirty: return L("outbox.units.housekeeping.dirty", ["unit": unit])
        case .clean: return L("outbox.units.housekeeping.clean", ["unit": unit])
        case .inspected: return L("outbox.units.housekeeping.inspected", ["unit": unit])
        case .outOfOrder: return L("outbox.units.housekeeping.out_of_order", ["unit": unit])
        case .outOfService: return L("outbox.units.housekeeping.out_of_service", ["unit": unit])
        case .unknown: return L("outbox.units.housekeeping", ["unit": unit])
        }
    }

    public func mark(_ payload: RoomStatusChange, entry: OutboxEntry, into marks: inout WorkMarks) {
        if entry.hold != nil {
            marks.rooms.held.insert(payload.unit)
        } else {
            marks.rooms.queued[payload.unit] = payload.status
        }
    }
}
