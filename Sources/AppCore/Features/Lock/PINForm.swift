import Catalog
import Foundation
import ClientModel

/// Account's dialog for the PIN of the account on screen: set one (typed twice), change it (the
/// current one first, then the new one twice) or remove it (the current one). Digits are never
/// shown. A wrong current PIN closes the dialog and locks the screen (`delegate(.wrongPIN)`): who
/// does not know the PIN is not the person it protects, and guessing here must cost what
/// guessing on the locked screen costs.
public struct PINForm: Reducer {
    public struct State: Equatable, Sendable {
        public enum Purpose: Equatable, Sendable { case set, change, remove }
        public enum Step: Equatable, Sendable { case current, new, again }

        public var account: Account
        public var purpose: Purpose
        public var step: Step
        public var entry: PIN
        /// The current PIN, once typed (change), and the new one, once typed the first time.
        public var current: PIN?
        public var first: PIN?
        /// The current PIN is being checked, or the new one saved.
        public var checking: Bool
        public var notice: Notice?

        public init(account: Account, purpose: Purpose) {
            self.account = account
            self.purpose = purpose
            step = purpose == .set ? .new : .current
            entry = PIN()
            checking = false
        }
    }

    public enum Action: Equatable, Sendable {
        case keyPressed(Key)
        case currentChecked(Bool)
        /// The PIN was saved or removed (nil), or not.
        case saved(StorageFailure?)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            case cancelled
            /// The PIN is set (or changed, or removed: `hasPIN` false).
            case done(hasPIN: Bool)
            /// The current PIN typed was wrong.
            case wrongPIN
        }
    }

    static let effectID: EffectID = "pin_form"

    let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .keyPressed(let key):
            guard !state.checking else { return .none }
            switch key {
            case .character(let c):
                if state.entry.type(c) { state.notice = nil }
            case .backspace, .delete: state.entry.deleteLast()
            case .escape: return .send(.delegate(.cancelled))
            case .enter: return submit(&state)
            default: break
            }
            return .none

        case .currentChecked(false):
            state.checking = false
            return .send(.delegate(.wrongPIN))

        case .currentChecked(true):
            state.checking = false
            guard state.purpose == .remove else {
                state.step = .new
                return .none
            }
            state.checking = true
            let remove = environment.lock.removePIN
            let account = state.account
            return .run(id: Self.effectID) { send in send(.saved(await remove(account).failure)) }

        case .saved(nil):
            state.checking = false
            return .send(.delegate(.done(hasPIN: state.purpose != .remove)))

        case .saved(let error?):
            state.checking = false
            state.notice = Notice(.error, ErrorText.storage)
            let log = environment.log
            return .run { _ in log("lock: saving the PIN failed: \(error)") }

        case .delegate:
            return .none
        }
    }

    private func submit(_ state: inout State) -> Effect<Action> {
        guard let pin = PIN.submitted(state.entry, notice: &state.notice) else { return .none }
        let account = state.account
        let lock = environment.lock
        state.entry = PIN()
        switch state.step {
        case .current:
            state.current = pin
            state.checking = true
            return .run(id: Self.effectID) { send in send(.currentChecked(await lock.verify(account, pin))) }
        case .new:
            state.first = pin
            state.step = .again
            return .none
        case .again:
            guard pin == state.first else {
                state.first = nil
                state.step = .new
                state.notice = Notice(.warning, L("lock.pins_differ"))
                return .none
            }
            state.checking = true
            return .run(id: Self.effectID) { send in send(.saved(await lock.setPIN(account, pin).failure)) }
        }
    }

    // MARK: - View

    static let fieldRow: RowID = "pin_form.field"

    static func overlay(_ state: State) -> Overlay {
        let title: String
        switch state.purpose {
        case .set: title = L("pin_form.title_set")
        case .change: title = L("pin_form.title_change")
        case .remove: title = L("pin_form.title_remove")
        }
        let prompt: String
        switch state.step {
        case .current: prompt = L("pin_form.current")
        case .new: prompt = L("pin_form.new")
        case .again: prompt = L("pin_form.again")
        }
        var rows: [Row] = [
            .paragraph(Span(prompt)),
            .field(id: fieldRow, Field(label: Span(L("lock.pin_label") + "  ", style: .muted),
                                       value: InertString(String(repeating: "0", count: state.entry.count)), isSecret: true)),
        ]
        if state.checking {
            rows.append(.paragraph(Span(L("lock.checking"), style: .muted)))
        } else if let notice = state.notice {
            rows.append(.paragraph(Span(notice.text, style: notice.level.style)))
        }
        return Overlay(title: Span(title), rows: rows, focus: fieldRow)
    }

    static var hints: [KeyHint] {
        [KeyHint(key: L("keys.enter"), label: L("lock.key_next")), KeyHint(key: L("keys.escape"), label: L("keys.cancel"))]
    }
}

extension Result {
    /// The error, nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
