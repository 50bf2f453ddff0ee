import Foundation
import Catalog
import ClientModel

/// Digits of a PIN being typed: never shown (the field draws bullets), never printed, dumped or
/// logged (`description` and the mirror give only how many digits there are).
public struct PIN: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The digits, for the lock client alone (it hashes or checks them).
    public private(set) var digits: String

    /// A PIN has 4 to 12 digits.
    public static let lengths = 4...12

    public init(_ digits: String = "") {
        self.digits = String(digits.filter(\.isASCIIDigit).prefix(Self.lengths.upperBound))
    }

    public var count: Int { digits.count }
    public var isEmpty: Bool { digits.isEmpty }
    /// 4 to 12 digits.
    public var isValid: Bool { Self.lengths.contains(digits.count) }

    /// Takes a typed digit; anything else, or a 13th digit, is refused.
    @discardableResult
    mutating func type(_ character: Character) -> Bool {
        guard character.isASCIIDigit, digits.count < Self.lengths.upperBound else { return false }
        digits.append(character)
        return true
    }

    mutating func deleteLast() {
        if !digits.isEmpty { digits.removeLast() }
    }

    /// `entry` submitted with Enter: itself when it has 4 to 12 digits; else nil, with the sentence
    /// that says so in `notice`.
    static func submitted(_ entry: PIN, notice: inout Notice?) -> PIN? {
        guard entry.isValid else {
            notice = Notice(.warning, L("lock.pin_length"))
            return nil
        }
        return entry
    }

    public var description: String { "PIN(\(digits.count) digits, redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["count": digits.count]) }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

/// How long a screen may stay untouched before it locks, as a person chooses it in Account.
public enum IdleChoice: String, Codable, CaseIterable, Equatable, Sendable {
    case twoMinutes = "2m"
    case fiveMinutes = "5m"
    case fifteenMinutes = "15m"
    case never

    /// Seconds before the lock; nil for never.
    public var seconds: Int? {
        switch self {
        case .twoMinutes: 120
        case .fiveMinutes: 300
        case .fifteenMinutes: 900
        case .never: nil
        }
    }

    /// What a PIN set for the first time starts with.
    public static let standard = IdleChoice.fiveMinutes

    /// The next choice for Account's key (never is left out when the device requires a lock).
    func next(lockRequired: Bool) -> IdleChoice {
        let choices = lockRequired ? Self.allCases.filter { $0 != .never } : Self.allCases
        let index = choices.firstIndex(of: self) ?? -1
        return choices[(index + 1) % choices.count]
    }
}

/// What this device sets for every account: an administrator's requirement of a lock (a line of
/// `/etc/guestcraft/guestcraft.conf`) and an idle time that replaces each person's choice
/// (`--lock-idle-seconds`, `GUESTCRAFT_LOCK_IDLE_SECONDS`, or the file's `lock_idle_seconds`).
public struct LockPolicy: Equatable, Sendable {
    /// Every account must have a PIN before its screens show.
    public var required: Bool
    /// Seconds before every account with a PIN locks, whatever its person chose.
    public var idleSeconds: Int?

    public init(required: Bool = false, idleSeconds: Int? = nil) {
        self.required = required
        self.idleSeconds = idleSeconds
    }

    /// Nothing set by the device: each person chooses.
    public static let none = LockPolicy()

    /// Longest idle time the command line and the file accept (a day).
    public static let idleSecondsRange = 1...86_400

    /// The seconds of `--lock-idle-seconds` or its variable; nil when `text` is not a whole number in range.
    public static func idleSeconds(_ text: String) -> Int? {
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), idleSecondsRange.contains(seconds) else { return nil }
        return seconds
    }

    /// Reads the system-wide configuration file's lock settings (`SystemConfiguration.parse`).
    public static func parse(config text: String) -> (policy: LockPolicy, problems: [String]) {
        let (configuration, problems) = SystemConfiguration.parse(config: text)
        return (configuration.lock, problems)
    }
}

/// The system-wide configuration file (/etc/guestcraft/guestcraft.conf, an administrator's).
public struct SystemConfiguration: Equatable, Sendable {
    public var lock = LockPolicy()
    /// `ca_bundle`: a PEM file of CAs trusted besides the system's (issue #35).
    public var caBundle: String?

    public init(lock: LockPolicy = LockPolicy(), caBundle: String? = nil) {
        self.lock = lock
        self.caBundle = caBundle
    }

    /// Reads the file: `key = value` lines, `#` comments. Known keys: `require_lock` (`yes`/`no`,
    /// `true`/`false`, `1`/`0`), `lock_idle_seconds` (1–86400) and `ca_bundle` (an absolute
    /// path, kept as written). Answers the settings and the lines it could not read (for the log).
    public static func parse(config text: String) -> (configuration: SystemConfiguration, problems: [String]) {
        var configuration = SystemConfiguration()
        var problems: [String] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let parts = trimmed.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { problems.append("line \(number + 1): not key = value"); continue }
            switch (parts[0], parts[1].lowercased()) {
            case ("require_lock", "yes"), ("require_lock", "true"), ("require_lock", "1"): configuration.lock.required = true
            case ("require_lock", "no"), ("require_lock", "false"), ("require_lock", "0"): configuration.lock.required = false
            case ("lock_idle_seconds", let value):
                if let seconds = LockPolicy.idleSeconds(value) { configuration.lock.idleSeconds = seconds } else {
                    problems.append("line \(number + 1): lock_idle_seconds takes 1 to 86400")
                }
            case ("ca_bundle", _):
                // The path as written: only the switch's copy is lowercased.
                if parts[1].hasPrefix("/") { configuration.caBundle = parts[1] } else {
                    problems.append("line \(number + 1): ca_bundle takes an absolute path")
                }
            default: problems.append("line \(number + 1): unknown setting \(parts[0])")
            }
        }
        return (configuration, problems)
    }
}

/// Wrong PINs typed for an account and the time before which no PIN is checked; kept in the
/// preferences so that a restart does not clear them.
public struct LockAttempts: Codable, Equatable, Sendable {
    public var failures: Int
    public var waitUntil: Date?

    public init(failures: Int = 0, waitUntil: Date? = nil) {
        self.failures = failures
        self.waitUntil = waitUntil
    }

    /// Wrong PINs checked without a wait.
    public static let freeTries = 5
    /// The first wait, doubled for each further wrong PIN, up to `longestWait`.
    public static let firstWait = 30
    public static let longestWait = 3_600

    /// The wait after `failures` wrong PINs: none for the first four, then 30 s, 60 s, 120 s, … an hour at most.
    public static func wait(afterFailures failures: Int) -> Int? {
        guard failures >= freeTries else { return nil }
        let doublings = min(failures - freeTries, 12)
        return min(firstWait << doublings, longestWait)
    }

    /// One more wrong PIN at `now`.
    public mutating func failed(at now: Date) {
        failures += 1
        waitUntil = Self.wait(afterFailures: failures).map { now.addingTimeInterval(TimeInterval($0)) }
    }

    /// Whole seconds still to wait at `now` (0 when a PIN can be checked).
    public func secondsLeft(at now: Date) -> Int {
        guard let waitUntil, waitUntil > now else { return 0 }
        return Int(waitUntil.timeIntervalSince(now).rounded(.up))
    }

    enum CodingKeys: String, CodingKey {
        case failures
        case waitUntil = "wait_until"
    }
}

/// The PIN lock of an account as Account shows it.
public struct LockSummary: Equatable, Sendable {
    public var hasPIN: Bool
    public var idle: IdleChoice
    /// The device requires a PIN for every account (it cannot be removed; never is not offered).
    public var required: Bool
    /// The device's idle time, in place of the person's choice.
    public var forcedSeconds: Int?

    public init(hasPIN: Bool = false, idle: IdleChoice = .standard, required: Bool = false, forcedSeconds: Int? = nil) {
        self.hasPIN = hasPIN
        self.idle = idle
        self.required = required
        self.forcedSeconds = forcedSeconds
    }
}

/// The PINs of this device's accounts, kept as Argon2id hashes in a 0600 file of their own (the
/// live layer's `PINStore`); checking and hashing take a while (Argon2id), so each is an effect.
public struct LockClient: Sendable {
    /// The accounts that have a PIN (read at start).
    public var accountsWithPIN: @Sendable () async -> Set<Account>
    /// Keeps `PIN` (hashed) as the account's, replacing any.
    public var setPIN: @Sendable (Account, PIN) async -> Result<Void, StorageFailure>
    /// Deletes the account's PIN.
    public var removePIN: @Sendable (Account) async -> Result<Void, StorageFailure>
    /// Whether `PIN` is the account's (false when it has none or the file cannot be read).
    public var verify: @Sendable (Account, PIN) async -> Bool

    public init(accountsWithPIN: @escaping @Sendable () async -> Set<Account>,
                setPIN: @escaping @Sendable (Account, PIN) async -> Result<Void, StorageFailure>,
                removePIN: @escaping @Sendable (Account) async -> Result<Void, StorageFailure>,
                verify: @escaping @Sendable (Account, PIN) async -> Bool) {
        self.accountsWithPIN = accountsWithPIN
        self.setPIN = setPIN
        self.removePIN = removePIN
        self.verify = verify
    }

    /// No PIN anywhere and none can be set (a build or test that does not use the lock).
    public static let unavailable = LockClient(
        accountsWithPIN: { [] }, setPIN: { _, _ in .failure(StorageFailure("no PIN store")) },
        removePIN: { _ in .success(()) }, verify: { _, _ in false })
}

/// Idle times as a person reads them ("5 minutes", "30 seconds", "never").
enum IdleText {
    static func choice(_ choice: IdleChoice) -> String {
        choice.seconds.map(duration) ?? L("idle.never")
    }

    static func duration(_ seconds: Int) -> String {
        seconds % 60 == 0 ? L("idle.minutes", ["count": seconds / 60]) : L("idle.seconds", ["count": seconds])
    }
}
