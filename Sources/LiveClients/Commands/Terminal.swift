import AppCore
import Foundation

/// Printing for the commands that do not take the screen: results to stdout, sentences to
/// stderr. Text from an instance is made inert before it reaches the terminal.
public enum Terminal {
    public static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    public static func error(_ line: String) {
        FileHandle.standardError.write(Data(("guestcraft: " + line + "\n").utf8))
    }

    /// Instance text (a name, a host) for a line of output.
    static func inert(_ text: String) -> String {
        InertText.sanitize(text, singleLine: true)
    }

    /// Asks a yes/no question on the terminal; only `y` or `yes` says yes.
    static func confirm(_ question: String) -> Bool {
        FileHandle.standardOutput.write(Data((question + " ").utf8))
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
