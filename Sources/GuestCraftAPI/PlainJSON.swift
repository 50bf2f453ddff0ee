import Foundation

/// A JSON document read without Codable, and the reader under `UnitList(plainJSON:)`, for the one
/// large answer the app reads before its first frame (a saved `units.list`): JSONDecoder spends
/// about 70,000 instructions a room on it. It reads only the plain subset our own JSONEncoder
/// writes for such answers (strings without escapes, whole numbers); anything else answers `nil`
/// and the caller decodes with JSONDecoder, so no document is read differently.
public indirect enum PlainJSON: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([PlainJSON])
    case object([String: PlainJSON])

    /// The document in `data`, or `nil` when it is not valid JSON or leaves the plain subset.
    public init?(_ data: Data) {
        let parsed: PlainJSON? = data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = reader.value() else { return nil }
            reader.skipSpace()
            return reader.index == reader.bytes.count ? value : nil
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// The member `key` of an object.
    public subscript(key: String) -> PlainJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var integer: Int? {
        if case .integer(let number) = self { return number }
        return nil
    }

    public var array: [PlainJSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    fileprivate struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value() -> PlainJSON? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(PlainJSON.string)
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return integer()
            }
        }

        mutating func literal(_ word: StaticString, _ value: PlainJSON) -> PlainJSON? {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
            index += count
            return value
        }

        /// A whole number; a fraction or an exponent leaves the plain subset.
        mutating func integer() -> PlainJSON? {
            var negative = false
            if bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            let start = index
            var magnitude = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[index] - 0x30))
                guard !overflow1, !overflow2 else { return nil }
                magnitude = sum
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits == 1 || bytes[start] != 0x30 else { return nil }
            if index < bytes.count,
               bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                return nil
            }
            return .integer(negative ? -magnitude : magnitude)
        }

        /// A string without escapes (a backslash leaves the plain subset), valid UTF-8.
        mutating func string() -> String? {
            index += 1
            let start = index
            var ascii = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    return ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                if byte >= 0x80 { ascii = false }
                index += 1
            }
            return nil
        }

        mutating func array() -> PlainJSON? {
            var items: [PlainJSON] = []
            let read = elements { reader in
                guard let item = reader.value() else { return false }
                items.append(item)
                return true
            }
            return read ? .array(items) : nil
        }

        /// Reads an array, calling `element` to read each item (or to answer false and give up).
        mutating func elements(_ element: (inout Self) -> Bool) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return false }
            index += 1
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { return false }
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return true
            }
            while true {
                guard element(&self) else { return false }
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return true
                } else {
                    return false
                }
            }
        }

        /// An object; a repeated key leaves the plain subset.
        mutating func object() -> PlainJSON? {
            index += 1
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { return nil }
            var members: [String: PlainJSON] = [:]
            members.reserveCapacity(8)
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let member = value(), members.updateValue(member, forKey: key) == nil else { return nil }
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                } else {
                    return nil
                }
            }
        }
    }
}

// MARK: - Room lists read straight from the bytes

extension PlainJSON.Reader {
    /// The next string's bytes (without escapes) and the index after it; nil outside the subset.
    mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    mutating func stringValue() -> String? {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        return string()
    }

    mutating func integerValue() -> Int? {
        skipSpace()
        guard index < bytes.count, case .integer(let number)? = integer() else { return nil }
        return number
    }

    /// Reads an object, calling `member` with each key's bytes; `member` reads the value (or
    /// answers false to give up). A repeated key leaves the plain subset, as in `object()`.
    mutating func members(_ member: (UnsafeBufferPointer<UInt8>, inout Self) -> Bool) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        index += 1
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { return false }
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return true
        }
        var seen: [UnsafeBufferPointer<UInt8>] = []
        while true {
            guard let key = rawString() else { return false }
            // Keys are few per object: a linear check is cheaper than hashing them.
            guard !seen.contains(where: { $0.elementsEqual(key) }) else { return false }
            seen.append(key)
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            guard member(key, &self) else { return false }
            skipSpace()
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return true
            } else {
                return false
            }
        }
    }

    /// A value this reader does not need, read (and checked) and dropped.
    mutating func skipValue() -> Bool { value() != nil }

    /// A room as `UnitList`'s `units` hold it; unknown members are read and ignored, as
    /// JSONDecoder ignores them.
    mutating func roomUnit() -> RoomUnit? {
        var id: String?, number: String?, typeID: String?, typeName: String?, occupancy: String?
        var status: String?, updated: String?, floor: Int?, version: Int?
        let read = members { key, reader in
            switch Key(key) {
            case .id: id = reader.stringValue(); return id != nil
            case .number: number = reader.stringValue(); return number != nil
            case .floor: floor = reader.integerValue(); return floor != nil
            case .occupancy: occupancy = reader.stringValue(); return occupancy != nil
            case .housekeepingStatus: status = reader.stringValue(); return status != nil
            case .housekeepingVersion: version = reader.integerValue(); return version != nil
            case .housekeepingUpdatedAt: updated = reader.stringValue(); return updated != nil
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
              let version, let updated, let updatedAt = Instant(rfc3339: updated) else { return nil }
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

/// A value that can be read from JSON bytes without a tree (the large answers: a room list,
/// Today), alone or inside an envelope object whose member `valueKey` holds it (a saved answer;
/// its other members as `PlainJSON`). nil outside the plain subset or when a member is missing or
/// of another type: the caller then decodes with JSONDecoder, which explains what is wrong.
public protocol PlainEnvelopeReadable {
    init?(plainJSON data: Data)
    static func plainEnvelope(_ data: Data, valueKey: String) -> (value: Self, others: [String: PlainJSON])?
}

extension PlainJSON {
    /// `read` over the whole of `data`: nil when it gives up or anything but space follows.
    fileprivate static func whole<Result>(_ data: Data, _ read: (inout Reader) -> Result?) -> Result? {
        data.withUnsafeBytes { raw -> Result? in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            guard let result = read(&reader) else { return nil }
            reader.skipSpace()
            return reader.index == reader.bytes.count ? result : nil
        }
    }

    /// A JSON object whose member `valueKey` `read` reads; its other members as `PlainJSON`.
    fileprivate static func envelope<Value>(_ data: Data, valueKey: String, _ read: (inout Reader) -> Value?)
        -> (value: Value, others: [String: PlainJSON])? {
        whole(data) { reader in
            var value: Value?
            var others: [String: PlainJSON] = [:]
            let complete = reader.members { key, reader in
                let name = String(decoding: key, as: UTF8.self)
                if name == valueKey {
                    value = read(&reader)
                    return value != nil
                }
                guard let other = reader.value() else { return false }
                others[name] = other
                return true
            }
            guard complete, let value else { return nil }
            return (value, others)
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

// MARK: - Today read straight from the bytes

extension TodayOverview: PlainEnvelopeReadable {
    /// Today as `init(from:)` reads it, from the bytes (thousands of stays at a 2,000-room hotel:
    /// JSONDecoder was most of Today's first frame).
    public init?(plainJSON data: Data) {
        guard let today = PlainJSON.whole(data, { $0.todayOverview() }) else { return nil }
        self = today
    }

    public static func plainEnvelope(_ data: Data, valueKey: String) -> (value: TodayOverview, others: [String: PlainJSON])? {
        PlainJSON.envelope(data, valueKey: valueKey) { $0.todayOverview() }
    }
}

extension PlainJSON.Reader {
    /// Consumes a `null` if one comes next.
    mutating func null() -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "n") else { return false }
        return literal("null", .null) != nil
    }

    /// An object of exactly the strings `id` and a second member (`code`, `number`, `name`);
    /// unknown members are read and ignored.
    mutating func reference(_ second: TodayKey) -> (id: String, other: String)? {
        var id: String?, other: String?
        let read = members { key, reader in
            let name = TodayKey(key)
            if name == .id { id = reader.stringValue(); return id != nil }
            if name == second { other = reader.stringValue(); return other != nil }
            return reader.skipValue()
        }
        guard read, let id, let other else { return nil }
        return (id, other)
    }

    mutating func staySummary() -> StaySummary? {
        var reservation: (id: String, other: String)?, unit: (id: String, other: String)?, type: (id: String, other: String)?
        var stayID: String?, guest: String?, checkIn: BusinessDate?, checkOut: BusinessDate?, status: String?
        var unitStatus: String?, balance: Int?, currency: String?
        let read = members { key, reader in
            switch TodayKey(key) {
            case .reservation: reservation = reader.reference(.code); return reservation != nil
            case .stayID: stayID = reader.stringValue(); return stayID != nil
            case .guestName: guest = reader.stringValue(); return guest != nil
            case .unit:
                if reader.null() { return true }
                unit = reader.reference(.number); return unit != nil
            case .roomType: type = reader.reference(.name); return type != nil
            case .checkInDate: checkIn = reader.stringValue().flatMap(BusinessDate.init); return checkIn != nil
            case .checkOutDate: checkOut = reader.stringValue().flatMap(BusinessDate.init); return checkOut != nil
            case .status: status = reader.stringValue(); return status != nil
            case .unitStatus:
                if reader.null() { return true }
                unitStatus = reader.stringValue(); return unitStatus != nil
            case .balanceMinor:
                if reader.null() { return true }
                balance = reader.integerValue(); return balance != nil
            case .currency:
                if reader.null() { return true }
                currency = reader.stringValue(); return currency != nil
            default: return reader.skipValue()
            }
        }
        guard read, let reservation, let stayID, let guest, let type, let checkIn, let checkOut, let status else { return nil }
        return StaySummary(reservation: ReservationRef(id: ReservationID(rawValue: reservation.id), code: reservation.other),
                           stayID: StayID(rawValue: stayID), guestName: guest,
                           unit: unit.map { UnitRef(id: UnitID(rawValue: $0.id), number: $0.other) },
                           roomType: RoomTypeRef(id: RoomTypeID(rawValue: type.id), name: type.other),
                           checkInDate: checkIn, checkOutDate: checkOut, status: StayStatus(rawValue: status),
                           unitStatus: unitStatus.map(HousekeepingStatus.init(rawValue:)), balanceMinor: balance,
                           currency: currency)
    }

    mutating func staySummaries() -> [StaySummary]? {
        var stays: [StaySummary] = []
        let read = elements { reader in
            guard let stay = reader.staySummary() else { return false }
            stays.append(stay)
            return true
        }
        return read ? stays : nil
    }

    mutating func todayOverview() -> TodayOverview? {
        var date: BusinessDate?, zone: String?
        var arrivals: [StaySummary]?, departures: [StaySummary]?, inHouse: [StaySummary]?
        let read = members { key, reader in
            switch TodayKey(key) {
            case .businessDate: date = reader.stringValue().flatMap(BusinessDate.init); return date != nil
            case .timeZone: zone = reader.stringValue(); return zone != nil
            case .arrivals: arrivals = reader.staySummaries(); return arrivals != nil
            case .departures: departures = reader.staySummaries(); return departures != nil
            case .inHouse: inHouse = reader.staySummaries(); return inHouse != nil
            default: return reader.skipValue()
            }
        }
        guard read, let date, let zone, let arrivals, let departures, let inHouse else { return nil }
        return TodayOverview(businessDate: date, timeZone: zone, arrivals: arrivals, departures: departures, inHouse: inHouse)
    }

    /// The member names Today uses, matched on the bytes.
    enum TodayKey: Equatable {
        case id, code, number, name, reservation, stayID, guestName, unit, roomType, checkInDate, checkOutDate
        case status, unitStatus, balanceMinor, currency, businessDate, timeZone, arrivals, departures, inHouse, other

        init(_ key: UnsafeBufferPointer<UInt8>) {
            func is_(_ name: StaticString) -> Bool {
                key.count == name.utf8CodeUnitCount && memcmp(key.baseAddress!, name.utf8Start, key.count) == 0
            }
            switch key.count {
            case 2 where is_("id"): self = .id
            case 4 where is_("code"): self = .code
            case 4 where is_("name"): self = .name
            case 4 where is_("unit"): self = .unit
            case 6 where is_("number"): self = .number
            case 6 where is_("status"): self = .status
            case 7 where is_("stay_id"): self = .stayID
            case 8 where is_("currency"): self = .currency
            case 8 where is_("arrivals"): self = .arrivals
            case 8 where is_("in_house"): self = .inHouse
            case 9 where is_("room_type"): self = .roomType
            case 9 where is_("time_zone"): self = .timeZone
            case 10 where is_("guest_name"): self = .guestName
            case 10 where is_("departures"): self = .departures
            case 11 where is_("reservation"): self = .reservation
            case 13 where is_("check_in_date"): self = .checkInDate
            case 13 where is_("balance_minor"): self = .balanceMinor
            case 13 where is_("business_date"): self = .businessDate
            case 14 where is_("check_out_date"): self = .checkOutDate
            case 24 where is_("unit_housekeeping_status"): self = .unitStatus
            default: self = .other
            }
        }
    }
}
