/// Which JSON a `JSONReader` reads: all of RFC 8259 (`strict`) or the plain subset our own
/// JSONEncoder writes (`plain`). Where the plain grammar reads a document, the strict one reads it
/// to the same value; each refuses (`nil`), never guesses or traps, at what it does not read, and
/// both at objects and arrays nested deeper than `JSONReader.maxDepth`.
public struct JSONGrammar: Sendable, Equatable {
    /// A string's escapes are decoded; without them a backslash ends the read.
    public let escapes: Bool
    /// A number with a fraction, an exponent or too large for `Int` is read as a finite `Double`;
    /// without them only whole numbers that fit `Int` are read.
    public let fractions: Bool
    /// A key an object repeats ends the read; otherwise its first value is kept (as JSONDecoder keeps it).
    public let refusesRepeatedKeys: Bool

    /// RFC 8259 in full, for the app's own resource files (the catalog, the themes; #18).
    public static let strict = JSONGrammar(escapes: true, fractions: true, refusesRepeatedKeys: false)

    /// The subset our JSONEncoder writes for saved answers and the small state files (#18): no
    /// escapes, whole numbers, no repeated keys. The caller reads anything else with JSONDecoder,
    /// so no document is read differently.
    public static let plain = JSONGrammar(escapes: false, fractions: false, refusesRepeatedKeys: true)
}
