import Foundation
import ClientModel
import GuestCraftAPI

/// How the app looks for the instance while it cannot reach it (#30): a probe after `first`
/// seconds, then waits doubling up to `cap`, so a screen is Online at most `cap` seconds (and a
/// read or two) after the instance answers again.
public struct ReachProbeSettings: Sendable, Equatable {
    /// Seconds before the first probe after the connection was lost.
    public var first: Int
    /// The longest wait between two probes.
    public var cap: Int

    public init(first: Int, cap: Int) {
        self.first = first
        self.cap = cap
    }

    /// 2 s, 4 s, then every 8 s: Online within 15 s of the instance answering (the 8 s and its
    /// two reads, discovery then the screen's).
    public static let standard = ReachProbeSettings(first: 2, cap: 8)

    /// The wait before the probe that follows `missed` probes that found nothing.
    func wait(afterMissed missed: Int) -> Int {
        min(cap, first << min(max(missed, 0), 16))
    }
}

/// Whether the app looks for the instance now: a context on the work screens, not locked, the
/// instance not reached (the header says Offline). The app's own probe, beside the outbox's
/// back-off (which tries only while changes wait, and only as often as two minutes): the screens
/// of a desk with nothing to send went back Online only on `r` before (#30).
struct ReachWatch: Equatable {
    let active: Bool
    /// Whose probe it is (another account on screen probes afresh).
    let session: DeviceSessionID?

    init(_ state: AppState, _ settings: ReachProbeSettings?) {
        session = state.current?.session.sessionID
        guard settings != nil, case .work = state.route, let current = state.current, current.lock == nil,
              current.context != nil else {
            active = false
            return
        }
        active = current.connection == .offline
    }
}

extension AppReducer {
    static let reachID: EffectID = "app.reach"

    /// After every action: the probes start when the instance was lost, stop when it is reached
    /// (or the screen locks, or the context ends).
    func watchReach(from before: ReachWatch, _ state: inout AppState) -> Effect<AppAction> {
        let after = ReachWatch(state, environment.probe)
        guard after != before else { return .none }
        guard after.active, let settings = environment.probe else { return .cancel(id: Self.reachID) }
        state.current?.probesMissed = 0
        return probe(after: settings.first, state)
    }

    /// Probes at once (a round of the outbox found nothing to say of the instance).
    func probeNow(_ state: inout AppState) -> Effect<AppAction> {
        probe(after: 0, state)
    }

    /// After `seconds`, reads the instance's discovery (small, no credentials): the one question
    /// "does it answer", for every screen at once.
    func probe(after seconds: Int, _ state: AppState) -> Effect<AppAction> {
        guard let current = state.current else { return .none }
        let (check, sleep) = (environment.instances.check, environment.clock.sleep)
        let (origin, id) = (current.instance.origin, current.session.sessionID)
        return .run(id: Self.reachID, cancelInFlight: true) { send in
            if seconds > 0 {
                do { try await sleep(.seconds(seconds)) } catch { return }
            }
            let reached = if case .success = await check(origin) { true } else { false }
            send(.reachProbed(id, reached: reached))
        }
    }

    /// The probe's answer: reached, the app is Online (every screen that says Offline reads
    /// again, the outbox sends); else the next probe waits longer, up to the cap.
    func reachProbed(_ id: DeviceSessionID, reached: Bool, _ state: inout AppState) -> Effect<AppAction> {
        guard var current = state.current, current.session.sessionID == id,
              ReachWatch(state, environment.probe).active, let settings = environment.probe else { return .none }
        guard reached else {
            current.probesMissed += 1
            state.current = current
            return probe(after: settings.wait(afterMissed: current.probesMissed), state)
        }
        let missed = current.probesMissed
        current.probesMissed = 0
        let online = markOnline(&current)
        state.current = current
        return .merge(online, log("reach: the instance answers again (after \(missed) probe(s) that found nothing)"))
    }
}
