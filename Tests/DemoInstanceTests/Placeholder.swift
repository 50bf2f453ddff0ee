import Testing
@testable import DemoInstance

@Test func moduleLinks() { #expect(Bool(true)) }
