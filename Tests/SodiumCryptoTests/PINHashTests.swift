import Testing
@testable import SodiumCrypto

@Suite struct PINHashTests {
    @Test func hashVerifiesTheSamePinOnly() throws {
        let stored = try PINHash.hash(pin: "4711")
        #expect(stored.hasPrefix("$argon2id$"))
        #expect(PINHash.verify(pin: "4711", against: stored))
        #expect(!PINHash.verify(pin: "4712", against: stored))
        #expect(!PINHash.verify(pin: "", against: stored))
        #expect(!PINHash.needsRehash(stored))
    }

    @Test func twoHashesOfOnePinDifferBySalt() throws {
        let a = try PINHash.hash(pin: "1234")
        let b = try PINHash.hash(pin: "1234")
        #expect(a != b)
        #expect(PINHash.verify(pin: "1234", against: b))
    }

    @Test func malformedStoredHashNeverVerifies() {
        #expect(!PINHash.verify(pin: "1234", against: ""))
        #expect(!PINHash.verify(pin: "1234", against: "$argon2id$garbage"))
        #expect(!PINHash.verify(pin: "1234", against: String(repeating: "x", count: 500)))
    }
}
