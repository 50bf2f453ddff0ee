import Testing
@testable import AppCore

@Test func moduleLinks() { #expect(Bool(true)) }
