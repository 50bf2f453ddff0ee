import Foundation
import GuestCraftAPI
import JSONBytes
import OfflineStore

/// The app's JSON readers against JSONDecoder (the rule: `RefuseOrAgree`).
public enum JSONChecks {
    /// The one JSON reader (JSONBytes, #32) over `data` in both its grammars: each against
    /// JSONDecoder, and the plain one against the strict one (a document the plain grammar reads,
    /// the strict one reads to the same value).
    public static func reader(_ data: Data) -> [String] {
        var problems = plainJSON(data) + strictJSON(data)
        if let plain = JSONDocument(data, grammar: .plain) {
            let strict = JSONDocument(data, grammar: .strict)
            if strict != plain {
                problems.append("the plain grammar read \(RefuseOrAgree.clip(plain)) where the strict one read "
                                + (strict.map { RefuseOrAgree.clip($0) } ?? "nothing"))
            }
        }
        return problems
    }

    /// `PlainJSON(data)` (the plain grammar) against JSONDecoder's reading of the same bytes.
    /// `plainReader` and `decoder` are the readers compared (the tests hand in broken ones to see
    /// the check catch them).
    public static func plainJSON(_ data: Data,
                                 plainReader: (Data) -> PlainJSON? = { PlainJSON($0) },
                                 decoder: (Data) -> JSONValue? = { try? JSONDecoder().decode(JSONValue.self, from: $0) })
        -> [String] {
        let plain = plainReader(data)
        // JSONDecoder is asked only when the plain reader read something: a refusal is always allowed.
        guard let plain else { return [] }
        var problems = RefuseOrAgree.check(plain: JSONValue(plain), decoder: decoder(data), reader: "PlainJSON")
        // Its value encoded by JSONEncoder reads back the same (or leaves the subset: escapes).
        if problems.isEmpty, let again = try? APIJSON.encode(JSONValue(plain)), let back = PlainJSON(again), back != plain {
            problems.append("PlainJSON read its own value, encoded by JSONEncoder, as \(RefuseOrAgree.clip(back))")
        }
        return problems
    }

    /// `JSONDocument(data, grammar: .strict)` (the catalog's and the themes' reader) against
    /// JSONDecoder: a whole number against its `Int`, a number kept as a Double against its
    /// `Double` (`JSONValue.asDecoded`), numbers as numbers; the rest as `JSONValue` decodes it.
    public static func strictJSON(_ data: Data,
                                  strictReader: (Data) -> JSONDocument? = { JSONDocument($0, grammar: .strict) },
                                  decoder: (Data) -> (integers: JSONValue, doubles: JSONValue)? = JSONValue.decodedBothWays)
        -> [String] {
        guard let strict = strictReader(data) else { return [] }
        let read = JSONValue(strict)
        // Numbers compared as numbers: JSONDecoder reads `1.0` as the Int 1, and `1e-400` only so.
        var problems = RefuseOrAgree.check(plain: read.numbersAsNumbers,
                                           decoder: decoder(data).map { JSONValue.asDecoded($0, $1, for: strict).numbersAsNumbers },
                                           reader: "JSONDocument(grammar: .strict)")
        // Its value encoded by JSONEncoder reads back the same (or is refused: too deep); `1.0`
        // is written `1` and read back as an integer.
        if problems.isEmpty, let again = try? APIJSON.encode(read),
           let back = JSONDocument(again, grammar: .strict), JSONValue(back).numbersAsNumbers != read.numbersAsNumbers {
            problems.append("the strict grammar read its own value, encoded by JSONEncoder, as \(RefuseOrAgree.clip(back))")
        }
        return problems
    }

    /// A room list, Today, and each as a saved answer (`{"etag":…,"value":…}`), read from the bytes
    /// and by JSONDecoder; and the ETag the head of a saved answer gives against the whole.
    public static func rooms(_ data: Data) -> [String] {
        var problems: [String] = []
        let units = UnitList(plainJSON: data)
        if units != nil {
            problems += RefuseOrAgree.check(plain: units, decoder: try? JSONDecoder().decode(UnitList.self, from: data),
                                            reader: "UnitList(plainJSON:)")
        }
        let today = TodayOverview(plainJSON: data)
        if today != nil {
            problems += RefuseOrAgree.check(plain: today, decoder: try? JSONDecoder().decode(TodayOverview.self, from: data),
                                            reader: "TodayOverview(plainJSON:)")
        }
        if !problems.isEmpty {
            // What JSONDecoder said, to tell a reader's mistake from the decoder's.
            for type in [UnitList.self, TodayOverview.self] as [any Decodable.Type] {
                do { _ = try JSONDecoder().decode(type, from: data) } catch { problems.append("JSONDecoder (\(type)): \(error)") }
            }
        }
        problems += savedAnswer(data, as: UnitList.self)
        problems += savedAnswer(data, as: TodayOverview.self)
        problems += etagHead(data)
        return problems
    }

    /// `SavedAnswer.decode` (the plain envelope first, then JSONDecoder) against JSONDecoder alone.
    static func savedAnswer<Value: Codable & Equatable>(_ data: Data, as: Value.Type) -> [String] {
        guard let read = SavedAnswer<Value>.decode(data) else { return [] }
        let decoded = try? JSONDecoder().decode(SavedAnswer<Value>.self, from: data)
        return RefuseOrAgree.check(plain: Envelope(etag: read.etag, value: read.value),
                                   decoder: decoded.map { Envelope(etag: $0.etag, value: $0.value) },
                                   reader: "SavedAnswer<\(Value.self)>.decode")
    }

    struct Envelope<Value: Equatable>: Equatable {
        var etag: String?
        var value: Value
    }

    /// What `SavedAnswerETag.head` says of a body JSONDecoder reads as a saved answer is its ETag.
    static func etagHead(_ data: Data) -> [String] {
        let head = SavedAnswerETag.head(of: data)
        if head == .unreadable { return [] }
        guard let whole = try? JSONDecoder().decode(SavedAnswer<JSONValue>.self, from: data) else { return [] }
        switch head {
        case .etag(let etag) where whole.etag != etag:
            return ["SavedAnswerETag.head read the ETag \(etag), the whole body \(whole.etag ?? "none")"]
        case .none where whole.etag != nil:
            return ["SavedAnswerETag.head read no ETag, the whole body \(whole.etag ?? "")"]
        default:
            return []
        }
    }
}
