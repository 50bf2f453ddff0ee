import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// Sign in to a saved instance this device has no session for: with a browser (the URL shown to
/// copy, the browser opened where possible, Esc cancels) or by pairing with a code.
public struct SignInFeature: Reducer {
    public struct State: Equatable, Sendable {
        public var instance: SavedInstance
        public var phase: Phase
        public var focus: Choice
        public var deviceName: TextInput
        public var notice: Notice?

        public init(instance: SavedInstance, deviceName: String, phase: Phase = .checking, focus: Choice = .browser,
                    notice: Notice? = nil) {
            self.instance = instance
            self.deviceName = TextInput(deviceName, limit: DeviceName.maximumLength * 2)
            self.phase = phase
            self.focus = focus
            self.notice = notice
        }

        public var isEditingText: Bool {
            if case .choosing = phase { return focus == .deviceName }
            return false
        }

        /// The ways offered, in order.
        var choices: [Choice] {
            guard case .choosing(let connected) = phase else { return [] }
            var choices: [Choice] = []
            if connected.offersBrowserSignIn { choices.append(.browser) }
            if connected.offersPairing { choices.append(.pair) }
            if connected.offersBrowserSignIn { choices.append(.deviceName) }
            return choices
        }
    }

    public enum Phase: Equatable, Sendable {
        /// Discovery is read again to see which ways are offered.
        case checking
        /// The instance could not be checked (the notice says why); `r` tries again.
        case unavailable
        case choosing(ConnectedInstance)
        /// The listener is open; the URL is shown once known.
        case waitingForBrowser(ConnectedInstance, BrowserSignInStarted?)
    }

    public enum Choice: Hashable, Sendable {
        case browser, pair, deviceName
    }

    public enum Action: Equatable, Sendable {
        case checked(Result<ConnectedInstance, ConnectError>)
        case keyPressed(Key)
        case pasted(String)
        case rowClicked(RowID)
        case browserStarted(BrowserSignInStarted)
        case finished(Result<SignedIn, SignInError>)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            case signedIn(SignedIn)
            /// Pair with a code instead.
            case pair
            /// Back to Connect.
            case back
        }
    }

    let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    static let checkID: EffectID = "signin.check"
    static let browserID: EffectID = "signin.browser"

    /// Reads the instance's discovery again (which ways it offers).
    func check(_ instance: SavedInstance) -> Effect<Action> {
        let check = environment.instances.check
        let origin = instance.origin
        return .run(id: Self.checkID, cancelInFlight: true) { send in send(.checked(await check(origin))) }
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .checked(.success(let connected)):
            guard case .checking = state.phase else { return .none }
            state.phase = .choosing(connected)
            state.focus = state.choices.first ?? .pair
            if state.choices.isEmpty { state.notice = Notice(.error, ErrorText.connect(.noUsableSignIn)) }
            return .none

        case .checked(.failure(let error)):
            guard case .checking = state.phase else { return .none }
            state.phase = .unavailable
            state.notice = Notice(.error, ErrorText.connect(error))
            return log("sign-in: \(state.instance.origin) refused: \(error)")

        case .keyPressed(let key):
            return keyPressed(key, state: &state)

        case .pasted(let text):
            if state.isEditingText { state.deviceName.insert(PastedLine(text).text) }
            return .none

        case .rowClicked(let id):
            guard let choice = Self.choice(of: id), state.choices.contains(choice) else { return .none }
            if state.focus == choice { return activate(&state) }
            state.focus = choice
            return .none

        case .browserStarted(let started):
            guard case .waitingForBrowser(let connected, _) = state.phase else { return .none }
            state.phase = .waitingForBrowser(connected, started)
            return .none

        case .finished(.success(let signedIn)):
            return .send(.delegate(.signedIn(signedIn)))

        case .finished(.failure(let error)):
            guard case .waitingForBrowser(let connected, _) = state.phase else { return .none }
            state.phase = .choosing(connected)
            state.notice = Notice(error == .cancelled ? .info : .error, ErrorText.signIn(error))
            return log("sign-in: \(state.instance.origin) failed: \(error)")

        case .delegate:
            return .none
        }
    }

    private func keyPressed(_ key: Key, state: inout State) -> Effect<Action> {
        switch state.phase {
        case .checking:
            if key == .escape { return .merge(.cancel(id: Self.checkID), .send(.delegate(.back))) }
            return .none
        case .unavailable:
            switch key {
            case .character("r"):
                state.phase = .checking
                state.notice = nil
                return check(state.instance)
            case .character("p"):
                return .send(.delegate(.pair))
            case .escape, .backspace:
                return .send(.delegate(.back))
            default:
                return .none
            }
        case .waitingForBrowser(let connected, _):
            if key == .escape || key == .backspace {
                state.phase = .choosing(connected)
                state.notice = Notice(.info, L("signin.cancelled"))
                return .cancel(id: Self.browserID)
            }
            return .none
        case .choosing:
            if state.focus == .deviceName {
                switch key {
                case .enter: state.focus = .browser; return activate(&state)
                case .up, .backTab, .tab, .down: moveFocus(key == .up || key == .backTab ? -1 : 1, &state)
                case .escape: state.focus = .browser
                default: _ = state.deviceName.apply(key)
                }
                return .none
            }
            switch key {
            case .up, .character("k"), .backTab: moveFocus(-1, &state)
            case .down, .character("j"), .tab: moveFocus(1, &state)
            case .enter: return activate(&state)
            case .character("b") where state.choices.contains(.browser):
                state.focus = .browser
                return activate(&state)
            case .character("p") where state.choices.contains(.pair):
                return .send(.delegate(.pair))
            case .escape, .backspace: return .send(.delegate(.back))
            default: break
            }
            return .none
        }
    }

    private func activate(_ state: inout State) -> Effect<Action> {
        guard case .choosing(let connected) = state.phase else { return .none }
        switch state.focus {
        case .pair:
            return .send(.delegate(.pair))
        case .deviceName:
            return .none
        case .browser:
            if case .failure(let problem) = DeviceName.validate(state.deviceName.text) {
                state.notice = Notice(.error, ErrorText.deviceName(problem))
                state.focus = .deviceName
                return .none
            }
            state.phase = .waitingForBrowser(connected, nil)
            state.notice = nil
            let browser = environment.signIn.browser
            let name = state.deviceName.trimmed
            return .run(id: Self.browserID, cancelInFlight: true) { send in
                let result = await browser(connected, name) { started in send(.browserStarted(started)) }
                send(.finished(result))
            }
        }
    }

    private func moveFocus(_ step: Int, _ state: inout State) {
        let order = state.choices
        guard let index = order.firstIndex(of: state.focus) else { return }
        state.focus = order[min(max(0, index + step), order.count - 1)]
    }

    private func log(_ line: String) -> Effect<Action> {
        let log = environment.log
        return .run { _ in log(line) }
    }

    // MARK: - View

    static func rowID(_ choice: Choice) -> RowID {
        switch choice {
        case .browser: "signin.browser"
        case .pair: "signin.pair"
        case .deviceName: "signin.device_name"
        }
    }

    static func choice(of id: RowID) -> Choice? {
        [Choice.browser, .pair, .deviceName].first { rowID($0) == id }
    }

    static func hints(_ state: State) -> [KeyHint] {
        switch state.phase {
        case .checking: [KeyHint(key: L("keys.escape"), label: L("keys.back"))]
        case .unavailable: [KeyHint(key: "r", label: L("keys.try_again")), KeyHint(key: "p", label: L("connect.key_pair")),
                            KeyHint(key: L("keys.escape"), label: L("keys.back"))]
        case .waitingForBrowser: [KeyHint(key: L("keys.escape"), label: L("keys.cancel"))]
        case .choosing:
            if state.focus == .deviceName {
                [KeyHint(key: L("keys.enter"), label: L("signin.key_browser")),
                 KeyHint(key: L("keys.escape"), label: L("keys.done"))]
            } else {
                [KeyHint(key: L("keys.enter"), label: L("keys.choose")), KeyHint(key: L("keys.escape"), label: L("keys.back")),
                 GlobalKeys.help, GlobalKeys.quit]
            }
        }
    }

    public static func view(_ state: State) -> ScreenBody {
        var rows: [Row] = [
            .title(L("signin.title")),
            .line(Span(inert: state.instance.name), Span(" · " + state.instance.origin.displayHost, style: .muted)),
            .blank,
        ]
        var notices: [Notice] = []
        var focus: RowID?
        switch state.phase {
        case .checking:
            notices.append(Notice(.info, L("signin.checking")))
        case .unavailable:
            break
        case .choosing:
            for choice in state.choices {
                switch choice {
                case .browser:
                    rows.append(.line(Span(L("signin.with_browser")), id: rowID(.browser),
                                      trailing: [Span("b", style: .hintKey)]))
                case .pair:
                    rows.append(.line(Span(L("signin.with_code")), id: rowID(.pair),
                                      trailing: [Span("p", style: .hintKey)]))
                case .deviceName:
                    rows += [.blank, .field(id: rowID(.deviceName),
                                            state.deviceName.field(label: L("pair.device_name_label")))]
                }
            }
            focus = rowID(state.focus)
        case .waitingForBrowser(_, let started):
            if let started {
                rows.append(.paragraph(Span(started.browserOpened ? L("signin.browser_opened")
                                                                  : L("signin.open_this_url"))))
                rows.append(.blank)
                rows.append(Row(id: "signin.url", [Span(inert: started.url, style: .field)], wraps: true))
                focus = "signin.url"
            }
            notices.append(Notice(.info, L("signin.waiting")))
        }
        if let notice = state.notice { notices.append(notice) }
        return ScreenBody(rows: rows, focus: focus, notices: notices, hints: hints(state))
    }
}
