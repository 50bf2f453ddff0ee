import Foundation
import Testing
@testable import SodiumCrypto

@Suite struct EncodingTests {
    /// RFC 4648 §10 vectors, in the URL alphabet without padding.
    @Test(arguments: [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"),
                      ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")])
    func base64URLVectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func base64URLUsesTheURLAlphabet() {
        let bytes: [UInt8] = [0xfb, 0xff, 0xbf]
        #expect(Base64URL.encode(bytes) == "-_-_")
        #expect(Base64URL.decode("-_-_") == bytes)
    }

    @Test func base64URLRefusesPaddingAndForeignCharacters() {
        #expect(Base64URL.decode("Zg==") == nil)
        #expect(Base64URL.decode("+/+/") == nil)
        #expect(Base64URL.decode("Zm9v!") == nil)
    }

    @Test func hexRoundTrip() {
        let bytes: [UInt8] = [0x00, 0x01, 0xab, 0xff]
        #expect(Hex.encode(bytes) == "0001abff")
        #expect(Hex.decode("0001ABff") == bytes)
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("zz") == nil)
    }

    @Test func randomBytesHaveTheLengthAskedAndDiffer() {
        let a = SecureRandom.bytes(16)
        let b = SecureRandom.bytes(16)
        #expect(a.count == 16)
        #expect(a != b)
        #expect(SecureRandom.bytes(0).isEmpty)
        #expect(SecureRandom.token(byteCount: 32).count == 43)
    }

    @Test func randomBytesAreSafeFromManyThreadsAtFirstUse() async {
        let keys = await withTaskGroup(of: String.self) { group in
            for _ in 0..<32 { group.addTask { SecureRandom.token(byteCount: 16) } }
            var all = Set<String>()
            for await key in group { all.insert(key) }
            return all
        }
        #expect(keys.count == 32)
    }

    @Test func constantTimeEquality() {
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2], [1, 2, 3]))
        #expect(ConstantTime.equal([], []))
    }
}
