import Catalog
import Foundation
import ClientModel

/// Connect: the saved instances (open, remove) and adding one by its address, with each
/// refusal of discovery as its own sentence; a pairing link typed or pasted here goes to Pair.
public struct ConnectFeature: Reducer {
    public struct State: Equatable, Sendable {
        public var instances: [InstanceSummary]
        public var isLoading: Bool
        public var focus: Focus
        public var address: TextInput
        /// An address is being checked.
        public var isChecking: Bool
        public var notice: Notice?

        /// While the list loads the focus waits on Pair (no field takes `q`); the first list puts
        /// it on the first instance, or in the address field when there is none.
        public init(instances: [InstanceSummary] = [], isLoading: Bool = true, focus: Focus = .pair,
                    address: TextInput = TextInput(), isChecking: Bool = false, notice: Notice? = nil) {
            self.instances = instances
            self.isLoading = isLoading
            self.focus = focus
            self.address = address
            self.isChecking = isChecking
            self.notice = notice
        }

        /// Printable keys go to the address field.
        public var isEditingText: Bool { focus == .address && !isChecking }

        /// Focusable places, top to bottom.
        var order: [Focus] { instances.map { .instance($0.instance.key) } + [.address, .pair] }

        var focusedInstance: InstanceSummary? {
            guard case .instance(let key) = focus else { return nil }
            return instances.first { $0.instance.key == key }
        }
    }

    /// What the cursor is on.
    public enum Focus: Hashable, Sendable {
        case instance(String)
        case address
        case pair
    }

    /// Why an address was not added.
    public enum AddFailure: Error, Equatable, Sendable {
        case connect(ConnectError)
        case storage(StorageFailure)
    }

    public enum Action: Equatable, Sendable {
        /// Read the saved instances again.
        case reload
        case listed(Result<[InstanceSummary], StorageFailure>)
        case keyPressed(Key)
        case pasted(String)
        case rowClicked(RowID)
        case addressChecked(Result<SavedInstance, AddFailure>)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            /// Open this instance (its work screens, or sign-in when not signed in).
            case open(InstanceSummary)
            /// Go to Pair, with a link already typed or pasted.
            case pair(link: String?)
            /// Remove this instance (after the app asks, with its unsent count).
            case remove(InstanceSummary)
        }
    }

    let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    static let checkID: EffectID = "connect.check"

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .reload:
            state.isLoading = true
            return load()

        case .listed(.success(let instances)):
            let first = state.isLoading && state.focus == .pair
            state.isLoading = false
            state.instances = instances
            if first || !state.order.contains(state.focus) {
                state.focus = instances.first.map { .instance($0.instance.key) } ?? .address
            }
            return .none

        case .listed(.failure(let failure)):
            state.isLoading = false
            state.notice = Notice(.error, ErrorText.storage)
            return log("connect: listing instances failed: \(failure)")

        case .keyPressed(let key):
            return keyPressed(key, state: &state)

        case .pasted(let text):
            let line = PastedLine(text)
            if Self.looksLikePairingLink(line.text) { return .send(.delegate(.pair(link: line.text))) }
            state.focus = .address
            state.address.insert(line.text)
            return line.submits ? submitAddress(&state) : .none

        case .rowClicked(let id):
            guard let focus = Self.focus(of: id), state.order.contains(focus) else { return .none }
            if state.focus == focus { return activate(&state) }
            state.focus = focus
            return .none

        case .addressChecked(.success(let saved)):
            state.isChecking = false
            state.address = TextInput()
            state.notice = nil
            let summary = state.instances.first { $0.instance.key == saved.key }
                ?? InstanceSummary(instance: saved, session: nil, unsent: 0)
            return .send(.delegate(.open(summary)))

        case .addressChecked(.failure(let failure)):
            state.isChecking = false
            switch failure {
            case .connect(let error):
                state.notice = Notice(.error, ErrorText.connect(error))
                return log("connect: \(state.address.trimmed) refused: \(error)")
            case .storage(let error):
                state.notice = Notice(.error, ErrorText.storage)
                return log("connect: saving failed: \(error)")
            }

        case .delegate:
            return .none
        }
    }

    /// Reads the saved instances.
    func load() -> Effect<Action> {
        let list = environment.instances.list
        return .run { send in send(.listed(await list())) }
    }

    private func keyPressed(_ key: Key, state: inout State) -> Effect<Action> {
        if state.isChecking {
            if key == .escape {
                state.isChecking = false
                return .cancel(id: Self.checkID)
            }
            return .none
        }
        if state.focus == .address {
            switch key {
            case .enter: return submitAddress(&state)
            case .up, .down, .tab, .backTab: moveFocus(key == .up || key == .backTab ? -1 : 1, &state)
            case .escape:
                if !state.address.isEmpty {
                    state.address = TextInput()
                } else {
                    // Out of the field, so that q and ? work: to the last instance, else to Pair.
                    state.focus = state.instances.last.map { .instance($0.instance.key) } ?? .pair
                }
            default: _ = state.address.apply(key)
            }
            return .none
        }
        switch key {
        case .up, .character("k"), .backTab: moveFocus(-1, &state)
        case .down, .character("j"), .tab: moveFocus(1, &state)
        case .home: state.focus = state.order.first ?? .address
        case .end: state.focus = .pair
        case .enter: return activate(&state)
        case .character("a"): state.focus = .address
        case .character("p"): return .send(.delegate(.pair(link: nil)))
        case .character("x"), .delete:
            if let summary = state.focusedInstance { return .send(.delegate(.remove(summary))) }
        case .character("r"): return reduce(into: &state, action: .reload)
        case .character(let c) where c != "q" && c != "?":
            // Typing (or a scanner typing a pairing link) starts the address field.
            state.focus = .address
            state.address.insert(String(c))
        default: break
        }
        return .none
    }

    private func activate(_ state: inout State) -> Effect<Action> {
        switch state.focus {
        case .instance:
            guard let summary = state.focusedInstance else { return .none }
            return .send(.delegate(.open(summary)))
        case .address:
            return submitAddress(&state)
        case .pair:
            return .send(.delegate(.pair(link: nil)))
        }
    }

    private func submitAddress(_ state: inout State) -> Effect<Action> {
        let address = state.address.trimmed
        guard !address.isEmpty else {
            state.notice = Notice(.warning, L("connect.type_address"))
            return .none
        }
        if Self.looksLikePairingLink(address) { return .send(.delegate(.pair(link: address))) }
        state.isChecking = true
        state.notice = nil
        let instances = environment.instances
        return .run(id: Self.checkID, cancelInFlight: true) { send in
            switch await instances.connect(address) {
            case .failure(let error):
                send(.addressChecked(.failure(.connect(error))))
            case .success(let connected):
                switch await instances.save(connected) {
                case .success(let saved): send(.addressChecked(.success(saved)))
                case .failure(let error): send(.addressChecked(.failure(.storage(error))))
                }
            }
        }
    }

    private func moveFocus(_ step: Int, _ state: inout State) {
        let order = state.order
        guard let index = order.firstIndex(of: state.focus) else {
            state.focus = order.first ?? .address
            return
        }
        state.focus = order[min(max(0, index + step), order.count - 1)]
    }

    private func log(_ line: String) -> Effect<Action> {
        let log = environment.log
        return .run { _ in log(line) }
    }

    /// A pairing link rather than an address (`…/mobile/pair#gcp_…`).
    static func looksLikePairingLink(_ text: String) -> Bool {
        text.contains("/mobile/pair#")
    }

    // MARK: - View

    static func rowID(_ focus: Focus) -> RowID {
        switch focus {
        case .instance(let key): RowID("connect.instance." + key)
        case .address: "connect.address"
        case .pair: "connect.pair"
        }
    }

    static func focus(of id: RowID) -> Focus? {
        let raw = id.rawValue
        if raw == "connect.address" { return .address }
        if raw == "connect.pair" { return .pair }
        if raw.hasPrefix("connect.instance.") { return .instance(String(raw.dropFirst("connect.instance.".count))) }
        return nil
    }

    /// Keys of the screen, for the hint line and `?`.
    static func hints(_ state: State) -> [KeyHint] {
        if state.isChecking { return [KeyHint(key: L("keys.escape"), label: L("keys.cancel"))] }
        if state.focus == .address {
            return [KeyHint(key: L("keys.enter"), label: L("connect.key_check")),
                    KeyHint(key: L("keys.escape"), label: L("keys.clear")),
                    KeyHint(key: "↑↓", label: L("keys.move"))]
        }
        var hints = [KeyHint(key: L("keys.enter"), label: L("keys.open"))]
        if state.focusedInstance != nil { hints.append(KeyHint(key: "x", label: L("connect.key_remove"))) }
        hints += [KeyHint(key: "a", label: L("connect.key_add")), KeyHint(key: "p", label: L("connect.key_pair")),
                  GlobalKeys.help, GlobalKeys.quit]
        return hints
    }

    public static func view(_ state: State) -> ScreenBody {
        var rows: [Row] = [.title(L("connect.title")), .blank]
        if state.isLoading && state.instances.isEmpty {
            rows.append(.line(Span(L("connect.loading"), style: .muted)))
        } else if state.instances.isEmpty {
            rows.append(.paragraph(Span(L("connect.none_saved"))))
        } else {
            rows.append(.line(Span(L("connect.saved_instances"), style: .title)))
            for summary in state.instances {
                var trailing: [Span] = []
                if let session = summary.session {
                    trailing.append(Span(inert: session.user.name))
                } else {
                    trailing.append(Span(L("connect.not_signed_in"), style: .muted))
                }
                if summary.unsent > 0 {
                    trailing.append(Span(" · " + L("connect.unsent", ["count": summary.unsent]), style: .noticeWarning))
                }
                rows.append(Row(id: rowID(.instance(summary.instance.key)),
                                [Span(inert: summary.instance.name), Span(" · " + summary.instance.origin.displayHost, style: .muted)],
                                trailing: trailing))
            }
        }
        rows += [.blank, .line(Span(L("connect.add_title"), style: .title))]
        rows.append(.field(id: rowID(.address),
                           state.address.field(label: L("connect.address_label"), placeholder: L("connect.address_placeholder"))))
        rows.append(.line(Span(L("connect.pair_row")), id: rowID(.pair)))
        var notices: [Notice] = []
        if state.isChecking { notices.append(Notice(.info, L("connect.checking"))) }
        if let notice = state.notice { notices.append(notice) }
        return ScreenBody(rows: rows, focus: rowID(state.focus), notices: notices, hints: hints(state))
    }
}
