/// A scanner's burst judged by its timing across reads (#31): on a loaded handheld or a slow SSH
/// link a tag's characters arrive 1–20 ms apart, each in a read of its own, and `203⏎` on My
/// tasks became the keys 2 (Search), 0, 3 and Enter.
///
/// A digit is held rather than handed on; the digits that follow it within `gap` of the one
/// before join it, and an Enter (or Tab, which some scanners send) within `gap` makes the held
/// digits a scan. Anything else, or `gap`
/// passing with nothing more, hands the held keys on as they were typed. Only a digit starts a
/// burst, so letters (the filters' `s` and `f`, the actions) are never held; a digit typed by a
/// person reaches the app `gap` later. The gap runs while the loop waits for input (`waiting`),
/// so a loop busy drawing never splits a scanner's burst that waited in the terminal meanwhile.
/// Keys that arrive in one read are judged by `ScanBurst` as before.
public struct ScanAssembler: Sendable {
    /// What the keys come to, in order.
    public enum Output: Equatable, Sendable {
        case key(Key)
        case scan(String)
    }

    /// The longest gap between two characters of one burst.
    public static let defaultGap = Duration.milliseconds(35)
    /// The longest a burst is held, however its gaps fall (a loop woken again and again).
    public static let longestHold = Duration.milliseconds(500)

    public let gap: Duration
    private var held: [Character] = []
    /// When the last held character was read, or the loop began to wait after it.
    private var since: ContinuousClock.Instant?
    /// When the first held character was read.
    private var start: ContinuousClock.Instant?
    /// Whether the loop has waited since the last held character (only that first wait moves
    /// the gap's start: a loop woken again and again by effects must not hold keys on).
    private var waited = false

    /// A gap of zero holds nothing: every key is handed on at once.
    public init(gap: Duration = ScanAssembler.defaultGap) {
        self.gap = gap
    }

    /// Whether characters are held (the loop must wake at `deadline` to hand them on).
    public var isHolding: Bool { !held.isEmpty }

    /// When the held characters are handed on as keys if nothing follows.
    public var deadline: ContinuousClock.Instant? {
        guard isHolding, let since, let start else { return nil }
        return min(since + gap, start + Self.longestHold)
    }

    /// A key read at `now`.
    public mutating func take(_ key: Key, at now: ContinuousClock.Instant) -> [Output] {
        var out: [Output] = []
        if isHolding {
            if let deadline, now > deadline {
                out += release()
            } else if case .character(let character) = key, character.isASCII, character.isNumber {
                held.append(character)
                since = now
                waited = false
                return out
            } else if key == .enter || key == .tab, held.count >= 2 {
                out.append(.scan(String(held)))
                held = []
                since = nil
                start = nil
                return out
            } else {
                out += release()
            }
        }
        if gap > .zero, case .character(let character) = key, character.isASCII, character.isNumber {
            held = [character]
            since = now
            start = now
            waited = false
            return out
        }
        out.append(.key(key))
        return out
    }

    /// Anything other than a key (a paste, a click, a resize) ends a burst: the held keys first.
    public mutating func interrupt() -> [Output] { release() }

    /// The held keys, when their gap has passed at `now`.
    public mutating func expire(at now: ContinuousClock.Instant) -> [Output] {
        guard let deadline, now >= deadline else { return [] }
        return release()
    }

    /// The loop starts waiting for input at `now`: after a held character's read the gap counts
    /// from its first wait, so time spent drawing after it is not counted as a gap; later waits
    /// (wake-ups for effects) change nothing.
    public mutating func waiting(at now: ContinuousClock.Instant) {
        guard isHolding, !waited, let since else { return }
        waited = true
        if now > since { self.since = now }
    }

    private mutating func release() -> [Output] {
        defer {
            held = []
            since = nil
            start = nil
        }
        return held.map { .key(.character($0)) }
    }
}
