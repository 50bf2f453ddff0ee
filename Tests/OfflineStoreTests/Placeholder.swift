import Testing
@testable import OfflineStore

@Test func moduleLinks() { #expect(Bool(true)) }
