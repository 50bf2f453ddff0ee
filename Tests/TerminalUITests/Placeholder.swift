import Testing
@testable import TerminalUI

@Test func moduleLinks() { #expect(Bool(true)) }
