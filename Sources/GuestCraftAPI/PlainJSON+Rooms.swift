import Foundation

// Room lists read straight from the bytes (the reader is in PlainJSON.swift).

extension PlainJSON.Reader {
    /// A room as `UnitList`'s `units` hold it; unknown members are read and ignored, as
    /// JSONDecoder ignores them.
    mutating func roomUnit() -> RoomUnit? {
        var id: String?, number: String?, typeID: String?, typeName: String?, occupancy: String?
        var status: String?, updatedAt: Instant?, floor: Int?, version: Int?
        let read = members { key, reader in
            switch Key(key) {
            case .id: id = reader.stringValue(); return id != nil
            case .number: number = reader.stringValue(); return number != nil
            case .floor: floor = reader.integerValue(); return floor != nil
            case .occupancy: occupancy = reader.stringValue(); return occupancy != nil
            case .housekeepingStatus: status = reader.stringValue(); return status != nil
            case .housekeepingVersion: version = reader.integerValue(); return version != nil
            case .housekeepingUpdatedAt:
                // From the bytes: an instant is ASCII, so no String is made for it.
                updatedAt = reader.rawString().flatMap { Instant(rfc3339: $0) }
                return updatedAt != nil
            case .roomType:
                return reader.members { key, reader in
                    switch Key(key) {
                    case .id: typeID = reader.stringValue(); return typeID != nil
                    case .name: typeName = reader.stringValue(); return typeName != nil
                    default: return reader.skipValue()
                    }
                }
            default: return reader.skipValue()
            }
        }
        guard read, let id, let number, let typeID, let typeName, let floor, let occupancy, let status,
              let version, let updatedAt else { return nil }
        return RoomUnit(id: UnitID(rawValue: id), number: number,
                        roomType: RoomTypeRef(id: RoomTypeID(rawValue: typeID), name: typeName),
                        floor: floor, occupancy: Occupancy(rawValue: occupancy),
                        housekeepingStatus: HousekeepingStatus(rawValue: status),
                        housekeepingVersion: version, housekeepingUpdatedAt: updatedAt)
    }

    mutating func unitList() -> UnitList? {
        var businessDate: BusinessDate?
        var units: [RoomUnit]?
        let read = members { key, reader in
            switch Key(key) {
            case .businessDate:
                businessDate = reader.stringValue().flatMap(BusinessDate.init)
                return businessDate != nil
            case .units:
                units = reader.roomUnits()
                return units != nil
            default:
                return reader.skipValue()
            }
        }
        guard read, let businessDate, let units else { return nil }
        return UnitList(businessDate: businessDate, units: units)
    }

    mutating func roomUnits() -> [RoomUnit]? {
        var units: [RoomUnit] = []
        units.reserveCapacity(min(bytes.count / 160, 10_000))
        let read = elements { reader in
            guard let unit = reader.roomUnit() else { return false }
            units.append(unit)
            return true
        }
        return read ? units : nil
    }

    /// The member names a room list uses, matched on the bytes (no String is made for a key).
    enum Key {
        case id, number, name, floor, occupancy, roomType, housekeepingStatus, housekeepingVersion
        case housekeepingUpdatedAt, businessDate, units, other

        init(_ key: UnsafeBufferPointer<UInt8>) {
            func is_(_ name: StaticString) -> Bool {
                key.count == name.utf8CodeUnitCount
                    && memcmp(key.baseAddress!, name.utf8Start, key.count) == 0
            }
            switch key.count {
            case 2 where is_("id"): self = .id
            case 4 where is_("name"): self = .name
            case 5 where is_("floor"): self = .floor
            case 5 where is_("units"): self = .units
            case 6 where is_("number"): self = .number
            case 9 where is_("occupancy"): self = .occupancy
            case 9 where is_("room_type"): self = .roomType
            case 13 where is_("business_date"): self = .businessDate
            case 19 where is_("housekeeping_status"): self = .housekeepingStatus
            case 20 where is_("housekeeping_version"): self = .housekeepingVersion
            case 23 where is_("housekeeping_updated_at"): self = .housekeepingUpdatedAt
            default: self = .other
            }
        }
    }
}

extension UnitList: PlainEnvelopeReadable {
    /// A room list read straight from JSON bytes, without a tree (no dictionary or key string
    /// per room: a quarter of what reading a `PlainJSON` tree cost).
    public init?(plainJSON data: Data) {
        guard let list = PlainJSON.whole(data, { $0.unitList() }) else { return nil }
        self = list
    }

    public static func plainEnvelope(_ data: Data, valueKey: String) -> (value: UnitList, others: [String: PlainJSON])? {
        PlainJSON.envelope(data, valueKey: valueKey) { $0.unitList() }
    }
}
