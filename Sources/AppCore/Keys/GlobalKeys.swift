import Catalog

/// The keys every work screen shares (SPEC §7), as the help overlay lists them.
public enum GlobalKeys {
    public static var all: [KeyHint] {
        [
            tabDigits,
            KeyHint(key: L("keys.arrows"), label: L("keys.move")),
            KeyHint(key: L("keys.enter"), label: L("keys.open")),
            KeyHint(key: L("keys.escape"), label: L("keys.back")),
            KeyHint(key: "/", label: L("keys.search")),
            KeyHint(key: "r", label: L("keys.refresh")),
            KeyHint(key: "?", label: L("keys.help")),
            KeyHint(key: "q", label: L("keys.quit")),
            lock,
        ]
    }

    /// `1`–`5` switch tabs (also F1–F5), except where the screen takes digits.
    public static var tabDigits: KeyHint { KeyHint(key: "1–5", label: L("keys.switch_tab")) }

    /// The hint for `?`, first on every key-hint line.
    public static var help: KeyHint { KeyHint(key: "?", label: L("keys.help_short")) }

    /// The hint for `Ctrl-X` (`KeyMap.lockKey`).
    public static var lock: KeyHint { KeyHint(key: "^X", label: L("keys.lock")) }

    /// The hint for `q`.
    public static var quit: KeyHint { KeyHint(key: "q", label: L("keys.quit_short")) }
}
