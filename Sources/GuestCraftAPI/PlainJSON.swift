import Foundation

/// A JSON document read without Codable, for the one large answer the app reads before its first
/// frame (a saved `units.list`): JSONDecoder spends about 70,000 instructions a room on it, this
/// reader a tenth of that. It reads only the plain subset our own JSONEncoder writes for such
/// answers (strings without escapes, whole numbers); anything else answers `nil` and the caller
/// decodes with JSONDecoder as before, so no document is read differently.
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

    private struct Reader {
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
            index += 1
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { return nil }
            var items: [PlainJSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                guard let item = value() else { return nil }
                items.append(item)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                } else {
                    return nil
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

extension UnitList {
    /// The list in a plain JSON tree, or `nil` when a member is missing or of another type (the
    /// caller then decodes with JSONDecoder, which explains what is wrong).
    public init?(plain json: PlainJSON) {
        guard let dateText = json["business_date"]?.string, let businessDate = BusinessDate(dateText),
              let items = json["units"]?.array else { return nil }
        var units: [RoomUnit] = []
        units.reserveCapacity(items.count)
        for item in items {
            guard let id = item["id"]?.string, let number = item["number"]?.string,
                  let typeID = item["room_type"]?["id"]?.string, let typeName = item["room_type"]?["name"]?.string,
                  let floor = item["floor"]?.integer, let occupancy = item["occupancy"]?.string,
                  let status = item["housekeeping_status"]?.string, let version = item["housekeeping_version"]?.integer,
                  let updatedText = item["housekeeping_updated_at"]?.string, let updatedAt = Instant(rfc3339: updatedText)
            else { return nil }
            units.append(RoomUnit(id: UnitID(rawValue: id), number: number,
                                  roomType: RoomTypeRef(id: RoomTypeID(rawValue: typeID), name: typeName),
                                  floor: floor, occupancy: Occupancy(rawValue: occupancy),
                                  housekeepingStatus: HousekeepingStatus(rawValue: status),
                                  housekeepingVersion: version, housekeepingUpdatedAt: updatedAt))
        }
        self.init(businessDate: businessDate, units: units)
    }
}
