import Foundation
import JSONBytes

/// A JSON document in the plain subset our own JSONEncoder writes (strings without escapes, whole
/// numbers, no repeated keys: `JSONGrammar.plain`), read by the app's one JSON reader (JSONBytes)
/// for the answers and files it reads before its first frame: JSONDecoder spends about 70,000
/// instructions a room on a saved `units.list`. Anything else answers `nil` and the caller decodes
/// with JSONDecoder, so no document is read differently.
public typealias PlainJSON = JSONDocument

extension JSONDocument {
    /// The document in `data`, or `nil` when it is not valid JSON or leaves the plain subset.
    public init?(_ data: Data) {
        self.init(data, grammar: .plain)
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

/// The plain readers of this module's answers, over `JSONReader` in the plain grammar.
enum PlainReading {
    /// `read` over the whole of `data`: nil when it gives up or anything but space follows.
    static func whole<Result>(_ data: Data, _ read: (inout JSONReader) -> Result?) -> Result? {
        data.withUnsafeBytes { raw in JSONReader.whole(raw.bindMemory(to: UInt8.self), grammar: .plain, read) }
    }

    /// The envelope member a saved answer's head is in (`UnitList.plainSavedHead`).
    static let savedHeadKey = "head"

    /// A JSON object whose member `valueKey` `read` reads; its other members as `PlainJSON`.
    static func envelope<Value>(_ data: Data, valueKey: String, _ read: (inout JSONReader) -> Value?)
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
                // A saved list's head (its first rooms again, `UnitList.plainSavedHead`) is read
                // and dropped: read whole, the list is read from its value.
                if name == savedHeadKey { return reader.skipValue() }
                guard let other = reader.value() else { return false }
                others[name] = other
                return true
            }
            guard complete, let value else { return nil }
            return (value, others)
        }
    }
}

extension UnitList {
    /// The envelope member a saved answer's head is in (`plainSavedHead`).
    public static var savedHeadKey: String { PlainReading.savedHeadKey }
}

/// What the room reader (PlainJSON+Rooms.swift) keeps from one room to the next (#18): the values a room list repeats
/// room after room (its room types, statuses, occupancies), each made once from its bytes, and
/// the layout of the last room read member by member.
struct RoomReading {
    var recentStrings = RecentValues<String>()
    var recentOccupancies = RecentValues<Occupancy>()
    var recentStatuses = RecentValues<HousekeepingStatus>()
    var layout: JSONReader.RoomLayout?
}

/// The last few values read from equal bytes, so a value a document repeats is made once: a
/// `memcmp` of a few bytes against a String built and an open vocabulary matched (#18).
struct RecentValues<Value> {
    private var entries: [(bytes: UnsafeBufferPointer<UInt8>, value: Value)] = []
    private var next = 0
    private static var capacity: Int { 8 }

    /// The value of `bytes`: one made before from equal bytes, or `make`'s (kept; nil is not).
    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) -> Value?) -> Value? {
        for entry in entries where JSONReader.same(entry.bytes, bytes) {
            return entry.value
        }
        guard let value = make(bytes) else { return nil }
        if entries.count < Self.capacity {
            entries.append((bytes, value))
        } else {
            entries[next] = (bytes, value)
            next = (next + 1) % Self.capacity
        }
        return value
    }
}
