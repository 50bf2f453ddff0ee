import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// Workspace and property: those the person reaches, 100 properties a page ("Show more
/// properties"). When the person reaches one workspace with one property it is chosen
/// automatically (and the app says so).
public struct WorkspaceFeature: Reducer {
    public struct State: Equatable, Sendable {
        public var session: StoredSession
        public var phase: Phase
        /// Every workspace read (kept to go back from a property list).
        public var workspaces: [Workspace]
        public var focus: Int
        public var isLoadingMore: Bool
        /// The property in use, marked in the list (when switching).
        public var current: PropertyID?
        /// Esc goes back to the screen in use rather than to Connect.
        public var canCancel: Bool
        /// Chosen without asking when the list holds it (`guestcraft --demo`).
        public var preferred: PropertyID?
        public var notice: Notice?

        public init(session: StoredSession, phase: Phase = .loading, workspaces: [Workspace] = [], focus: Int = 0,
                    isLoadingMore: Bool = false, current: PropertyID? = nil, canCancel: Bool = false,
                    preferred: PropertyID? = nil, notice: Notice? = nil) {
            self.session = session
            self.phase = phase
            self.workspaces = workspaces
            self.focus = focus
            self.isLoadingMore = isLoadingMore
            self.current = current
            self.canCancel = canCancel
            self.preferred = preferred
            self.notice = notice
        }

        /// How many rows can take the focus.
        var choiceCount: Int {
            switch phase {
            case .loading, .failed: 0
            case .workspaces: workspaces.count
            case .properties(let workspace): workspace.properties.count + (workspace.nextPropertiesCursor == nil ? 0 : 1)
            }
        }
    }

    public enum Phase: Equatable, Sendable {
        case loading
        /// The list could not be read (the notice says why); `r` tries again.
        case failed
        /// Choose a workspace.
        case workspaces
        /// Choose a property of this workspace (its pages read so far).
        case properties(Workspace)
    }

    public enum Action: Equatable, Sendable {
        case workspacesLoaded(Result<WorkspaceList, GuestCraftError>)
        case morePropertiesLoaded(WorkspaceID, Result<PropertyPage, GuestCraftError>)
        case keyPressed(Key)
        case rowClicked(RowID)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            case chosen(Workspace, Property, automatically: Bool)
            /// Esc: back to what was on screen before.
            case cancelled
            /// The instance answered 401.
            case sessionEnded
        }
    }

    let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    static let loadID: EffectID = "workspace.load"

    /// Reads the workspaces the person reaches.
    func load(_ session: StoredSession) -> Effect<Action> {
        let workspaces = environment.api.workspaces
        return .run(id: Self.loadID, cancelInFlight: true) { send in send(.workspacesLoaded(await workspaces(session))) }
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .workspacesLoaded(.success(let list)):
            state.workspaces = list.workspaces
            state.notice = nil
            if let preferred = state.preferred {
                for workspace in list.workspaces {
                    if let property = workspace.properties.first(where: { $0.id == preferred }) {
                        return .send(.delegate(.chosen(workspace, property, automatically: true)))
                    }
                }
            }
            if list.workspaces.count == 1, let workspace = list.workspaces.first {
                if workspace.properties.count == 1, workspace.nextPropertiesCursor == nil,
                   let property = workspace.properties.first {
                    return .send(.delegate(.chosen(workspace, property, automatically: true)))
                }
                open(workspace, &state)
            } else {
                state.phase = .workspaces
                state.focus = list.workspaces.firstIndex { $0.properties.contains { $0.id == state.current } } ?? 0
            }
            return .none

        case .workspacesLoaded(.failure(.unauthorized)), .morePropertiesLoaded(_, .failure(.unauthorized)):
            return .send(.delegate(.sessionEnded))

        case .workspacesLoaded(.failure(let error)):
            state.phase = .failed
            state.notice = Notice(.error, ErrorText.request(error))
            return log("workspaces: \(error)")

        case .morePropertiesLoaded(let id, .success(let page)):
            state.isLoadingMore = false
            guard case .properties(var workspace) = state.phase, workspace.id == id else { return .none }
            let known = Set(workspace.properties.map(\.id))
            workspace.properties += page.properties.filter { !known.contains($0.id) }
            workspace.nextPropertiesCursor = page.nextCursor
            state.phase = .properties(workspace)
            if let index = state.workspaces.firstIndex(where: { $0.id == id }) { state.workspaces[index] = workspace }
            state.focus = min(state.focus, max(0, state.choiceCount - 1))
            return .none

        case .morePropertiesLoaded(_, .failure(let error)):
            state.isLoadingMore = false
            state.notice = Notice(.error, ErrorText.request(error))
            return log("properties: \(error)")

        case .keyPressed(let key):
            return keyPressed(key, state: &state)

        case .rowClicked(let id):
            guard let index = Self.index(of: id), index < state.choiceCount else { return .none }
            if state.focus == index { return choose(&state) }
            state.focus = index
            return .none

        case .delegate:
            return .none
        }
    }

    private func keyPressed(_ key: Key, state: inout State) -> Effect<Action> {
        if let move = ListFocus.move(for: key) {
            state.focus = ListFocus.index(move, count: state.choiceCount, current: state.focus) ?? 0
            return .none
        }
        switch key {
        case .enter: return choose(&state)
        case .character("r"):
            state.phase = .loading
            state.notice = nil
            return load(state.session)
        case .escape, .backspace:
            if case .properties = state.phase, state.workspaces.count > 1 {
                state.phase = .workspaces
                state.focus = 0
                return .none
            }
            return .merge(.cancel(id: Self.loadID), .send(.delegate(.cancelled)))
        default: break
        }
        return .none
    }

    private func choose(_ state: inout State) -> Effect<Action> {
        switch state.phase {
        case .loading, .failed:
            return .none
        case .workspaces:
            guard state.workspaces.indices.contains(state.focus) else { return .none }
            open(state.workspaces[state.focus], &state)
            return .none
        case .properties(let workspace):
            if state.focus < workspace.properties.count {
                return .send(.delegate(.chosen(workspace, workspace.properties[state.focus], automatically: false)))
            }
            guard let cursor = workspace.nextPropertiesCursor, !state.isLoadingMore else { return .none }
            state.isLoadingMore = true
            let properties = environment.api.properties
            let session = state.session
            return .run { send in
                send(.morePropertiesLoaded(workspace.id, await properties(session, workspace.id, cursor)))
            }
        }
    }

    private func open(_ workspace: Workspace, _ state: inout State) {
        state.phase = .properties(workspace)
        state.focus = workspace.properties.firstIndex { $0.id == state.current } ?? 0
    }

    private func log(_ line: String) -> Effect<Action> {
        let log = environment.log
        return .run { _ in log(line) }
    }

    // MARK: - View

    static func rowID(_ index: Int) -> RowID { RowID("workspace.\(index)") }

    static func index(of id: RowID) -> Int? {
        guard id.rawValue.hasPrefix("workspace.") else { return nil }
        return Int(id.rawValue.dropFirst("workspace.".count))
    }

    static func hints(_ state: State) -> [KeyHint] {
        var hints: [KeyHint] = []
        if state.choiceCount > 0 { hints.append(KeyHint(key: L("keys.enter"), label: L("keys.choose"))) }
        if state.phase == .failed { hints.append(KeyHint(key: "r", label: L("keys.try_again"))) }
        hints.append(KeyHint(key: L("keys.escape"), label: L("keys.back")))
        return hints + [GlobalKeys.help, GlobalKeys.quit]
    }

    public static func view(_ state: State) -> ScreenBody {
        var rows: [Row] = []
        var notices: [Notice] = []
        switch state.phase {
        case .loading:
            rows = [.title(L("workspace.title")), .blank]
            notices.append(Notice(.info, L("workspace.loading")))
        case .failed:
            rows = [.title(L("workspace.title")), .blank]
        case .workspaces:
            rows = [.title(L("workspace.choose_workspace")), .blank]
            if state.workspaces.isEmpty { rows.append(.paragraph(Span(L("workspace.none")))) }
            for (index, workspace) in state.workspaces.enumerated() {
                rows.append(.line(Span(inert: workspace.name), id: rowID(index),
                                  trailing: [Span(inert: RoleNames.label(workspace.role), style: .muted)]))
            }
        case .properties(let workspace):
            rows = [.title(L("workspace.choose_property")),
                    .line(Span(inert: workspace.name, style: .muted)), .blank]
            if workspace.properties.isEmpty { rows.append(.paragraph(Span(L("workspace.no_properties")))) }
            for (index, property) in workspace.properties.enumerated() {
                var trailing = [Span(inert: property.businessDate.description, style: .muted)]
                if property.id == state.current { trailing.insert(Span(L("workspace.in_use") + " · ", style: .muted), at: 0) }
                rows.append(.line(Span(inert: property.name), id: rowID(index), trailing: trailing))
            }
            if workspace.nextPropertiesCursor != nil {
                rows.append(.line(Span(state.isLoadingMore ? L("workspace.loading_more") : L("workspace.show_more")),
                                  id: rowID(workspace.properties.count)))
            }
        }
        if let notice = state.notice { notices.append(notice) }
        return ScreenBody(rows: rows, focus: state.choiceCount > 0 ? rowID(state.focus) : nil, notices: notices,
                          hints: hints(state))
    }
}
