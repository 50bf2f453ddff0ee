import Foundation
import Testing
@testable import SodiumCrypto

@Suite struct SHA256Tests {
    @Test func knownVectorABC() {
        let digest = SHA256.hash("abc")
        #expect(digest.hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(digest.bytes.count == 32)
    }

    @Test func knownVectorEmpty() {
        #expect(SHA256.hash(Data()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func knownVectorTwoBlocks() {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(SHA256.hash(message).hex == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// RFC 7636 appendix B: the S256 challenge of the example verifier.
    @Test func pkceExampleFromRFC7636() {
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        #expect(SHA256.hash(verifier).base64URL == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func hashOfDataEqualsHashOfSameString() {
        #expect(SHA256.hash(Data("gcd_token".utf8)) == SHA256.hash("gcd_token"))
        #expect(SHA256.hash("a") != SHA256.hash("b"))
    }
}
