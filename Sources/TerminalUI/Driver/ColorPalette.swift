import Catalog

/// How each style token is drawn: the colour pair number to set up and the attributes, from the
/// theme; without colour (`NO_COLOR`, or a terminal without colours) only the attributes of the
/// monochrome theme, so focus stays reverse and bold.
struct ColorPalette: Equatable {
    struct Entry: Equatable {
        /// Pair number (0 = the terminal's own colours, for every style in them).
        var pair: Int16
        var foreground: Int16
        var background: Int16
        var attributes: Set<ThemeAttribute>
    }

    let entries: [StyleToken: Entry]
    let usesColor: Bool

    /// `colors` is how many colours the terminal has (`COLORS`); bright colours need 16.
    init(theme: Theme, useColor: Bool, colors: Int) {
        usesColor = useColor
        var entries: [StyleToken: Entry] = [:]
        let monochrome = Theme.named("monochrome") ?? theme
        for (index, token) in StyleToken.allCases.enumerated() {
            if useColor {
                let style = theme.style(token)
                // A style in the terminal's own colours is drawn with pair 0, as erased cells
                // are: no colour to switch between it and them (#18: a pair of its own made every
                // room row switch colours around each blank).
                let ownColours = style.fg == .default && style.bg == .default
                entries[token] = Entry(pair: ownColours ? 0 : Int16(index + 1),
                                       foreground: Self.number(style.fg, colors: colors),
                                       background: Self.number(style.bg, colors: colors),
                                       attributes: style.attributes)
            } else {
                entries[token] = Entry(pair: 0, foreground: -1, background: -1,
                                       attributes: monochrome.style(token).attributes)
            }
        }
        self.entries = entries
    }

    subscript(token: StyleToken) -> Entry {
        entries[token] ?? Entry(pair: 0, foreground: -1, background: -1, attributes: [])
    }

    /// The ncurses colour number: -1 for the terminal's own, 0–7, 8–15 when available.
    static func number(_ color: ThemeColor, colors: Int) -> Int16 {
        let base: Int16
        switch color {
        case .default: return -1
        case .black, .brightBlack: base = 0
        case .red, .brightRed: base = 1
        case .green, .brightGreen: base = 2
        case .yellow, .brightYellow: base = 3
        case .blue, .brightBlue: base = 4
        case .magenta, .brightMagenta: base = 5
        case .cyan, .brightCyan: base = 6
        case .white, .brightWhite: base = 7
        }
        return color.rawValue.hasPrefix("bright_") && colors >= 16 ? base + 8 : base
    }

    /// Whether colour is wanted: not when `NO_COLOR` is set and non-empty.
    static func colorWanted(environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty
    }
}
