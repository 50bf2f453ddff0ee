import Testing
@testable import HTTPClient

@Test func moduleLinks() { #expect(Bool(true)) }
