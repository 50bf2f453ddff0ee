import Catalog
import Foundation
import ClientModel

/// The locked screen of the account on screen: its PIN typed (never shown), checked by the lock
/// client, wrong PINs counted with growing waits after the fifth, "Forgot PIN"; and, where the
/// device requires a lock and the account has no PIN yet, the choice of one (typed twice).
public struct LockFeature: Reducer {
    public struct State: Equatable, Sendable {
        public enum Mode: Equatable, Sendable {
            case unlock
            /// The device requires a PIN and the account has none: one is chosen (`first` once typed).
            case choose(first: PIN?)
        }

        public var account: Account
        public var mode: Mode
        public var entry: PIN
        public var attempts: LockAttempts
        /// The time of the last tick or try, for the seconds left of a wait.
        public var now: Date
        /// A PIN is being checked or saved (Argon2id takes a moment): keys wait.
        public var checking: Bool
        public var notice: Notice?

        public init(account: Account, mode: Mode = .unlock, entry: PIN = PIN(), attempts: LockAttempts = LockAttempts(),
                    now: Date, checking: Bool = false, notice: Notice? = nil) {
            self.account = account
            self.mode = mode
            self.entry = entry
            self.attempts = attempts
            self.now = now
            self.checking = checking
            self.notice = notice
        }

        /// Seconds before a PIN is checked again.
        public var secondsLeft: Int { attempts.secondsLeft(at: now) }
    }

    public enum Action: Equatable, Sendable {
        case keyPressed(Key)
        /// The lock client's answer for the PIN typed.
        case checked(Bool)
        /// The chosen PIN was saved (nil) or not.
        case chosen(StorageFailure?)
        /// A second of a wait passed.
        case tick
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            /// The right PIN: the screen underneath comes back.
            case unlocked
            /// A PIN was chosen and saved (a device that requires a lock).
            case pinChosen
            /// A wrong PIN: the count and the wait to keep.
            case attemptsChanged(LockAttempts)
            /// "Forgot PIN": sign the account out (after saying what it deletes).
            case forgotPIN
            /// `a`: the next account of the device (it opens locked when it has a PIN).
            case switchAccount
        }
    }

    static let tickID: EffectID = "lock.tick"
    static let checkID: EffectID = "lock.check"

    let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// The lock as it starts: ticking when a wait from earlier tries is still on.
    func start(_ state: State) -> Effect<Action> {
        ticks(state.secondsLeft)
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .keyPressed(let key):
            return keyPressed(key, &state)

        case .checked(let right):
            state.checking = false
            state.entry = PIN()
            guard !right else {
                state.attempts = LockAttempts()
                return .send(.delegate(.unlocked))
            }
            state.now = environment.clock.now()
            state.attempts.failed(at: state.now)
            let left = LockAttempts.freeTries - state.attempts.failures
            state.notice = left > 0 ? Notice(.warning, L("lock.wrong_pin", ["count": left])) : nil
            return .merge(.send(.delegate(.attemptsChanged(state.attempts))), ticks(state.secondsLeft))

        case .chosen(nil):
            state.checking = false
            state.entry = PIN()
            return .send(.delegate(.pinChosen))

        case .chosen(let error?):
            state.checking = false
            state.entry = PIN()
            state.mode = .choose(first: nil)
            state.notice = Notice(.error, ErrorText.storage)
            let log = environment.log
            return .run { _ in log("lock: saving the chosen PIN failed: \(error)") }

        case .tick:
            state.now = environment.clock.now()
            return .none

        case .delegate:
            return .none
        }
    }

    private func keyPressed(_ key: Key, _ state: inout State) -> Effect<Action> {
        guard !state.checking else { return .none }
        switch key {
        case .character("f") where state.mode == .unlock, .character("F") where state.mode == .unlock:
            return .send(.delegate(.forgotPIN))
        case .character("a"), .character("A"):
            return .send(.delegate(.switchAccount))
        case .character(let c):
            guard state.secondsLeft == 0, c.isASCIIDigit else { return .none }
            if state.entry.isEmpty, state.mode == .unlock { state.notice = nil }
            state.entry.type(c)
        case .backspace, .delete:
            state.entry.deleteLast()
        case .escape:
            state.entry = PIN()
            if case .choose = state.mode { state.mode = .choose(first: nil) }
        case .enter:
            return submit(&state)
        default:
            break
        }
        return .none
    }

    private func submit(_ state: inout State) -> Effect<Action> {
        guard state.secondsLeft == 0, let pin = PIN.submitted(state.entry, notice: &state.notice) else { return .none }
        let account = state.account
        let lock = environment.lock
        switch state.mode {
        case .unlock:
            state.checking = true
            return .run(id: Self.checkID, cancelInFlight: true) { send in send(.checked(await lock.verify(account, pin))) }
        case .choose(first: nil):
            state.mode = .choose(first: pin)
            state.entry = PIN()
            state.notice = nil
            return .none
        case .choose(first: let first?):
            guard first == pin else {
                state.mode = .choose(first: nil)
                state.entry = PIN()
                state.notice = Notice(.warning, L("lock.pins_differ"))
                return .none
            }
            state.checking = true
            return .run(id: Self.checkID, cancelInFlight: true) { send in send(.chosen(await lock.setPIN(account, pin).failure)) }
        }
    }

    /// One tick a second for `seconds` (the wait's countdown on screen).
    func ticks(_ seconds: Int) -> Effect<Action> {
        guard seconds > 0 else { return .none }
        let sleep = environment.clock.sleep
        return .run(id: Self.tickID, cancelInFlight: true) { send in
            do {
                for _ in 0..<seconds {
                    try await sleep(.seconds(1))
                    send(.tick)
                }
            } catch {}
        }
    }

    // MARK: - View

    static let pinRow: RowID = "lock.pin"

    /// The locked screen: the instance, the person and the PIN field, nothing of the screen underneath.
    /// `canSwitch`: the device has other accounts (`a` goes to the next).
    public static func view(_ state: State, instance: String, person: String, canSwitch: Bool = false) -> ScreenBody {
        let prompt: String
        switch state.mode {
        case .unlock: prompt = L("lock.locked")
        case .choose(first: nil): prompt = L("lock.choose")
        case .choose: prompt = L("lock.choose_again")
        }
        var rows: [Row] = [
            Row([Span(inert: instance)], style: .title),
            .line(Span(inert: person)),
            .blank,
        ]
        if case .choose = state.mode { rows.append(.paragraph(Span(L("lock.required"), style: .muted))) }
        rows.append(.paragraph(Span(prompt)))
        // The field holds as many placeholders as digits typed and draws bullets: the digits never leave the state.
        rows.append(.field(id: pinRow, Field(label: Span(L("lock.pin_label") + "  ", style: .muted),
                                             value: InertString(String(repeating: "0", count: state.entry.count)),
                                             isSecret: true)))
        var notices: [Notice] = []
        let left = state.secondsLeft
        if left > 0 {
            notices.append(Notice(.warning, L("lock.wait", ["seconds": left])))
        } else if state.checking {
            notices.append(Notice(.info, L("lock.checking")))
        } else if let notice = state.notice {
            notices.append(notice)
        }
        var hints = [KeyHint(key: L("keys.enter"), label: state.mode == .unlock ? L("lock.key_unlock") : L("lock.key_next"))]
        if state.mode == .unlock { hints.append(KeyHint(key: "f", label: L("lock.key_forgot"))) }
        if canSwitch { hints.append(KeyHint(key: "a", label: L("account.switch_account"))) }
        return ScreenBody(rows: rows, focus: pinRow, notices: notices, hints: hints)
    }
}
