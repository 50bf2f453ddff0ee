import AppCore
import DeviceServices
import CNCurses
import Catalog
import Glibc

/// Draws cell grids on the terminal with ncursesw and reads its keys: the only code that calls
/// curses, always from the UI thread.
@MainActor
public final class NCursesDriver: TerminalDriver {
    /// How the terminal is set up.
    public struct Options: Sendable {
        /// The colours' theme; nil for the standard one, read when the colours are set up (with the
        /// first frame, #18).
        public var theme: Theme?
        /// Colours at all (`false` with `NO_COLOR`).
        public var useColor: Bool
        /// Mouse clicks on tabs and rows.
        public var mouse: Bool
        /// How long ncurses waits after ESC for the rest of a sequence.
        public var escapeDelayMilliseconds: Int32

        /// `GUESTCRAFT_ASCII`: "1" draws ASCII, "0" Unicode, else the locale and terminal decide.
        public var asciiOverride: String?

        public init(theme: Theme? = nil, useColor: Bool, mouse: Bool = true, escapeDelayMilliseconds: Int32 = 25,
                    asciiOverride: String? = nil) {
            self.theme = theme
            self.useColor = useColor
            self.mouse = mouse
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.asciiOverride = asciiOverride
        }

        /// Options from the environment: `NO_COLOR` turns colour off.
        public static func fromEnvironment(_ environment: [String: String], theme: Theme? = nil,
                                           mouse: Bool = true) -> Options {
            Options(theme: theme, useColor: ColorPalette.colorWanted(environment: environment), mouse: mouse,
                    asciiOverride: environment["GUESTCRAFT_ASCII"])
        }
    }

    private let options: Options
    private let log: Log?
    private var screen: OpaquePointer?
    private var palette: ColorPalette?
    /// Each style's curses attributes and colour pair, looked up once per cell drawn.
    private var styleBits: [StyleToken: (attributes: attr_t, pair: Int16)] = [:] {
        didSet { lastStyle = (nil, (gc_a_normal(), 0)) }
    }
    /// The style of the cell put last and its bits.
    private var lastStyle: (token: StyleToken?, bits: (attributes: attr_t, pair: Int16)) = (nil, (0, 0))
    /// The grid on the curses screen now: `draw` hands curses only the cells that differ from it
    /// (curses then sends only what changed on the terminal, but handing it every cell of every
    /// frame cost more than the rest of a frame).
    private var drawn: CellGrid?
    /// Plain text (`normal`) has the terminal's own colours and no attribute: a blank of it looks
    /// as an erased cell does.
    private var plainBlankIsErased = false
    /// `TERM` as curses was set up for it.
    private var term = ""
    /// The symbols this terminal and the user's locale can show, decided by `prepare`
    /// (`GlyphChoice`); the app is drawn with it (`Glyphs.$current`).
    public private(set) var glyphs: Glyphs = .unicode
    /// Whether the first frame was drawn and bracketed paste and the title followed it.
    private var startFinished = true
    /// Whether `start` took the terminal (after `prepare`, which writes nothing).
    private var terminalTaken = false

    public init(options: Options, log: Log? = nil) {
        self.options = options
        self.log = log
    }

    /// Sets curses up, the terminal left as it was: its description read, its modes, the keys,
    /// then curses left at once (`endwin`) — until curses has once been left and
    /// resumed, it writes after every cursor move it makes ("the screen has not been
    /// initialized": ncurses 6's `_nc_mvcur` flushes while its `_endwin` is still `ewInitial`),
    /// and every frame went to the terminal a line at a time, fifty writes for a screen of rooms,
    /// each a wake-up of the terminal and a chance for it to show half a frame. The set-up's
    /// bytes (the alternate screen in and out) go now, in one write, while the start still works;
    /// the first frame then resumes curses and reaches the terminal whole, in one write (#18).
    public func prepare() throws {
        guard screen == nil else { return }
        let codeset = String(cString: gc_user_codeset())
        _ = gc_setlocale_utf8()
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard !term.isEmpty, let screen = gc_newterm(nil) else {
            throw TerminalError.unknownTerminal(InertText.sanitize(term))
        }
        self.screen = screen
        self.term = term
        drawn = nil
        _ = set_term(screen)
        let u8 = tigetnum("U8")
        glyphs = GlyphChoice.decide(override: options.asciiOverride, codeset: codeset, term: term,
                                    terminfoU8: u8 >= 0 ? Int(u8) : nil)
        log?.write("terminal: \(InertText.sanitize(term)), codeset \(InertText.sanitize(codeset)), U8 \(u8): "
                   + (glyphs.isASCII ? "ASCII symbols" : "Unicode symbols"))
        _ = gc_drop_charset_switches()
        _ = cbreak()
        _ = noecho()
        _ = nonl()
        _ = nodelay(gc_stdscr(), true)
        gc_set_escdelay(options.escapeDelayMilliseconds)
        _ = define_key("\u{1B}[200~", gc_key_paste_begin())
        _ = define_key("\u{1B}[201~", gc_key_paste_end())
        _ = endwin()
        terminalTaken = false
    }

    /// Takes the terminal (`prepare` first when it has not been): the colours; the first frame,
    /// drawn next, resumes curses — the alternate screen, the modes — in its own write. Keypad and
    /// cursor modes, the mouse, bracketed paste and the title follow that frame rather than go
    /// ahead of it, each a write curses makes at once (#18); keys typed before them come in the
    /// terminal's normal cursor mode, which `InputDecoder` reads as well, and are read after them.
    public func start() throws {
        try prepare()
        guard !terminalTaken else { return }
        terminalTaken = true
        // The colours with the first frame: the theme is read beside the start (#18).
        setUpColors()
        // The first frame paints the cleared screen whole: curses' line-by-line comparison and
        // scroll hashing have nothing to compare with yet.
        _ = clearok(gc_stdscr(), true)
        startFinished = false
    }

    /// After the first frame's write, once: the keypad and cursor modes, the mouse, bracketed
    /// paste and the title.
    private func finishStart() {
        startFinished = true
        _ = keypad(gc_stdscr(), true)
        _ = curs_set(1)
        if options.mouse {
            _ = mousemask(gc_mouse_mask(), nil)
            _ = mouseinterval(0)
        }
        writeToTerminal("\u{1B}[?2004h" + titleSequence())
        log?.write("terminal started: TERM=\(term), colour \(palette?.usesColor == true ? "on" : "off")")
    }

    public func stop() {
        guard let screen else { return }
        // Set up but never taken: `prepare` left curses and gave the terminal back already.
        if terminalTaken {
            if options.mouse { _ = mousemask(0, nil) }
            writeToTerminal("\u{1B}[?2004l")
            if setsTitle { writeToTerminal("\u{1B}[23;0t") }
            _ = endwin()
        }
        delscreen(screen)
        self.screen = nil
        drawn = nil
    }

    public func size() -> (width: Int, height: Int) {
        guard screen != nil else { return (0, 0) }
        return (Int(gc_getmaxx(gc_stdscr())), Int(gc_getmaxy(gc_stdscr())))
    }

    public func read() -> RawInput? {
        guard screen != nil else { return nil }
        while true {
            var character: wint_t = 0
            let result = get_wch(&character)
            if result == ERR { return nil }
            if result == gc_key_code_yes() {
                let code = Int32(bitPattern: character)
                if code == KEY_MOUSE {
                    guard let mouse = readMouse() else { continue }
                    return mouse
                }
                return .key(code)
            }
            guard let scalar = Unicode.Scalar(UInt32(character)) else { continue }
            return .scalar(scalar)
        }
    }

    private func readMouse() -> RawInput? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let x = Int(event.x)
        let y = Int(event.y)
        if gc_mouse_is_press(event.bstate) != 0 { return .mouse(x: x, y: y, .press) }
        if gc_mouse_is_wheel_up(event.bstate) != 0 { return .mouse(x: x, y: y, .wheelUp) }
        if gc_mouse_is_wheel_down(event.bstate) != 0 { return .mouse(x: x, y: y, .wheelDown) }
        return nil
    }

    public func wait(wakeFD: Int32) -> WaitOutcome {
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        let result = poll(&fds, nfds_t(fds.count), -1)
        if result < 0 { return .ready }  // EINTR: a signal (SIGWINCH gives KEY_RESIZE)
        let input = fds[0].revents
        if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .terminalGone }
        // Readable with nothing to read is the end of input (read() would answer 0).
        if input & Int16(POLLIN) != 0, gc_bytes_waiting(STDIN_FILENO) == 0 { return .terminalGone }
        return .ready
    }

    public func draw(_ grid: CellGrid) {
        guard screen != nil else { return }
        let previous = drawn.flatMap { $0.width == grid.width && $0.height == grid.height ? $0.cells : nil }
        // A whole frame starts from an erased screen, whose blanks are the terminal's own: a blank
        // of plain text drawn as those are is left as erased (#18: most of a screen of rooms is
        // blanks, each one a cell through ncurses).
        let leaveBlanks = previous == nil && plainBlankIsErased
        if previous == nil { _ = erase() }
        let cells = grid.cells
        // Neighbouring cells share a style: a style token hashes its name, 1,920 times a screen (#18).
        var style = lastStyle
        let styleBits = self.styleBits
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: 6) { buffer in
            for y in 0..<grid.height {
                for x in 0..<grid.width {
                    let index = y * grid.width + x
                    let cell = cells[index]
                    guard cell.width > 0 else { continue }
                    if let previous, previous[index] == cell { continue }
                    if leaveBlanks, cell.style == .normal, cell.width == 1, cell.text == " " { continue }
                    if cell.style != style.token {
                        style = (cell.style, styleBits[cell.style] ?? (gc_a_normal(), 0))
                    }
                    Self.put(cell, x: x, y: y, bits: style.bits, buffer: buffer)
                }
            }
        }
        lastStyle = style
        drawn = grid
        _ = move(Int32(grid.cursor.y), Int32(grid.cursor.x))
        _ = refresh()
        if !startFinished { finishStart() }
    }

    /// One cell through curses: its base character and up to four combining marks.
    private nonisolated static func put(_ cell: Cell, x: Int, y: Int, bits: (attributes: attr_t, pair: Int16),
                                        buffer: UnsafeMutableBufferPointer<wchar_t>) {
        var count = 0
        for scalar in cell.text.unicodeScalars where count < 5 {
            buffer[count] = wchar_t(bitPattern: scalar.value)
            count += 1
        }
        if count == 0 {
            buffer[0] = 0x20
            count = 1
        }
        buffer[count] = 0
        _ = gc_put_cell(Int32(y), Int32(x), buffer.baseAddress, bits.attributes, bits.pair)
    }

    private func setUpColors() {
        let useColor = options.useColor && has_colors()
        if useColor {
            _ = start_color()
            _ = use_default_colors()
        }
        let palette = ColorPalette(theme: options.theme ?? .standard, useColor: useColor, colors: Int(gc_colors()))
        for token in StyleToken.allCases {
            let entry = palette[token]
            if useColor, entry.pair != 0 { _ = init_pair(entry.pair, entry.foreground, entry.background) }
            let attributes = entry.attributes.reduce(gc_a_normal()) { bits, attribute in
                switch attribute {
                case .bold: bits | gc_a_bold()
                case .reverse: bits | gc_a_reverse()
                case .underline: bits | gc_a_underline()
                case .dim: bits | gc_a_dim()
                }
            }
            styleBits[token] = (attributes, entry.pair)
        }
        self.palette = palette
        let plain = palette[.normal]
        plainBlankIsErased = plain.foreground == -1 && plain.background == -1 && plain.attributes.isEmpty
    }

    /// Whether the terminal's title was set (and is given back at the end).
    private var setsTitle = false

    /// The window title says only the app's name, never a room, guest or task: on terminals that
    /// have one (xterm's and those that follow it), the title before is pushed (and given back at
    /// the end). Empty for the others.
    private func titleSequence() -> String {
        let titled = ["xterm", "screen", "tmux", "rxvt", "alacritty", "foot", "kitty", "wezterm", "konsole", "vte", "gnome"]
        // On the bytes: String's prefix test compares by Unicode rules, 280,000 instructions for
        // these eleven on the way to the first frame (#18).
        guard titled.contains(where: { term.utf8.starts(with: $0.utf8) }) else { return "" }
        setsTitle = true
        return "\u{1B}[22;0t\u{1B}]0;" + L("app.name") + "\u{07}"
    }

    public func setLocked(_ locked: Bool) {
        guard screen != nil else { return }
        if locked {
            // Ctrl-C, Ctrl-Z and Ctrl-\ are keys on the locked screen, not a way out to the shell.
            _ = raw()
            // Everything drawn is wiped: the next draw paints every cell; then the scrollback goes
            // (`CSI 3 J`), for terminals where the app's screen is not an alternate one.
            _ = clear()
            drawn = nil
            _ = refresh()
            writeToTerminal("\u{1B}[3J")
        } else {
            _ = noraw()
            _ = cbreak()
        }
        log?.write(locked ? "terminal: locked screen" : "terminal: unlocked")
    }

    /// Writes control bytes straight to the terminal (bracketed paste on and off).
    private func writeToTerminal(_ sequence: String) {
        _ = fflush(nil)
        let bytes = Array(sequence.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}

extension NCursesDriver {
    /// The ncurses in use, from the library itself (`curses_version()` says "ncurses 6.4.20221231").
    public nonisolated static var libraryVersion: String {
        let text = String(cString: curses_version())
        return text.hasPrefix("ncurses ") ? String(text.dropFirst("ncurses ".count)) : text
    }
}
