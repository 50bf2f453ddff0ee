import Catalog
import Foundation
import ClientModel
import GuestCraftAPI

/// What the idle lock watches: the idle time of the account on screen while it has a PIN and
/// its screen is not locked (nil: nothing watches).
struct IdleWatch: Equatable {
    let account: Account?
    let seconds: Int?

    init(_ state: AppState, _ policy: LockPolicy) {
        guard let current = state.current, current.lock == nil, state.pins.contains(current.offlineAccount) else {
            account = nil
            seconds = nil
            return
        }
        account = current.offlineAccount
        seconds = policy.idleSeconds ?? state.preferences.lock(current.offlineAccount).idle.seconds
    }
}

/// The PIN lock (SPEC §8): locking after the idle time and on `Ctrl-X`, the locked screen's
/// answers, Account's PIN dialog and idle time, "Forgot PIN".
extension AppReducer {
    static let idleID: EffectID = "app.idle"

    // MARK: Idle

    /// After every action: the idle wait starts when watching began (a PIN set, the screen
    /// unlocked, another account) and stops when it ended (locked, signed out).
    func watchIdle(from before: IdleWatch, _ state: inout AppState) -> Effect<AppAction> {
        let after = IdleWatch(state, environment.lockPolicy)
        guard after != before else { return .none }
        guard let seconds = after.seconds else { return before.seconds == nil ? .none : .cancel(id: Self.idleID) }
        state.current?.lastActivity = environment.clock.now()
        return idleWait(seconds)
    }

    func idleWait(_ seconds: Int) -> Effect<AppAction> {
        let sleep = environment.clock.sleep
        return .run(id: Self.idleID, cancelInFlight: true) { send in
            do {
                try await sleep(.seconds(seconds))
                send(.idleTimerFired)
            } catch {}
        }
    }

    /// The wait ended: locks when nothing came since, else waits for the rest of the idle time.
    func idleTimerFired(_ state: inout AppState) -> Effect<AppAction> {
        guard let seconds = IdleWatch(state, environment.lockPolicy).seconds,
              let last = state.current?.lastActivity else { return .none }
        let left = TimeInterval(seconds) - environment.clock.now().timeIntervalSince(last)
        guard left > 0.5 else { return lockNow(&state) }
        return idleWait(Int(left.rounded(.up)))
    }

    /// A key, paste, scan or click: when the idle time has already passed (the process was stopped,
    /// the device slept), the screen locks and the input is not acted on; else it is the person's
    /// latest activity. Nil when the input goes on.
    func inputLocks(_ state: inout AppState) -> Effect<AppAction>? {
        guard let seconds = IdleWatch(state, environment.lockPolicy).seconds else { return nil }
        let now = environment.clock.now()
        if let last = state.current?.lastActivity, now.timeIntervalSince(last) >= TimeInterval(seconds) {
            return lockNow(&state)
        }
        state.current?.lastActivity = now
        return nil
    }

    // MARK: Locking

    /// `Ctrl-X` or the idle time: the screen locks; the dialogs over it close (a question could
    /// name a room). An account without a PIN cannot lock: the sentence says where to set one.
    func lockNow(_ state: inout AppState) -> Effect<AppAction> {
        guard let current = state.current, current.lock == nil else { return .none }
        let account = current.offlineAccount
        guard state.pins.contains(account) else {
            state.current?.notices.append(Notice(.info, L("lock.no_pin")))
            return expirePassingNotices()
        }
        let lock = LockFeature.State(account: account, attempts: state.preferences.lock(account).attempts,
                                     now: environment.clock.now())
        state.current?.lock = lock
        state.help = nil
        state.confirmation = nil
        state.pinForm = nil
        return .merge(lockFeature.start(lock).map(AppAction.lock), .cancel(id: PINForm.effectID), log("lock: the screen locked"))
    }

    /// The lock an account opens with: locked when it has a PIN; where the device requires a
    /// lock and it has none, the choice of one.
    func openingLock(_ account: Account, _ state: AppState) -> LockFeature.State? {
        let now = environment.clock.now()
        if state.pins.contains(account) {
            return LockFeature.State(account: account, attempts: state.preferences.lock(account).attempts, now: now)
        }
        return environment.lockPolicy.required ? LockFeature.State(account: account, mode: .choose(first: nil), now: now) : nil
    }

    /// The account's lock as Account shows it.
    func lockSummary(_ account: Account, _ state: AppState) -> LockSummary {
        LockSummary(hasPIN: state.pins.contains(account), idle: state.preferences.lock(account).idle,
                    required: environment.lockPolicy.required, forcedSeconds: environment.lockPolicy.idleSeconds)
    }

    func refreshAccountLock(_ state: inout AppState) {
        guard let account = state.current?.offlineAccount else { return }
        let summary = lockSummary(account, state)
        state.current?.account.lock = summary
    }

    /// The account's PIN goes with it (sign-out, a 401, removal, "Forgot PIN").
    func forgetPIN(_ account: Account, _ state: inout AppState) -> Effect<AppAction> {
        guard state.pins.remove(account) != nil else { return .none }
        let remove = environment.lock.removePIN
        let log = environment.log
        return .run { _ in
            if case .failure(let error) = await remove(account) { log("lock: deleting the PIN failed: \(error)") }
        }
    }

    func rememberAttempts(_ attempts: LockAttempts, of account: Account, _ state: inout AppState) -> Effect<AppAction> {
        var setting = state.preferences.lock(account)
        guard setting.attempts != attempts else { return .none }
        setting.attempts = attempts
        state.preferences.remember(setting)
        return savePreferences(state)
    }

    // MARK: The locked screen's and the dialog's delegates

    func lockDelegate(_ delegate: LockFeature.Action.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        guard let current = state.current, let lock = current.lock else { return .none }
        let account = lock.account
        switch delegate {
        case .unlocked:
            state.current?.lock = nil
            return .merge(.cancel(id: LockFeature.tickID), rememberAttempts(LockAttempts(), of: account, &state),
                          log("lock: unlocked"))
        case .pinChosen:
            state.current?.lock = nil
            state.pins.insert(account)
            return .merge(.cancel(id: LockFeature.tickID), log("lock: a PIN was chosen"))
        case .attemptsChanged(let attempts):
            return .merge(rememberAttempts(attempts, of: account, &state), log("lock: a wrong PIN (\(attempts.failures) in a row)"))
        case .switchAccount:
            // Another person at a desk left locked goes to their own account (locked too when it has a PIN).
            return switchToNextAccount(&state)
        case .forgotPIN:
            let counts = environment.offline.accountCounts
            let id = current.session.sessionID
            return .run { send in send(.forgotPINCounted(id, await counts(account))) }
        }
    }

    func forgotPINCounted(_ id: DeviceSessionID, _ counts: OutboxCounts, _ state: inout AppState) -> Effect<AppAction> {
        guard let current = state.current, current.session.sessionID == id, current.lock != nil else { return .none }
        let unsent = counts.toSend + counts.toReview
        let person = current.session.user.name
        let instance = current.instance.name
        state.confirmation = Confirmation(
            purpose: .forgotPIN(id),
            question: unsent == 0 ? L("lock.forgot_question", ["person": person, "instance": instance])
                : L("lock.forgot_question_unsent", ["person": person, "instance": instance, "count": unsent]),
            confirmLabel: L("account.sign_out"))
        return .none
    }

    func pinFormDelegate(_ delegate: PINForm.Action.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        guard let form = state.pinForm else { return .none }
        state.pinForm = nil
        let account = form.account
        switch delegate {
        case .cancelled:
            return .none
        case .done(let hasPIN):
            if hasPIN { state.pins.insert(account) } else { state.pins.remove(account) }
            refreshAccountLock(&state)
            let idle = environment.lockPolicy.idleSeconds.map(IdleText.duration)
                ?? IdleText.choice(state.preferences.lock(account).idle)
            state.current?.account.notice = Notice(.info, hasPIN ? L("lock.pin_saved", ["time": idle]) : L("lock.pin_removed"))
            return .merge(rememberAttempts(LockAttempts(), of: account, &state),
                          log(hasPIN ? "lock: the PIN was set" : "lock: the PIN was removed"))
        case .wrongPIN:
            var attempts = state.preferences.lock(account).attempts
            attempts.failed(at: environment.clock.now())
            let remember = rememberAttempts(attempts, of: account, &state)
            return .merge(remember, lockNow(&state), log("lock: a wrong PIN in Account (\(attempts.failures) in a row)"))
        }
    }

    /// Account's PIN commands.
    func pinCommand(_ command: AccountFeature.Command, _ state: inout AppState) -> Effect<AppAction> {
        guard let account = state.current?.offlineAccount else { return .none }
        let hasPIN = state.pins.contains(account)
        switch command {
        case .pin:
            state.pinForm = PINForm.State(account: account, purpose: hasPIN ? .change : .set)
        case .removePIN:
            guard hasPIN, !environment.lockPolicy.required else { return .none }
            state.pinForm = PINForm.State(account: account, purpose: .remove)
        case .lockAfter:
            guard hasPIN else { return .none }
            guard environment.lockPolicy.idleSeconds == nil else {
                state.current?.account.notice = Notice(.info, L("lock.idle_set_by_device"))
                return .none
            }
            var setting = state.preferences.lock(account)
            setting.idle = setting.idle.next(lockRequired: environment.lockPolicy.required)
            state.preferences.remember(setting)
            refreshAccountLock(&state)
            state.current?.account.notice = nil
            return savePreferences(state)
        default:
            return .none
        }
        return .none
    }

    var lockScope: OptionalScope<AppState, AppAction, LockFeature> {
        OptionalScope(state: \.lock, action: AppAction.lock,
                      extract: { if case .lock(let a) = $0 { a } else { nil } }, child: lockFeature)
    }

    var pinFormScope: OptionalScope<AppState, AppAction, PINForm> {
        OptionalScope(state: \.pinForm, action: AppAction.pinForm,
                      extract: { if case .pinForm(let a) = $0 { a } else { nil } }, child: PINForm(environment: environment))
    }
}
