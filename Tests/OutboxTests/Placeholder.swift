import Testing
@testable import Outbox

@Test func moduleLinks() { #expect(Bool(true)) }
