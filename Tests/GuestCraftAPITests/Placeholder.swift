import Testing
@testable import GuestCraftAPI

@Test func moduleLinks() { #expect(Bool(true)) }
