import Catalog

/// Why the terminal could not be used; `message` is the sentence to print on stderr.
public enum TerminalError: Error, Equatable {
    /// terminfo has no entry for this `TERM` (empty when `TERM` is unset).
    case unknownTerminal(String)

    public var message: String {
        switch self {
        case .unknownTerminal(let term) where term.isEmpty:
            L("errors.term_unset")
        case .unknownTerminal(let term):
            L("errors.term_unknown", ["term": term])
        }
    }
}
