import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// What the features ask of the app (their `delegate` actions).
extension AppReducer {
    func connectDelegate(_ delegate: ConnectFeature.Action.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .open(let summary):
            return open(summary, &state)
        case .pair(let link):
            var pair = PairFeature.State(link: link ?? "", deviceName: deviceName(state))
            let effect = link == nil ? .none : pairFeature.startCheck(&pair)
            state.route = .pair(pair)
            return effect.map(AppAction.pair)
        case .remove(let summary):
            let question = summary.unsent == 0
                ? L("connect.remove_question", ["instance": summary.instance.name])
                : L("connect.remove_question_unsent", ["instance": summary.instance.name, "count": summary.unsent])
            state.confirmation = Confirmation(purpose: .removeInstance(summary.instance), question: question,
                                              confirmLabel: L("connect.remove"))
            return .none
        }
    }

    func workspaceDelegate(_ delegate: WorkspaceFeature.Action.Delegate,
                                   _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .chosen(let workspace, let property, let automatically):
            guard let current = state.current else { return .none }
            let leave = leaveContext(&state)
            state.current?.workspace = workspace
            state.current?.property = property
            // A tab the role cannot read gives way to the role's own (a housekeeper chooses a
            // workspace and lands on Housekeeping, not on a Today it may not see).
            if let current = state.current, !current.activeTab.isReadable(with: workspace.permissions) {
                state.current?.activeTab = WorkTab.opening(among: current.visibleTabs, permissions: workspace.permissions)
            }
            if automatically {
                state.current?.notices.append(Notice(.info, L("workspace.chosen_automatically", ["property": property.name])))
            } else {
                state.current?.notices = []
            }
            state.preferences.remember(WorkChoice(instanceKey: current.instance.key,
                                                  personID: current.session.user.id.rawValue,
                                                  workspace: workspace, property: property))
            return .merge(leave, savePreferences(state), beginContext(&state), automatically ? expirePassingNotices() : .none)
        case .cancelled:
            if let current = state.current, current.property != nil, current.generation != nil {
                state.route = .work
                return .none
            }
            return showConnect(&state)
        case .sessionEnded:
            return endSession(&state)
        }
    }

    func accountDelegate(_ delegate: AccountFeature.Action.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        guard let current = state.current else { return .none }
        switch delegate {
        case .run(.switchProperty):
            state.route = .workspace(WorkspaceFeature.State(session: current.session, current: current.property?.id,
                                                            canCancel: true))
            return workspaceFeature.load(current.session).map(AppAction.workspace)
        case .run(.switchInstance):
            return showConnect(&state)
        case .run(.sendNow):
            let sendNow = environment.outbox.sendNow
            return .run { _ in await sendNow() }
        case .run(.signOut):
            let accountCounts = environment.offline.accountCounts
            let account = current.offlineAccount
            let id = current.session.sessionID
            return .run { send in send(.signOutCounted(id, await accountCounts(account))) }
        case .run(.switchAccount):
            return switchToNextAccount(&state)
        case .switchTo(let id):
            return switchAccount(to: id, &state)
        case .run(let command):
            return pinCommand(command, &state)
        case .discard(let change):
            state.confirmation = Confirmation(purpose: .discard(change.id),
                                              question: L("account.discard_question", ["change": change.summary]),
                                              confirmLabel: L("account.discard"))
            return .none
        }
    }

    func tabsDelegate(_ delegate: WorkTabDelegate, _ state: inout AppState) -> Effect<AppAction> {
        guard var current = state.current else { return .none }
        switch delegate {
        case .connection(let connection):
            if connection == .online {
                let effect = markOnline(&current)
                state.current = current
                return effect
            }
            state.current?.connection = connection
            return .none
        case .sessionEnded:
            return endSession(&state)
        case .outboxChanged:
            // The outbox round the change ran counts it (`outboxNews`); Account lists it if shown.
            return loadAccountIfShown(&state)
        case .sendNow:
            let sendNow = environment.outbox.sendNow
            return .run { _ in await sendNow() }
        case .openTask(let id):
            guard current.visibleTabs.contains(.tasks) else { return .none }
            return .merge(select(.tasks, &state), tabEvent(.openTask(id), &state))
        case .openTab(let tab):
            guard current.visibleTabs.contains(tab) else { return .none }
            return select(tab, &state)
        case .openReview:
            return .merge(select(.account, &state), accountScope.reduce(into: &state, action: .account(.focusReview)))
        case .businessDate(let date):
            // The night audit moved the property on (#30): the header names the date the fresh
            // read does, and the next start does too (the property as last read).
            guard var property = current.property, property.businessDate != date else { return .none }
            property.businessDate = date
            state.current?.property = property
            let account = (instanceKey: current.instance.key, personID: current.session.user.id.rawValue)
            guard var choice = state.preferences.choice(instanceKey: account.instanceKey, personID: account.personID),
                  choice.property.id == property.id else { return .none }
            choice.property = property
            state.preferences.remember(choice)
            return savePreferences(state)
        }
    }
}
