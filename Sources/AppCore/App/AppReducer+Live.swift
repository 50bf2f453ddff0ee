import Catalog
import Foundation

/// How often a live list on screen follows the instance: every `interval` seconds
/// (`GUESTCRAFT_REFRESH_SECONDS`, 15 by default; nil is never), `soon` seconds after a change
/// of this device was sent, and a tick every `tick` seconds for the header's "updated … ago".
public struct LiveRefreshSettings: Sendable, Equatable {
    public var interval: Int?
    public var soon: Int
    public var tick: Int

    public init(interval: Int?, soon: Int = 3, tick: Int = 5) {
        self.interval = interval
        self.soon = soon
        self.tick = tick
    }

    /// Lists are read when opened and with `r` only.
    public static let off = LiveRefreshSettings(interval: nil)
    public static let defaultInterval = 15

    /// The setting from the environment's value: a whole number of seconds (0 is never);
    /// nil when it is not one (the caller says so and keeps the default).
    public static func parse(_ text: String?) -> LiveRefreshSettings? {
        guard let text else { return LiveRefreshSettings(interval: defaultInterval) }
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0, seconds <= 86_400 else { return nil }
        return LiveRefreshSettings(interval: seconds == 0 ? nil : seconds, soon: min(3, seconds), tick: min(5, max(1, seconds)))
    }
}

/// When the live list on screen last followed the instance and last heard from it.
public struct LiveClock: Sendable, Equatable {
    /// When the tab on screen last read (opened, `r`, or followed on its own).
    public var lastFollowed: Date?
    /// When a read of the tab on screen last got an answer (the header's "updated … ago").
    public var answeredAt: Date?
    /// The time of the last tick, for the header.
    public var now: Date?
    /// A change of this device was sent: follow at this time rather than at the interval.
    public var soonAt: Date?

    public init() {}
}

/// Whether the app follows the instance now: a live list on screen (Today, Housekeeping,
/// My tasks) of a context, the instance reachable, the setting on, the screen not locked. Offline, the outbox's
/// back-off decides when to try (its answer brings `connectionRestored`); on another tab, in
/// Account or on Connect nothing runs, so an idle app costs nothing.
struct LiveFollow: Equatable {
    let active: Bool
    let tab: WorkTab?

    init(_ state: AppState, _ settings: LiveRefreshSettings) {
        guard settings.interval != nil, case .work = state.route, let current = state.current, current.lock == nil,
              current.context != nil, current.activeTab.isLive, current.visibleTabs.contains(current.activeTab),
              current.connection != .offline
        else {
            active = false
            tab = state.current?.activeTab
            return
        }
        active = true
        tab = current.activeTab
    }
}

extension AppReducer {
    static let liveID: EffectID = "app.live"

    /// After every action: starts the ticks when following began, stops them when it ended,
    /// notes what the action means for the next read (a tab opened, an answer, a change sent, a
    /// key after a quiet while).
    func follow(after action: AppAction, from before: LiveFollow, _ state: inout AppState) -> Effect<AppAction> {
        let settings = environment.live
        guard settings.interval != nil else { return .none }
        guard state.current != nil else { return before.active ? .cancel(id: Self.liveID) : .none }
        let after = LiveFollow(state, settings)
        let now = environment.clock.now()
        var effects: [Effect<AppAction>] = []
        if after.tab != before.tab {
            // Another tab: it reads as it opens; its own answers date the header.
            state.current?.live.answeredAt = nil
            state.current?.live.lastFollowed = now
        }
        switch action {
        case .tabs(.delegate(.connection(.online))):
            state.current?.live.answeredAt = now
            state.current?.live.now = now
        case .outboxNews(.roundFinished(_, let sent, _, _, _)) where !sent.isEmpty && after.active:
            state.current?.live.soonAt = now.addingTimeInterval(TimeInterval(settings.soon))
        case .keyPressed where after.active:
            // The first key after a quiet while in which no tick came (the terminal or the
            // device slept): follow at once.
            if let interval = settings.interval, let last = state.current?.live.lastFollowed,
               now.timeIntervalSince(last) >= TimeInterval(interval + settings.tick) {
                effects.append(followNow(now, &state))
            }
        default:
            break
        }
        if after.active != before.active {
            if after.active {
                if state.current?.live.lastFollowed == nil { state.current?.live.lastFollowed = now }
                effects.append(ticks(every: settings.tick))
            } else {
                state.current?.live.soonAt = nil
                effects.append(.cancel(id: Self.liveID))
            }
        }
        return .merge(effects)
    }

    /// A tick: the header's time moves on; the list follows when its interval (or the short
    /// wait after a sent change) has passed.
    func liveTick(_ state: inout AppState) -> Effect<AppAction> {
        guard LiveFollow(state, environment.live).active, let interval = environment.live.interval,
              let live = state.current?.live else { return .none }
        let now = environment.clock.now()
        state.current?.live.now = now
        // Ticks do not line up with the last read (a tab opened between two): half a tick early
        // is on time, so a read comes every interval ± half a tick rather than up to a tick late.
        let due = live.lastFollowed.map {
            now.timeIntervalSince($0) >= TimeInterval(interval) - TimeInterval(environment.live.tick) / 2
        } ?? true
        let soon = live.soonAt.map { now >= $0 } ?? false
        guard due || soon else { return .none }
        return followNow(now, &state)
    }

    func followNow(_ now: Date, _ state: inout AppState) -> Effect<AppAction> {
        guard let tab = state.current?.activeTab else { return .none }
        state.current?.live.lastFollowed = now
        state.current?.live.soonAt = nil
        return tabEvent(.liveRefresh(tab), &state)
    }

    /// Ticks every `seconds` until cancelled (`liveID`).
    func ticks(every seconds: Int) -> Effect<AppAction> {
        let sleep = environment.clock.sleep
        return .run(id: Self.liveID, cancelInFlight: true) { send in
            do {
                while true {
                    try await sleep(.seconds(seconds))
                    send(.liveTick)
                }
            } catch {}
        }
    }

    /// "updated 10 s ago" ("10 s ago" when `short`) for the header while a live list on screen
    /// is online; nil otherwise.
    static func updatedAgo(_ current: CurrentInstance, short: Bool = false) -> String? {
        guard current.activeTab.isLive, current.connection == .online, let answered = current.live.answeredAt
        else { return nil }
        let seconds = max(0, Int((current.live.now ?? answered).timeIntervalSince(answered)))
        switch seconds {
        case ..<5: return short ? L("header.updated_now_short") : L("header.updated_now")
        case ..<60:
            let rounded = seconds / 5 * 5
            return short ? L("header.updated_seconds_ago_short", ["seconds": rounded])
                         : L("header.updated_seconds_ago", ["seconds": rounded])
        case ..<3600:
            return short ? L("header.updated_minutes_ago_short", ["minutes": seconds / 60])
                         : L("header.updated_minutes_ago", ["minutes": seconds / 60])
        default: return nil
        }
    }
}
