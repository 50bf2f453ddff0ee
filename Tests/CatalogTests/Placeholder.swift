import Testing
@testable import Catalog

@Test func moduleLinks() { #expect(Bool(true)) }
