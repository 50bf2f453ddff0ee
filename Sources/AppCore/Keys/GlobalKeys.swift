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

    /// The digits and F-keys that switch tabs, one per tab of the registry ("1–5", "F1–F5";
    /// a screen registered after Account makes them "1–6", "F1–F6").
    public static var tabNumbers: String { "1–\(WorkTab.allCases.count)" }
    public static var tabFunctionKeys: String { "F1–F\(WorkTab.allCases.count)" }

    /// The digits switch tabs (also the F-keys), except where the screen takes digits.
    public static var tabDigits: KeyHint {
        KeyHint(key: tabNumbers, label: L("keys.switch_tab", ["keys": tabFunctionKeys]))
    }

    /// The hint for `?`, first on every key-hint line.
    public static var help: KeyHint { KeyHint(key: "?", label: L("keys.help_short")) }

    /// The hint for `Ctrl-X` (`KeyMap.lockKey`).
    public static var lock: KeyHint { KeyHint(key: "^X", label: L("keys.lock")) }

    /// The hint for `q`.
    public static var quit: KeyHint { KeyHint(key: "q", label: L("keys.quit_short")) }
}
