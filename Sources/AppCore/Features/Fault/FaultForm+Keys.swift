import Catalog
import Foundation
import GuestCraftAPI

/// The form's keys: moving between lines, typing, the choice lists, the photo chooser, leaving.
extension FaultForm {
    func formKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        switch key {
        case .tab, .down: move(by: 1, &state)
        case .backTab, .up: move(by: -1, &state)
        case .control("d"): return submit(&state)
        case .escape: return leave(&state)
        default:
            if Self.isText(state.focus) {
                if key == .enter {
                    move(by: 1, &state)
                } else {
                    editText(of: state.focus, &state) { _ = $0.apply(key) }
                }
                return .none
            }
            return lineKey(key, &state)
        }
        return .none
    }

    /// A key on a line that is not text: a choice, a photo, "Add a photo", "Send report".
    func lineKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        switch key {
        case .character("j"): move(by: 1, &state)
        case .character("k"): move(by: -1, &state)
        case .home: state.focus = state.lines[0]
        case .end: state.focus = .send
        case .backspace: return leave(&state)
        case .delete:
            if case .photo(let id) = state.focus { return removePhoto(id, &state) }
        case .enter:
            switch state.focus {
            case .category: open(.category, &state)
            case .priority: open(.priority, &state)
            case .block: open(.block, &state)
            case .photo(let id): return removePhoto(id, &state)
            case .addPhoto: return openChooser(&state)
            case .send: return submit(&state)
            case .description, .from, .to, .reason: break
            }
        default:
            break
        }
        return .none
    }

    func move(by delta: Int, _ state: inout State) {
        let lines = state.lines
        let index = lines.firstIndex(of: state.focus) ?? 0
        state.focus = lines[min(max(0, index + delta), lines.count - 1)]
    }

    /// Edits the text of a text line; what it said about the line goes (it is being corrected).
    func editText(of line: Line, _ state: inout State, _ edit: (inout TextInput) -> Void) {
        let before: TextInput
        switch line {
        case .description: before = state.description; edit(&state.description)
        case .from: before = state.from; edit(&state.from)
        case .to: before = state.to; edit(&state.to)
        case .reason: before = state.reason; edit(&state.reason)
        default: return
        }
        if text(of: line, state) != before.text { state.problems[line] = nil }
    }

    func text(of line: Line, _ state: State) -> String {
        switch line {
        case .description: state.description.text
        case .from: state.from.text
        case .to: state.to.text
        case .reason: state.reason.text
        default: ""
        }
    }

    // MARK: Choices

    /// The values a choice offers, in order (the block's: none, then the kinds the role may place).
    static func options(_ choice: Choice, _ state: State) -> [String?] {
        switch choice {
        case .category: MaintenanceCategory.knownCases.map(\.rawValue)
        case .priority: MaintenancePriority.knownCases.map(\.rawValue)
        case .block: [nil] + state.grants.blockKinds.map(\.rawValue)
        }
    }

    static func chosen(_ choice: Choice, _ state: State) -> String? {
        switch choice {
        case .category: state.category?.rawValue
        case .priority: state.priority.rawValue
        case .block: state.block?.rawValue
        }
    }

    func open(_ choice: Choice, _ state: inout State) {
        let current = Self.chosen(choice, state)
        let focus = Self.options(choice, state).firstIndex { $0 == current } ?? 0
        state.mode = .choosing(ChoiceList(choice: choice, focus: focus))
    }

    func choiceKey(_ key: Key, _ list: ChoiceList, _ state: inout State) -> Effect<Action> {
        var list = list
        let last = Self.options(list.choice, state).count - 1
        switch key {
        case .up, .character("k"), .backTab: list.focus = max(0, list.focus - 1)
        case .down, .character("j"), .tab: list.focus = min(last, list.focus + 1)
        case .home: list.focus = 0
        case .end: list.focus = last
        case .escape, .backspace:
            state.mode = nil
            return .none
        case .enter:
            choose(list.choice, at: list.focus, &state)
            return .none
        default:
            return .none
        }
        state.mode = .choosing(list)
        return .none
    }

    func choose(_ choice: Choice, at index: Int, _ state: inout State) {
        let options = Self.options(choice, state)
        guard options.indices.contains(index) else { return }
        let value = options[index]
        state.mode = nil
        switch choice {
        case .category:
            state.category = value.map(MaintenanceCategory.init(rawValue:))
            state.problems[.category] = nil
        case .priority:
            state.priority = value.map(MaintenancePriority.init(rawValue:)) ?? .normal
            state.problems[.priority] = nil
        case .block:
            state.block = value.map(BlockKind.init(rawValue:))
            state.problems[.block] = nil
        }
    }

    // MARK: Photos

    func openChooser(_ state: inout State) -> Effect<Action> {
        state.mode = .photos(PhotoChooser())
        return listFolder()
    }

    func listFolder() -> Effect<Action> {
        let environment = self.environment
        return .run(id: Self.effectID) { send in send(.folderListed(await environment.photoFolder())) }
    }

    func chooserKey(_ key: Key, _ chooser: PhotoChooser, _ state: inout State) -> Effect<Action> {
        var chooser = chooser
        let files = chooser.files
        switch key {
        case .escape:
            state.mode = nil
            return .none
        case .tab, .down:
            chooser.focus = files.isEmpty ? nil : min(files.count - 1, (chooser.focus ?? -1) + 1)
        case .backTab, .up:
            chooser.focus = chooser.focus.flatMap { $0 > 0 ? $0 - 1 : nil }
        case .enter:
            if let focus = chooser.focus, files.indices.contains(focus) {
                return addPhoto(path: files[focus].file.path, name: files[focus].file.name, &state)
            }
            return addTypedPath(&state)
        default:
            if chooser.focus == nil {
                _ = chooser.path.apply(key)
            } else {
                switch key {
                case .character("j"): chooser.focus = min(files.count - 1, (chooser.focus ?? 0) + 1)
                case .character("k"): chooser.focus = chooser.focus.flatMap { $0 > 0 ? $0 - 1 : nil }
                case .home: chooser.focus = 0
                case .end: chooser.focus = files.count - 1
                case .backspace:
                    state.mode = nil
                    return .none
                case .character("r"):
                    chooser = PhotoChooser(path: chooser.path)
                    state.mode = .photos(chooser)
                    return listFolder()
                case .character:
                    // Any other character begins a typed path (#31: "/home/hk/…" typed on the
                    // list lost everything up to its `k`, which moved to the path field).
                    chooser.focus = nil
                    _ = chooser.path.apply(key)
                default: break
                }
            }
        }
        state.mode = .photos(chooser)
        return .none
    }

    func addTypedPath(_ state: inout State) -> Effect<Action> {
        guard case .photos(let chooser) = state.mode else { return .none }
        let path = chooser.path.trimmed
        guard !path.isEmpty else { return .none }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return addPhoto(path: path, name: name, &state)
    }

    /// Adds a photo to the report and has it re-encoded; the form shows it at once, preparing.
    func addPhoto(path: String, name: String, _ state: inout State) -> Effect<Action> {
        state.mode = nil
        state.focus = .addPhoto
        if let twin = state.photos.first(where: { $0.path == path }) {
            state.notice = Notice(.info, L("fault.photo.already", ["name": InertText.sanitize(twin.name)]))
            return .none
        }
        let id = state.nextPhotoID
        state.nextPhotoID += 1
        state.photos.append(Photo(id: id, name: name, path: path))
        state.notice = nil
        let environment = self.environment
        return .run(id: Self.effectID) { send in send(.photoEncoded(id, await environment.encodePhoto(path))) }
    }

    func removePhoto(_ id: Int, _ state: inout State) -> Effect<Action> {
        guard let index = state.photos.firstIndex(where: { $0.id == id }) else { return .none }
        let photo = state.photos.remove(at: index)
        state.problems[.photo(id)] = nil
        state.focus = state.photos.indices.contains(index) ? .photo(state.photos[index].id) : .addPhoto
        return release(photo.info.map { [$0.token] } ?? [])
    }

    // MARK: Leaving

    /// Esc: leaves at once when nothing was entered, else asks first.
    func leave(_ state: inout State) -> Effect<Action> {
        guard state.hasContent else { return close(&state) }
        state.mode = .leaving
        return .none
    }

    func leavingKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        switch key {
        case .enter: return close(&state)
        case .escape, .backspace: state.mode = nil
        default: break
        }
        return .none
    }

    /// Leaves without sending: the photos' bytes may go.
    func close(_ state: inout State) -> Effect<Action> {
        let tokens = state.photos.compactMap(\.info?.token)
        return .merge(release(tokens), .send(.delegate(.closed)))
    }

    // MARK: The receipt

    func receiptKey(_ key: Key, _ state: inout State) -> Effect<Action> {
        guard var receipt = state.receipt else { return .none }
        let lines = receipt.lines
        switch key {
        case .up, .character("k"), .backTab: receipt.focus = max(0, receipt.focus - 1)
        case .down, .character("j"), .tab: receipt.focus = min(lines.count - 1, receipt.focus + 1)
        case .escape, .backspace:
            return .send(.delegate(.reported(receipt.notice)))
        case .enter:
            guard let token = lines[min(receipt.focus, lines.count - 1)] else {
                return .send(.delegate(.reported(receipt.notice)))
            }
            let environment = self.environment
            return .run(id: Self.effectID) { send in send(.photoDropped(token, await environment.dropPhoto(token))) }
        default:
            return .none
        }
        state.receipt = receipt
        return .none
    }

    // MARK: Clicks

    func rowClicked(_ id: RowID, _ state: inout State) -> Effect<Action> {
        guard !state.sending else { return .none }
        if var receipt = state.receipt {
            if let index = receipt.lines.firstIndex(where: { FaultFormView.receiptRowID($0) == id }) { receipt.focus = index }
            state.receipt = receipt
            return .none
        }
        switch state.mode {
        case .choosing(let list):
            if let index = Self.options(list.choice, state).firstIndex(where: { FaultFormView.optionRowID($0) == id }) {
                choose(list.choice, at: index, &state)
            }
        case .photos(var chooser):
            if id == FaultFormView.pathRowID {
                chooser.focus = nil
            } else if let index = chooser.files.firstIndex(where: { FaultFormView.fileRowID($0.file) == id }) {
                chooser.focus = index
            }
            state.mode = .photos(chooser)
        case .leaving:
            if id == FaultFormView.leaveRowID { return close(&state) }
            if id == FaultFormView.stayRowID { state.mode = nil }
        case nil:
            if let line = state.lines.first(where: { FaultFormView.rowID($0) == id }) { state.focus = line }
        }
        return .none
    }
}
