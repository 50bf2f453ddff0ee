import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// Account: the instance, person, workspace and property, and switching them; the changes
/// waiting to be sent and those needing a decision, each with Discard (a refused one with the
/// instance's explanation); Send now; sign out (the app first says how many changes it deletes).
public struct AccountFeature: Reducer {
    public struct State: Equatable, Sendable {
        public var changes: [PendingChange]
        public var isLoading: Bool
        public var focus: Focus
        public var notice: Notice?
        /// The account's PIN lock, as the app knows it (set each time Account is loaded).
        public var lock: LockSummary
        /// This device's accounts when it has more than one (set each time Account is loaded).
        public var accounts: [AccountRow] = []
        /// Their changes kept, as last counted.
        public var accountCounts: [DeviceSessionID: OutboxCounts] = [:]

        public init(changes: [PendingChange] = [], isLoading: Bool = false, focus: Focus = .command(.switchProperty),
                    notice: Notice? = nil, lock: LockSummary = LockSummary()) {
            self.changes = changes
            self.isLoading = isLoading
            self.focus = focus
            self.notice = notice
            self.lock = lock
        }

        /// The commands shown: the PIN's own only where they mean something.
        var commands: [Command] {
            Command.allCases.filter { command in
                switch command {
                case .lockAfter: lock.hasPIN
                case .removePIN: lock.hasPIN && !lock.required
                case .switchAccount: !accounts.isEmpty
                default: true
                }
            }
        }

        var waiting: [PendingChange] { changes.filter { $0.hold == nil } }
        var held: [PendingChange] { changes.filter { $0.hold != nil } }

        /// Focusable places, top to bottom.
        var order: [Focus] {
            commands.map(Focus.command) + accounts.map { .account($0.id) } + waiting.map { .change($0.id) } + held.map { .change($0.id) }
        }

        var focusedChange: PendingChange? {
            guard case .change(let id) = focus else { return nil }
            return changes.first { $0.id == id }
        }
    }

    /// The commands of the screen, in order.
    public enum Command: String, CaseIterable, Hashable, Sendable {
        case switchProperty, switchInstance, sendNow, signOut
        /// Set a PIN, or change the one set.
        case pin
        /// How long the screen may stay untouched before it locks (needs a PIN).
        case lockAfter
        case removePIN
        /// The next account of this device (with more than one).
        case switchAccount

        var key: Character {
            switch self {
            case .switchProperty: "w"
            case .switchInstance: "i"
            case .sendNow: "n"
            case .signOut: "o"
            case .pin: "p"
            case .lockAfter: "t"
            case .removePIN: "e"
            case .switchAccount: "a"
            }
        }

        func title(_ lock: LockSummary) -> String {
            switch self {
            case .switchProperty: L("account.switch_property")
            case .switchInstance: L("account.switch_instance")
            case .sendNow: L("account.send_now")
            case .signOut: L("account.sign_out")
            case .pin: lock.hasPIN ? L("account.change_pin") : L("account.set_pin")
            case .lockAfter:
                if let seconds = lock.forcedSeconds { L("account.lock_after_device", ["time": IdleText.duration(seconds)]) }
                else { L("account.lock_after", ["time": IdleText.choice(lock.idle)]) }
            case .removePIN: L("account.remove_pin")
            case .switchAccount: L("account.switch_account")
            }
        }
    }

    public enum Focus: Hashable, Sendable {
        case command(Command)
        case change(Int64)
        /// Another account of this device (Enter switches to it).
        case account(DeviceSessionID)
    }

    /// An account of this device as Account lists it.
    public struct AccountRow: Equatable, Sendable {
        public var id: DeviceSessionID
        public var instance: String
        public var person: String
        /// Its changes kept (every workspace), once counted.
        public var counts: OutboxCounts?
        /// It has a PIN: switching to it asks for it.
        public var hasPIN: Bool
        public var isOnScreen: Bool

        public init(id: DeviceSessionID, instance: String, person: String, counts: OutboxCounts?, hasPIN: Bool,
                    isOnScreen: Bool) {
            self.id = id
            self.instance = instance
            self.person = person
            self.counts = counts
            self.hasPIN = hasPIN
            self.isOnScreen = isOnScreen
        }
    }

    public enum Action: Equatable, Sendable {
        case changesLoaded(Result<[PendingChange], StorageFailure>)
        case keyPressed(Key)
        case rowClicked(RowID)
        /// "Review" from a work screen: focus the first change that needs a decision.
        case focusReview
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            case run(Command)
            /// Discard this change (after the app asks).
            case discard(PendingChange)
            /// Put this account of the device on screen.
            case switchTo(DeviceSessionID)
        }
    }

    let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    static let loadID: EffectID = "account.changes"
    static let accountsID: EffectID = "account.accounts"

    /// Reads the changes of the active partition again.
    func load(_ state: inout State) -> Effect<Action> {
        state.isLoading = true
        let changes = environment.outbox.changes
        return .run(id: Self.loadID, cancelInFlight: true) { send in send(.changesLoaded(await changes())) }
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .changesLoaded(.success(let changes)):
            state.isLoading = false
            state.changes = changes
            if !state.order.contains(state.focus) { state.focus = .command(.switchProperty) }
            return .none

        case .changesLoaded(.failure(let error)):
            state.isLoading = false
            state.notice = Notice(.error, ErrorText.storage)
            let log = environment.log
            return .run { _ in log("account: reading changes failed: \(error)") }

        case .keyPressed(let key):
            return keyPressed(key, state: &state)

        case .rowClicked(let id):
            // A click on the focused row arrives as Enter (`AppView.clickIsEnter`): here it focuses.
            guard let focus = Self.focus(of: id), state.order.contains(focus) else { return .none }
            state.focus = focus
            return .none

        case .focusReview:
            if let first = state.held.first { state.focus = .change(first.id) }
            return .none

        case .delegate:
            return .none
        }
    }

    private func keyPressed(_ key: Key, state: inout State) -> Effect<Action> {
        if let move = ListFocus.move(for: key) {
            // A focus not in the list counts as on its first row.
            let order = state.order
            let current = order.firstIndex(of: state.focus) ?? 0
            if let index = ListFocus.index(move, count: order.count, current: current) { state.focus = order[index] }
            return .none
        }
        switch key {
        case .enter: return activate(state)
        case .character("r"): return load(&state)
        case .character("x"), .delete:
            if let change = state.focusedChange { return .send(.delegate(.discard(change))) }
        case .character(let c):
            if let command = state.commands.first(where: { $0.key == c }) { return .send(.delegate(.run(command))) }
        default: break
        }
        return .none
    }

    private func activate(_ state: State) -> Effect<Action> {
        switch state.focus {
        case .command(let command): .send(.delegate(.run(command)))
        case .change: state.focusedChange.map { .send(.delegate(.discard($0))) } ?? .none
        case .account(let id): .send(.delegate(.switchTo(id)))
        }
    }

    // MARK: - View

    static func rowID(_ focus: Focus) -> RowID {
        switch focus {
        case .command(let command): RowID("account." + command.rawValue)
        case .change(let id): RowID("account.change.\(id)")
        case .account(let id): RowID("account.account.\(id.rawValue)")
        }
    }

    static func focus(of id: RowID) -> Focus? {
        if id.rawValue.hasPrefix("account.change."), let number = Int64(id.rawValue.dropFirst("account.change.".count)) {
            return .change(number)
        }
        if id.rawValue.hasPrefix("account.account.") {
            return .account(DeviceSessionID(String(id.rawValue.dropFirst("account.account.".count))))
        }
        return Command.allCases.first { rowID(.command($0)) == id }.map(Focus.command)
    }

    /// What Account shows about the context on screen.
    public struct Info: Equatable, Sendable {
        public var instance: SavedInstance
        public var session: StoredSession
        public var workspace: Workspace?
        public var property: Property?
        public var counts: OutboxCounts
        /// Whose the changes are, when the device has more than one account.
        public var owner: String?

        public init(instance: SavedInstance, session: StoredSession, workspace: Workspace?, property: Property?,
                    counts: OutboxCounts, owner: String? = nil) {
            self.owner = owner
            self.instance = instance
            self.session = session
            self.workspace = workspace
            self.property = property
            self.counts = counts
        }
    }

    /// What a switch does to a person's changes waiting: said on Account (`onScreen`: to the
    /// person who would leave) and, after a switch, to the next person.
    public static func waitingSentence(person: String, count: Int, onScreen: Bool) -> String {
        onScreen ? L("account.switch_keeps", ["count": count])
            : L("account.left_waiting", ["person": InertText.sanitize(person), "count": count])
    }

    static func hints(_ state: State) -> [KeyHint] {
        // The PIN's keys are in `?` and on their rows; the line keeps the everyday ones.
        var hints: [KeyHint] = []
        if state.focusedChange != nil { hints.append(KeyHint(key: "x", label: L("account.key_discard"))) }
        // The commands' own keys (`Command.key`), so the line never says another key than the one that works.
        hints += [KeyHint(key: String(Command.switchProperty.key), label: L("account.key_switch")),
                  KeyHint(key: String(Command.sendNow.key), label: L("account.send_now")),
                  KeyHint(key: String(Command.signOut.key), label: L("account.sign_out")),
                  KeyHint(key: String(Command.switchInstance.key), label: L("account.key_instance"))]
        return hints
    }

    static func helpKeys(_ state: State) -> [KeyHint] {
        var keys: [KeyHint] = []
        if state.focusedChange != nil { keys.append(KeyHint(key: "x", label: L("account.key_discard"))) }
        keys += state.commands.map { KeyHint(key: String($0.key), label: $0.title(state.lock)) }
        return keys + [KeyHint(key: "r", label: L("keys.refresh"))]
    }

    public static func view(_ state: State, info: Info) -> ScreenBody {
        func labelled(_ label: String, _ value: [Span]) -> Row {
            Row([Span(DisplayWidth.fit(label, to: 11), style: .muted)] + value)
        }
        var rows: [Row] = [
            .title(L("tabs.account")),
            labelled(L("account.instance"), [Span(inert: info.instance.name),
                                             Span(" · " + info.instance.origin.displayHost, style: .muted)]),
            labelled(L("account.person"), [Span(inert: info.session.user.name)]),
            labelled(L("account.workspace"), info.workspace.map { [Span(inert: $0.name)] } ?? [Span("—", style: .muted)]),
            labelled(L("account.property"), info.property.map { [Span(inert: $0.name)] } ?? [Span("—", style: .muted)]),
            labelled(L("account.device"), [Span(inert: info.session.deviceName)]),
            .blank,
        ]
        for command in state.commands {
            if command == .pin {
                rows.append(.blank)
                rows.append(labelled(L("account.lock"), [Span(state.lock.hasPIN ? L("account.lock_on") : L("account.lock_off"),
                                                              style: state.lock.hasPIN ? .normal : .muted)]))
            }
            var title = command.title(state.lock)
            if command == .sendNow, info.counts.toSend > 0 {
                title += " (" + L("header.to_send", ["count": info.counts.toSend]) + ")"
            }
            rows.append(.line(Span(title), id: rowID(.command(command)),
                              trailing: [Span(String(command.key), style: .hintKey)]))
        }
        rows.append(.blank)
        if !state.accounts.isEmpty {
            rows.append(.line(Span(L("account.accounts_title", ["count": state.accounts.count]), style: .title)))
            // What waits keeps being sent for its own person while another is on screen (#31),
            // said above the rows so that it shows with the row in focus on a small screen.
            for account in state.accounts {
                guard let count = account.counts?.toSend, count > 0 else { continue }
                rows.append(.paragraph(Span(Self.waitingSentence(person: account.person, count: count,
                                                                 onScreen: account.isOnScreen), style: .muted)))
            }
            for account in state.accounts {
                var trailing: [Span] = []
                if let counts = account.counts {
                    trailing.append(Span(L("header.to_send", ["count": counts.toSend]) + " · "
                                         + L("header.to_review", ["count": counts.toReview]), style: .muted))
                }
                if account.isOnScreen {
                    trailing.append(Span(" · " + L("account.on_screen"), style: .muted))
                } else {
                    trailing.append(Span(" · " + (account.hasPIN ? L("account.locked") : L("account.no_pin")), style: .muted))
                }
                rows.append(.line(Span(inert: account.person), Span(" · ", style: .muted), Span(inert: account.instance, style: .muted),
                                  id: rowID(.account(account.id)), trailing: trailing))
            }
            rows.append(.blank)
        }
        let waiting = state.waiting
        let held = state.held
        // With several accounts every change says whose it is.
        let owner = info.owner.map { [Span(" · ", style: .muted), Span(inert: $0, style: .muted)] } ?? []
        if waiting.isEmpty && held.isEmpty {
            rows.append(.line(Span(state.isLoading ? L("account.loading_changes") : L("account.no_changes"),
                                   style: .muted)))
        }
        if !waiting.isEmpty {
            rows.append(.line(Span(L("account.waiting_title", ["count": waiting.count]), style: .title)))
            for change in waiting {
                let status = change.outcomeUnknown ? L("account.outcome_unknown") : L("account.waiting")
                rows.append(Row(id: rowID(.change(change.id)), [Span(inert: change.summary)] + owner,
                                trailing: [Span(status, style: .muted)]))
            }
        }
        if !held.isEmpty {
            if !waiting.isEmpty { rows.append(.blank) }
            rows.append(.line(Span(L("account.held_title", ["count": held.count]), style: .title)))
            for change in held {
                guard let hold = change.hold else { continue }
                let reason = hold.reason == .conflict ? L("account.conflict") : L("account.refused")
                rows.append(Row(id: rowID(.change(change.id)), [Span(inert: change.summary)] + owner,
                                trailing: [Span(reason, style: .noticeWarning)]))
                rows.append(.paragraph(Span("  " + HeldSentences.review(hold), style: .muted)))
                if hold.reason == .refused, let detail = hold.detail, !detail.isEmpty {
                    rows.append(.paragraph(Span("  " + L("account.instance_says"), style: .muted),
                                           Span(inert: detail, style: .muted)))
                }
            }
        }
        var notices: [Notice] = []
        if let notice = state.notice { notices.append(notice) }
        return ScreenBody(rows: rows, focus: rowID(state.focus), notices: notices, hints: hints(state),
                          helpKeys: helpKeys(state))
    }
}
