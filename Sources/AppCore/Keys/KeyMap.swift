/// The app's keys written once: the letters with one meaning on every screen, and each
/// screen's own action letters. The key-hint lines and `?` use no other letter, no screen gives a
/// shared letter another meaning, and README's key table lists the shared keys in this order
/// (`KeyMapTests` compares all three).
public enum KeyMap {
    /// Letters with one meaning on every screen: move (`j`/`k`), Send now (`n`), Review (`v`),
    /// refresh (`r`), quit (`q`), filter or search (`/`), help (`?`).
    public static let sharedLetters: Set<Character> = ["j", "k", "n", "v", "r", "q", "/", "?"]

    /// The action letters a screen adds (shown on its key-hint line); none is a shared letter.
    /// A work screen declares its own (`WorkTabFeature.actionLetters`); these are Account's.
    public static func actionLetters(_ tab: WorkTab) -> Set<Character> {
        tab.screen?.actionLetters ?? accountLetters
    }

    static let accountLetters: Set<Character> = ["w", "i", "o", "x", "p", "t", "e", "a"]

    /// Locks the screen at once, from every screen of an account, text fields too. `Ctrl-L` is
    /// the terminal's redraw; `Ctrl-X` means nothing to the terminal, its line discipline
    /// (`stty -a`) or tmux and screen without their prefix (screen's lock is `prefix x`).
    public static let lockKey = Key.control("x")

    /// The first column of README's "Keys" table, in order.
    public static var readmeKeys: [String] { [
        "`1`–`\(WorkTab.allCases.count)`, `F1`–`F\(WorkTab.allCases.count)`", "arrows, `j`/`k`, PgUp/PgDn, Home/End", "Enter", "Esc, Backspace", "`/`", "`r`",
        "`n`", "`v`", "`?`", "`q`", "`Ctrl-X`",
    ] }
}
