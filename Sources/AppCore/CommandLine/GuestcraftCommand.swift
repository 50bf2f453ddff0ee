import Catalog

/// What `guestcraft` was asked to do (SPEC §7), parsed from its arguments without side effects.
public enum GuestcraftCommand: Equatable, Sendable {
    /// The full-screen app (`guestcraft`, `guestcraft --demo …`, `guestcraft open …`).
    case run(RunOptions)
    /// `guestcraft pair <link> [--yes] [--device-name NAME]`: pairs without the full screen.
    case pair(link: String, assumeYes: Bool, deviceName: String?)
    /// `guestcraft status`: one line per account.
    case status
    /// `guestcraft send`: sends every signed-in account's outbox once.
    case send
    /// `guestcraft report today [--format text|csv] [--output FILE]`: the downtime report from
    /// the saved copies, never the network.
    case report(ReportOptions)
    case help
    case version

    /// Whether it takes the terminal's full screen (the app), rather than printing lines.
    public var isFullScreen: Bool {
        if case .run = self { return true }
        return false
    }

    /// Options of the full-screen app.
    public struct RunOptions: Equatable, Sendable {
        /// Mouse clicks on tabs and rows (`--no-mouse` turns them off).
        public var mouse: Bool
        /// Start the embedded demo instance and open it (`--demo`).
        public var demo: DemoOptions?
        /// Open this at start (`guestcraft open room/101`).
        public var link: OpenLink?
        /// Seconds before every account with a PIN locks (`--lock-idle-seconds N`: tests, kiosks).
        public var lockIdleSeconds: Int?

        public init(mouse: Bool = true, demo: DemoOptions? = nil, link: OpenLink? = nil, lockIdleSeconds: Int? = nil) {
            self.mouse = mouse
            self.demo = demo
            self.link = link
            self.lockIdleSeconds = lockIdleSeconds
        }
    }

    /// Options of `guestcraft report today`.
    public struct ReportOptions: Equatable, Sendable {
        public var format: DowntimeReport.Format
        /// The file to write (0600) instead of standard output.
        public var output: String?

        public init(format: DowntimeReport.Format = .text, output: String? = nil) {
            self.format = format
            self.output = output
        }
    }

    /// `--demo [--as MEMBER] [--rooms N]`.
    public struct DemoOptions: Equatable, Sendable {
        /// The demo member this device pairs as.
        public var member: DemoRole
        /// Rooms of the generated property; nil keeps the demo's default (or the data already there).
        public var rooms: Int?

        public init(member: DemoRole = .supervisor, rooms: Int? = nil) {
            self.member = member
            self.rooms = rooms
        }
    }

    /// The demo's members (the supervisor sees every tab).
    public enum DemoRole: String, CaseIterable, Equatable, Sendable {
        case frontdesk, housekeeper, supervisor, manager
    }

    /// `guestcraft open room/<number>` or `reservation/<code>`.
    public enum OpenLink: Equatable, Sendable {
        case room(String)
        case reservation(String)

        /// Reads `room/101` or `reservation/R-1042`.
        public init?(_ text: String) {
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty, !parts[1].contains("/"),
                  parts[1].unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
            switch parts[0] {
            case "room": self = .room(parts[1])
            case "reservation": self = .reservation(parts[1])
            default: return nil
            }
        }
    }

    /// Why the arguments were refused: a sentence for stderr (with `--help` to learn more).
    public struct UsageError: Error, Equatable, Sendable {
        public var message: String
    }

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) -> Result<GuestcraftCommand, UsageError> {
        var rest = arguments[...]
        if rest.contains("--help") || rest.contains("-h") { return .success(.help) }
        if rest.contains("--version") { return .success(.version) }
        guard let first = rest.first else { return .success(.run(RunOptions())) }
        switch first {
        case "help":
            return .success(.help)
        case "status", "send":
            guard rest.count == 1 else { return unexpected(rest[rest.index(after: rest.startIndex)]) }
            return .success(first == "status" ? .status : .send)
        case "pair":
            rest = rest.dropFirst()
            return parsePair(rest)
        case "report":
            return parseReport(rest.dropFirst())
        case "open":
            rest = rest.dropFirst()
            guard let text = rest.first else { return .failure(UsageError(message: L("cli.open_needs_link"))) }
            guard let link = OpenLink(text) else {
                return .failure(UsageError(message: L("cli.open_bad_link", ["link": text])))
            }
            return parseRun(rest.dropFirst()).map { command in
                guard case .run(var options) = command else { return command }
                options.link = link
                return .run(options)
            }
        default:
            return parseRun(rest)
        }
    }

    private static func parseRun(_ arguments: ArraySlice<String>) -> Result<GuestcraftCommand, UsageError> {
        var options = RunOptions()
        var member: DemoRole?
        var rooms: Int?
        var demo = false
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "--no-mouse":
                options.mouse = false
            case "--demo":
                demo = true
            case "--lock-idle-seconds":
                guard let value = rest.popFirst() else { return missingValue(argument) }
                guard let seconds = LockPolicy.idleSeconds(value) else {
                    return .failure(UsageError(message: L("cli.bad_lock_idle", ["value": value])))
                }
                options.lockIdleSeconds = seconds
            case "--as":
                guard let value = rest.popFirst() else { return missingValue(argument) }
                guard let role = DemoRole(rawValue: value) else {
                    return .failure(UsageError(message: L("cli.bad_member", ["member": value])))
                }
                member = role
            case "--rooms":
                guard let value = rest.popFirst() else { return missingValue(argument) }
                guard let count = Int(value), (1...5_000).contains(count) else {
                    return .failure(UsageError(message: L("cli.bad_rooms", ["rooms": value])))
                }
                rooms = count
            default:
                return unexpected(argument)
            }
        }
        if !demo, member != nil || rooms != nil { return .failure(UsageError(message: L("cli.demo_only"))) }
        if demo { options.demo = DemoOptions(member: member ?? .supervisor, rooms: rooms) }
        return .success(.run(options))
    }

    private static func parsePair(_ arguments: ArraySlice<String>) -> Result<GuestcraftCommand, UsageError> {
        var link: String?
        var assumeYes = false
        var deviceName: String?
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "--yes", "-y":
                assumeYes = true
            case "--device-name":
                guard let value = rest.popFirst() else { return missingValue(argument) }
                deviceName = value
            default:
                guard link == nil, !argument.hasPrefix("--") else { return unexpected(argument) }
                link = argument
            }
        }
        guard let link else { return .failure(UsageError(message: L("cli.pair_needs_link"))) }
        return .success(.pair(link: link, assumeYes: assumeYes, deviceName: deviceName))
    }

    private static func parseReport(_ arguments: ArraySlice<String>) -> Result<GuestcraftCommand, UsageError> {
        var rest = arguments
        guard let what = rest.popFirst() else { return .failure(UsageError(message: L("report.cli.needs_what"))) }
        guard what == "today" else { return .failure(UsageError(message: L("report.cli.unknown_report", ["what": what]))) }
        var options = ReportOptions()
        while let argument = rest.popFirst() {
            switch argument {
            case "--format":
                guard let value = rest.popFirst() else { return missingValue(argument) }
                guard let format = DowntimeReport.Format(rawValue: value) else {
                    return .failure(UsageError(message: L("report.cli.bad_format", ["format": value])))
                }
                options.format = format
            case "--output", "-o":
                guard let value = rest.popFirst(), !value.isEmpty else { return missingValue(argument) }
                options.output = value
            default:
                return unexpected(argument)
            }
        }
        return .success(.report(options))
    }

    private static func unexpected(_ argument: String) -> Result<GuestcraftCommand, UsageError> {
        .failure(UsageError(message: L("cli.unknown_argument", ["argument": argument])))
    }

    private static func missingValue(_ option: String) -> Result<GuestcraftCommand, UsageError> {
        .failure(UsageError(message: L("cli.missing_value", ["option": option])))
    }

    /// `--help`: every command of SPEC §7.
    public static var helpText: String {
        L("cli.help", ["digits": GlobalKeys.tabNumbers, "keys": GlobalKeys.tabFunctionKeys])
    }
}
