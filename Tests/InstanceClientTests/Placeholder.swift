import Testing
@testable import InstanceClient

@Test func moduleLinks() { #expect(Bool(true)) }
