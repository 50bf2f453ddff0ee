import Foundation
import JSONBytes

// Room lists read straight from the bytes, by the app's one JSON reader (JSONBytes) in the plain
// grammar; what it keeps from room to room is `RoomReading` (PlainJSON.swift).

extension JSONReader {
    /// A room as `UnitList`'s `units` hold it; unknown members are read and ignored, as
    /// JSONDecoder ignores them. A room laid out as the one before it (the same bytes between its
    /// values) is read by that layout; any other by its members, which then become the layout.
    mutating func roomUnit(_ state: inout RoomReading) -> RoomUnit? {
        if let layout = state.layout, let unit = roomUnit(laidOutAs: layout, &state) { return unit }
        return roomUnitByMembers(&state)
    }

    /// A room read member by member, its layout kept for the rooms after it.
    mutating func roomUnitByMembers(_ state: inout RoomReading) -> RoomUnit? {
        var values = RoomValues()
        var keys = KeysSeen()
        var layout = RoomLayout.Builder(start: index)
        /// Reads the value of `slot`, noting where it was for the layout.
        func read(_ slot: RoomLayout.Slot, _ reader: inout Self) -> Bool {
            let start = reader.index
            defer { layout.add(slot, from: start, to: reader.index) }
            return reader.readValue(slot, into: &values, &state)
        }
        let complete = membersCheckedByCaller { bytes, reader in
            let key = Key(bytes)
            guard keys.isNew(key, bytes) else { return false }
            if let slot = RoomLayout.Slot(key) { return read(slot, &reader) }
            guard key == .roomType else { return reader.skipValue() }
            var typeKeys = KeysSeen()
            return reader.membersCheckedByCaller { bytes, reader in
                let key = Key(bytes)
                guard typeKeys.isNew(key, bytes) else { return false }
                switch key {
                case .id: return read(.typeID, &reader)
                case .name: return read(.typeName, &reader)
                default: return reader.skipValue()
                }
            }
        }
        guard complete, let unit = values.unit else { return nil }
        state.layout = layout.finish(at: index, in: bytes)
        return unit
    }

    /// A room whose bytes between values are `layout`'s, each value read as its member would be;
    /// nil (the index where it was) at the first difference. The bytes between the values — the
    /// braces, keys, spaces and any members nobody reads — are the same as those of a room
    /// already read and checked member by member, so they are checked by comparing them (#18: a
    /// saved list's keys cost more than its values).
    mutating func roomUnit(laidOutAs layout: RoomLayout, _ state: inout RoomReading) -> RoomUnit? {
        let start = index
        var values = RoomValues()
        for (literal, slot) in layout.steps {
            guard skip(literal), readValue(slot, into: &values, &state) else {
                index = start
                return nil
            }
        }
        guard skip(layout.end), let unit = values.unit else {
            index = start
            return nil
        }
        return unit
    }

    /// Reads the value of `slot` at the index into `values`; false when it is not one.
    private mutating func readValue(_ slot: RoomLayout.Slot, into values: inout RoomValues,
                                    _ state: inout RoomReading) -> Bool {
        switch slot {
        case .id: values.id = stringValue(); return values.id != nil
        case .number: values.number = stringValue(); return values.number != nil
        case .floor: values.floor = integerValue(); return values.floor != nil
        case .occupancy: values.occupancy = openValue(&state.recentOccupancies); return values.occupancy != nil
        case .status: values.status = openValue(&state.recentStatuses); return values.status != nil
        case .version: values.version = integerValue(); return values.version != nil
        case .updatedAt: values.updatedAt = instantValue(); return values.updatedAt != nil
        case .typeID: values.typeID = recentString(&state.recentStrings); return values.typeID != nil
        case .typeName: values.typeName = recentString(&state.recentStrings); return values.typeName != nil
        case .block: return blockValue(into: &values.block)
        }
    }

    /// A room's `block`: `null` (none runs) or the block's object, read as `UnitBlock` decodes it
    /// (every member there and of its type); false for anything else. Few rooms have one, so its
    /// members are read as a tree.
    private mutating func blockValue(into block: inout UnitBlock?) -> Bool {
        switch value() {
        case .null?:
            block = nil
            return true
        case .object(let members)?:
            guard let id = members["id"]?.string, let kind = members["kind"]?.string,
                  let from = members["from"]?.string.flatMap(BusinessDate.init),
                  let to = members["to"]?.string.flatMap(BusinessDate.init),
                  let reason = members["reason"]?.string else { return false }
            block = UnitBlock(id: BlockID(rawValue: id), kind: BlockKind(rawValue: kind), from: from, to: to,
                              reason: reason)
            return true
        default:
            return false
        }
    }

    /// A room's values as they are read; `unit` once every one is there.
    struct RoomValues {
        var id: String?, number: String?, typeID: String?, typeName: String?, occupancy: Occupancy?
        var status: HousekeepingStatus?, updatedAt: Instant?, floor: Int?, version: Int?
        var block: UnitBlock?

        var unit: RoomUnit? {
            guard let id, let number, let typeID, let typeName, let floor, let occupancy, let status, let version,
                  let updatedAt else { return nil }
            return RoomUnit(id: UnitID(rawValue: id), number: number,
                            roomType: RoomTypeRef(id: RoomTypeID(rawValue: typeID), name: typeName),
                            floor: floor, occupancy: occupancy, housekeepingStatus: status,
                            housekeepingVersion: version, housekeepingUpdatedAt: updatedAt, block: block)
        }
    }

    /// Moves past `literal` when the bytes at the index are its bytes.
    private mutating func skip(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        guard literal.count <= bytes.count - index else { return false }
        guard literal.count == 0 || memcmp(bytes.baseAddress! + index, literal.baseAddress!, literal.count) == 0 else {
            return false
        }
        index += literal.count
        return true
    }

    /// The next value of an open vocabulary (an occupancy, a status), made once for equal bytes.
    mutating func openValue<Value: OpenEnumeration>(_ recent: inout RecentValues<Value>) -> Value? {
        rawString().flatMap { raw in recent.value(raw, make: Self.openValue) }
    }

    /// From the bytes: an instant is ASCII, so no String is made for it.
    mutating func instantValue() -> Instant? {
        rawString().flatMap { Instant(rfc3339: $0) }
    }

    /// The value of an open vocabulary whose wire string is `raw`: a known case when one has
    /// these bytes, else `unknown`, as `init(rawValue:)` makes it.
    static func openValue<Value: OpenEnumeration>(_ raw: UnsafeBufferPointer<UInt8>) -> Value? {
        for known in Value.knownCases {
            var rawValue = known.rawValue
            let same = rawValue.withUTF8 { JSONReader.same($0, raw) }
            if same { return known }
        }
        return Value(unknownValue: String(decoding: raw, as: UTF8.self))
    }

    /// A string value the document repeats (a room's type), made once for equal bytes.
    mutating func recentString(_ recent: inout RecentValues<String>) -> String? {
        guard let raw = rawString() else { return nil }
        return recent.value(raw) { String(decoding: $0, as: UTF8.self) }
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
        if let units = roomUnitsInHalves() { return units }
        var units: [RoomUnit] = []
        units.reserveCapacity(min(bytes.count / 160, 10_000))
        var state = RoomReading()
        let read = elements { reader in
            guard let unit = reader.roomUnit(&state) else { return false }
            units.append(unit)
            return true
        }
        return read ? units : nil
    }

    /// A room list of at least this many bytes is read in two halves side by side.
    static let halvesFrom = 64 * 1024

    /// A long room list read in two halves on two threads (#18: the saved list is the longest
    /// step to the first frame, and the other core waits meanwhile). The second half starts after
    /// the first `}` `,` `{` past the middle (`boundary`); that is one between two rooms only if the first
    /// half, read room by room from the start, ends exactly there — otherwise (the bytes were
    /// inside a room's text) nil, and the list is read in one piece as before.
    mutating func roomUnitsInHalves() -> [RoomUnit]? {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "["), bytes.count - index >= Self.halvesFrom,
              depth + 1 <= Self.maxDepth else { return nil }
        let middle = index + (bytes.count - index) / 2
        guard let comma = Self.boundary(in: bytes, from: middle) else { return nil }
        let first = RoomsHalf(reader: self)
        var secondReader = self
        secondReader.index = comma + 1
        secondReader.depth = depth + 1
        let second = RoomsHalf(reader: secondReader)
        // The second half on a thread of its own, which has the caller's priority (a pool thread
        // may have another, #18), the first here.
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            second.readToEnd()
            done.signal()
        }
        thread.start()
        first.readUntil(comma)
        done.wait()
        guard var head = first.units, let tail = second.units else { return nil }
        index = second.reader.index
        // The first half's array has room for the whole list: the second is appended to it, not
        // both copied into a third (#18: 240 KB of fresh pages at the start).
        head.append(contentsOf: tail)
        return head
    }

    /// The rooms from `[` up to the comma at `comma` (nil unless a room ends exactly there), in
    /// an array with room for the rest of the list too.
    mutating func roomsUntil(_ comma: Int) -> [RoomUnit]? {
        index += 1
        depth += 1
        defer { depth -= 1 }
        var units: [RoomUnit] = []
        units.reserveCapacity(min((bytes.count - index) / 160, 20_000))
        var state = RoomReading()
        while true {
            skipSpace()
            guard let unit = roomUnit(&state) else { return nil }
            units.append(unit)
            skipSpace()
            guard index <= comma, index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            if index == comma { return units }
            index += 1
        }
    }

    /// The rooms from one's `{` to the end of the list (`]`), the index after it.
    mutating func roomsToEnd() -> [RoomUnit]? {
        var units: [RoomUnit] = []
        units.reserveCapacity(min((bytes.count - index) / 160, 10_000))
        var state = RoomReading()
        let read = restOfElements { reader in
            guard let unit = reader.roomUnit(&state) else { return false }
            units.append(unit)
            return true
        }
        guard read else { return nil }
        depth -= 1
        return units
    }

    /// The first comma at or after `start` that reads as one between two objects (`}`, space,
    /// `,`, space, `{`), or nil.
    static func boundary(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var at = start
        while at < bytes.count {
            guard let found = memchr(base + at, Int32(UInt8(ascii: "}")), bytes.count - at) else { return nil }
            var next = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            at = next
            while next < bytes.count, isSpace(bytes[next]) { next += 1 }
            guard next < bytes.count, bytes[next] == UInt8(ascii: ",") else { continue }
            let comma = next
            next += 1
            while next < bytes.count, isSpace(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "{") { return comma }
        }
        return nil
    }

    /// Where a room's values are among its bytes: the bytes before each value (from the room's
    /// start), which value it is, and the bytes after the last one to the room's end (`end`).
    /// Slices of the document being read.
    struct RoomLayout {
        enum Slot {
            case id, number, floor, occupancy, status, version, updatedAt, typeID, typeName, block

            init?(_ key: Key) {
                switch key {
                case .id: self = .id
                case .number: self = .number
                case .floor: self = .floor
                case .occupancy: self = .occupancy
                case .housekeepingStatus: self = .status
                case .housekeepingVersion: self = .version
                case .housekeepingUpdatedAt: self = .updatedAt
                case .block: self = .block
                case .name, .roomType, .businessDate, .units, .other: return nil
                }
            }
        }

        /// Each value's bytes before it and which value it is, in order.
        let steps: ContiguousArray<(literal: UnsafeBufferPointer<UInt8>, slot: Slot)>
        let end: UnsafeBufferPointer<UInt8>

        var slots: [Slot] { steps.map { $0.slot } }

        /// A layout noted while a room is read member by member: each value's start and end.
        struct Builder {
            private var last: Int
            private var literals: [Range<Int>] = []
            private var slots: [Slot] = []

            init(start: Int) {
                last = start
                literals.reserveCapacity(9)
                slots.reserveCapacity(9)
            }

            mutating func add(_ slot: Slot, from start: Int, to end: Int) {
                literals.append(last..<start)
                slots.append(slot)
                last = end
            }

            func finish(at end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> RoomLayout {
                RoomLayout(steps: ContiguousArray(zip(literals, slots).map { (UnsafeBufferPointer(rebasing: bytes[$0]), $1) }),
                           end: UnsafeBufferPointer(rebasing: bytes[last..<end]))
            }
        }
    }

    /// The keys of one object seen so far: a bit for each known one, the bytes of the others
    /// (a repeated key leaves the plain subset, as in `members`).
    struct KeysSeen {
        private var known: UInt16 = 0
        private var others: [UnsafeBufferPointer<UInt8>] = []

        mutating func isNew(_ key: Key, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard key == .other else {
                let bit = UInt16(1) << key.rawValue
                defer { known |= bit }
                return known & bit == 0
            }
            for seen in others where JSONReader.same(seen, bytes) { return false }
            others.append(bytes)
            return true
        }
    }

    /// The member names a room list uses, matched on the bytes (no String is made for a key).
    enum Key: Int {
        case id, number, name, floor, occupancy, roomType, housekeepingStatus, housekeepingVersion
        case housekeepingUpdatedAt, businessDate, units, block, other

        init(_ key: UnsafeBufferPointer<UInt8>) {
            func is_(_ name: StaticString) -> Bool {
                JSONReader.same(key, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            }
            switch key.count {
            case 2 where is_("id"): self = .id
            case 4 where is_("name"): self = .name
            case 5 where is_("floor"): self = .floor
            case 5 where is_("units"): self = .units
            case 5 where is_("block"): self = .block
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

/// One half of a room list and the reader that read it; each half is read on its own thread and
/// only looked at after both are done (the second's thread signals when it is).
private final class RoomsHalf: @unchecked Sendable {
    var reader: JSONReader
    var units: [RoomUnit]?

    init(reader: JSONReader) { self.reader = reader }

    func readUntil(_ comma: Int) { units = reader.roomsUntil(comma) }
    func readToEnd() { units = reader.roomsToEnd() }
}

extension UnitList: PlainEnvelopeReadable {
    /// A room list read straight from JSON bytes, without a tree (no dictionary or key string
    /// per room: a quarter of what reading a `PlainJSON` tree cost).
    public init?(plainJSON data: Data) {
        guard let list = PlainReading.whole(data, { $0.unitList() }) else { return nil }
        self = list
    }

    public static func plainEnvelope(_ data: Data, valueKey: String) -> (value: UnitList, others: [String: PlainJSON])? {
        PlainReading.envelope(data, valueKey: valueKey) { $0.unitList() }
    }
}

extension UnitList {
    /// The head a saved room list carries before its value — `{"etag":…,"head":{"count":N,
    /// "number_width":W,"value":{…the first rooms…}},"value":…}` — read from the body's first
    /// bytes alone (#18: the first frame is drawn from it while the whole list is read): the
    /// list's count, the columns its widest number takes (0 when not said) and its first rooms in
    /// the order they are shown. nil when the body has no head before its value, the bytes end
    /// inside it, or it has more rooms than its count.
    public static func plainSavedHead(_ prefix: Data) -> (count: Int, numberWidth: Int, first: UnitList)? {
        prefix.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self), grammar: .plain)
            return reader.savedHead { $0.headMembers() }
        }
    }
}

extension UnitList {
    /// The head `plainSavedHead` reads, written from the first rooms' JSON (`firstJSON`, a
    /// `UnitList` encoded with its slashes unescaped: the head is read straight from its bytes).
    public static func savedHeadJSON(count: Int, numberWidth: Int, firstJSON: Data) -> Data {
        Data(#"{"count":\#(count),"number_width":\#(numberWidth),"value":"#.utf8) + firstJSON + Data("}".utf8)
    }
}

extension JSONReader {
    /// The members of the envelope up to its `head`, that member read by `head` (a room list's,
    /// Today's, #34); nil at its `value` first.
    mutating func savedHead<Head>(_ head: (inout JSONReader) -> Head?) -> Head? {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        depth += 1
        while true {
            skipSpace()
            guard let key = rawString() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            switch String(decoding: key, as: UTF8.self) {
            case PlainReading.savedHeadKey: return head(&self)
            case "value": return nil
            default: guard skipEnvelopeMember() else { return nil }
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    /// Skips a member before the head: the ETag, a string whose escapes (`W/\"…\"`) the plain
    /// subset leaves out, passed over to its closing quote; anything else as a plain value.
    private mutating func skipEnvelopeMember() -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return skipValue() }
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return true
            case 0x00..<0x20: return false
            default: index += 1
            }
        }
        return false
    }

    fileprivate mutating func headMembers() -> (count: Int, numberWidth: Int, first: UnitList)? {
        var count: Int?
        var numberWidth = 0
        var first: UnitList?
        let read = members { key, reader in
            switch String(decoding: key, as: UTF8.self) {
            case "count":
                count = reader.integerValue()
                return count != nil
            case "number_width":
                guard let width = reader.integerValue() else { return false }
                numberWidth = width
                return true
            case "value":
                first = reader.unitList()
                return first != nil
            default:
                return reader.skipValue()
            }
        }
        guard read, let count, let first, count >= first.units.count else { return nil }
        return (count, numberWidth, first)
    }
}
