import Testing
@testable import SodiumCrypto

@Test func moduleLinks() { #expect(Bool(true)) }
