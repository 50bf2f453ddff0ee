import Testing
@testable import SQLiteDB

@Test func moduleLinks() { #expect(Bool(true)) }
