import Foundation
import FuzzChecks
import GuestCraftAPI
import Testing

/// The differential check catches a reader that disagrees with JSONDecoder: fed a deliberately
/// wrong reader (or decoder), it reports; fed the real ones, it does not.
@Suite struct DifferentialCheckTests {
    static let document = Data(#"{"floor":3,"number":"301","tags":["a","b"],"ok":true,"note":null}"#.utf8)

    @Test func theRealReadersAgree() {
        #expect(JSONChecks.plainJSON(Self.document).isEmpty)
        #expect(PlainJSON(Self.document) != nil, "the document is in the plain subset, so the check compared something")
    }

    @Test func aReaderThatChangesANumberIsCaught() {
        let wrong: (Data) -> PlainJSON? = { data in
            guard case .object(var members)? = PlainJSON(data) else { return nil }
            members["floor"] = .integer(4)
            return .object(members)
        }
        let problems = JSONChecks.plainJSON(Self.document, plainReader: wrong)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("where JSONDecoder read") == true, "\(problems)")
    }

    @Test func aReaderThatAcceptsWhatJSONDecoderRefusesIsCaught() {
        let lenient: (Data) -> PlainJSON? = { _ in .integer(1) }
        let problems = JSONChecks.plainJSON(Data("{\"a\":".utf8), plainReader: lenient)
        #expect(problems.first?.contains("JSONDecoder refuses") == true, "\(problems)")
    }

    @Test func aMutatedDecoderIsCaught() {
        let mutated: (Data) -> JSONValue? = { data in
            guard case .object(var members)? = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
            members["number"] = .string("302")
            return .object(members)
        }
        #expect(!JSONChecks.plainJSON(Self.document, decoder: mutated).isEmpty)
    }

    @Test func aRefusalIsAlwaysAllowed() {
        // A string escape leaves PlainJSON's subset: it refuses, JSONDecoder reads it; no report.
        let escaped = Data(#"{"number":"3\u00301"}"#.utf8)
        #expect(PlainJSON(escaped) == nil)
        #expect(JSONChecks.plainJSON(escaped).isEmpty)
        #expect(RefuseOrAgree.check(plain: nil as Int?, decoder: 5, reader: "x").isEmpty)
        #expect(!RefuseOrAgree.check(plain: 4, decoder: 5, reader: "x").isEmpty)
        #expect(!RefuseOrAgree.check(plain: 4, decoder: nil, reader: "x").isEmpty)
    }
}
