import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// Pair: a pairing link typed, pasted or scanned; the instance's name and host shown for
/// confirmation before the code leaves the device; then the exchange for a device session.
public struct PairFeature: Reducer {
    public struct State: Equatable, Sendable {
        public var link: TextInput
        public var deviceName: TextInput
        public var focus: Input
        public var phase: Phase
        public var notice: Notice?

        public init(link: String = "", deviceName: String, focus: Input = .link, phase: Phase = .editing,
                    notice: Notice? = nil) {
            self.link = TextInput(link)
            self.deviceName = TextInput(deviceName, limit: DeviceName.maximumLength * 2)
            self.focus = focus
            self.phase = phase
            self.notice = notice
        }

        public var isEditingText: Bool { phase == .editing }
    }

    /// The field the cursor is in.
    public enum Input: Hashable, Sendable {
        case link, deviceName
    }

    public enum Phase: Equatable, Sendable {
        case editing
        /// The link and its instance are being checked (no code sent).
        case checking
        /// The person is asked to confirm this instance.
        case confirming(PairingOffer)
        /// The code was sent; waiting for the device session.
        case exchanging(PairingOffer)
    }

    public enum Action: Equatable, Sendable {
        case keyPressed(Key)
        case pasted(String)
        case rowClicked(RowID)
        case checked(Result<PairingOffer, PairingError>)
        case exchanged(Result<SignedIn, PairingError>)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            case paired(SignedIn)
            /// Back to Connect.
            case back
        }
    }

    let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    static let checkID: EffectID = "pair.check"

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .keyPressed(let key):
            return keyPressed(key, state: &state)

        case .pasted(let text):
            guard state.phase == .editing else { return .none }
            let line = PastedLine(text)
            if state.focus == .deviceName {
                state.deviceName.insert(line.text)
                return .none
            }
            state.link.insert(line.text)
            return line.submits ? startCheck(&state) : .none

        case .rowClicked(let id):
            guard state.phase == .editing else { return .none }
            if id == Self.linkRow { state.focus = .link }
            if id == Self.deviceNameRow { state.focus = .deviceName }
            return .none

        case .checked(.success(let offer)):
            guard state.phase == .checking else { return .none }
            state.phase = .confirming(offer)
            state.notice = nil
            return .none

        case .checked(.failure(let error)):
            guard state.phase == .checking else { return .none }
            state.phase = .editing
            state.notice = Notice(.error, ErrorText.pairing(error))
            return log("pair: link refused: \(error)")

        case .exchanged(.success(let signedIn)):
            return .send(.delegate(.paired(signedIn)))

        case .exchanged(.failure(let error)):
            state.phase = .editing
            state.link = TextInput()
            state.focus = .link
            state.notice = Notice(.error, ErrorText.pairing(error))
            return log("pair: exchange failed: \(error)")

        case .delegate:
            return .none
        }
    }

    private func keyPressed(_ key: Key, state: inout State) -> Effect<Action> {
        switch state.phase {
        case .checking:
            if key == .escape {
                state.phase = .editing
                return .cancel(id: Self.checkID)
            }
            return .none
        case .exchanging:
            return .none
        case .confirming(let offer):
            switch key {
            case .character("y"), .character("Y"), .enter:
                state.phase = .exchanging(offer)
                let exchange = environment.pairing.exchange
                let name = state.deviceName.trimmed
                return .run { send in send(.exchanged(await exchange(offer, name))) }
            case .character("n"), .character("N"), .escape, .backspace:
                state.phase = .editing
                state.notice = Notice(.info, L("pair.not_sent"))
            default:
                break
            }
            return .none
        case .editing:
            switch key {
            case .enter:
                if state.focus == .deviceName, state.link.isEmpty {
                    state.focus = .link
                    return .none
                }
                return startCheck(&state)
            case .tab, .backTab, .up, .down:
                state.focus = state.focus == .link ? .deviceName : .link
            case .escape:
                return .send(.delegate(.back))
            default:
                if state.focus == .link { _ = state.link.apply(key) } else { _ = state.deviceName.apply(key) }
            }
            return .none
        }
    }

    func startCheck(_ state: inout State) -> Effect<Action> {
        let link = state.link.trimmed
        guard !link.isEmpty else {
            state.notice = Notice(.warning, L("pair.type_link"))
            state.focus = .link
            return .none
        }
        if case .failure(let problem) = DeviceName.validate(state.deviceName.text) {
            state.notice = Notice(.error, ErrorText.deviceName(problem))
            state.focus = .deviceName
            return .none
        }
        state.phase = .checking
        state.notice = nil
        let check = environment.pairing.check
        return .run(id: Self.checkID, cancelInFlight: true) { send in send(.checked(await check(link))) }
    }

    private func log(_ line: String) -> Effect<Action> {
        let log = environment.log
        return .run { _ in log(line) }
    }

    // MARK: - View

    static let linkRow: RowID = "pair.link"
    static let deviceNameRow: RowID = "pair.device_name"
    static let confirmRow: RowID = "pair.confirm"

    static func hints(_ state: State) -> [KeyHint] {
        switch state.phase {
        case .checking: [KeyHint(key: L("keys.escape"), label: L("keys.cancel"))]
        case .exchanging: []
        case .confirming: [KeyHint(key: "y", label: L("pair.key_pair")), KeyHint(key: "n", label: L("keys.cancel"))]
        case .editing: [KeyHint(key: L("keys.enter"), label: L("pair.key_check")),
                        KeyHint(key: L("keys.tab"), label: L("keys.next_field")),
                        KeyHint(key: L("keys.escape"), label: L("keys.back"))]
        }
    }

    public static func view(_ state: State) -> ScreenBody {
        var rows: [Row] = [.title(L("pair.title")), .blank]
        var notices: [Notice] = []
        var focus: RowID?
        switch state.phase {
        case .confirming(let offer), .exchanging(let offer):
            rows += [
                .line(Span(L("pair.confirm_question"))),
                .blank,
                .line(Span("  "), Span(inert: offer.name, style: .title), id: confirmRow),
                .line(Span("  "), Span(inert: offer.host)),
                .blank,
                .paragraph(Span(L("pair.confirm_explained", ["device": state.deviceName.trimmed]))),
            ]
            focus = confirmRow
            if case .exchanging = state.phase { notices.append(Notice(.info, L("pair.exchanging"))) }
        case .editing, .checking:
            rows += [
                .paragraph(Span(L("pair.explained"))),
                .blank,
                .field(id: linkRow, state.link.field(label: L("pair.link_label"), placeholder: L("pair.link_placeholder"))),
                .field(id: deviceNameRow, state.deviceName.field(label: L("pair.device_name_label"))),
            ]
            focus = state.focus == .link ? linkRow : deviceNameRow
            if state.phase == .checking { notices.append(Notice(.info, L("pair.checking"))) }
        }
        if let notice = state.notice { notices.append(notice) }
        return ScreenBody(rows: rows, focus: focus, notices: notices, hints: hints(state))
    }
}
