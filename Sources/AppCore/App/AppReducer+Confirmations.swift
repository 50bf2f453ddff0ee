import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// The questions asked before something that deletes or ends, and what a yes does.
extension AppReducer {
    /// What a confirmed question does. `keepingChanges`: the sign-out's second way ahead, which
    /// keeps the account's unsent changes sealed to the person (#35) rather than deleting them.
    func confirmed(_ purpose: Confirmation.Purpose, keepingChanges: Bool = false,
                   _ state: inout AppState) -> Effect<AppAction> {
        switch purpose {
        case .quit:
            state.quitRequested = true
            return .none

        case .signOut(let id), .forgotPIN(let id):
            guard let current = state.current, current.session.sessionID == id else { return .none }
            let forget = forgetPIN(current.offlineAccount, &state)
            let session = current.session
            state.accounts.removeAll { $0.session.sessionID == session.sessionID }
            let account = current.offlineAccount
            let name = current.instance.name
            let leave = leaveCurrent(&state)
            state.preferences.forget(instanceKey: current.instance.key, personID: session.user.id.rawValue)
            state.route = .connect(ConnectFeature.State(notice: Notice(.info, L("account.signing_out"))))
            let signOut = environment.api.signOut
            let forgetAccount = environment.offline.forgetAccount
            let sealAccount = environment.offline.sealAccount
            let log = environment.log
            return .merge(leave, forget, savePreferences(state), .run { send in
                let outcome = await signOut(session)
                if keepingChanges {
                    switch await sealAccount(account) {
                    case .failure(let error): log("sign-out: keeping the changes failed: \(error)")
                    case .success(let kept): log("sign-out: \(kept) changes are kept for the person")
                    }
                } else if case .failure(let error) = await forgetAccount(account) {
                    log("sign-out: forgetting the account failed: \(error)")
                }
                send(.signedOut(instanceName: name, outcome))
            })

        case .removeInstance(let instance):
            var effects: [Effect<AppAction>] = []
            if state.current?.instance.key == instance.key { effects.append(leaveCurrent(&state)) }
            for account in state.pins where account.instanceKey == instance.key { effects.append(forgetPIN(account, &state)) }
            state.accounts.removeAll { $0.instance.key == instance.key }
            state.preferences.forget(instanceKey: instance.key)
            state.route = .connect(ConnectFeature.State(notice: Notice(.info, L("connect.removing"))))
            let remove = environment.instances.remove
            effects.append(savePreferences(state))
            effects.append(.run { send in send(.instanceRemoved(instanceName: instance.name, await remove(instance))) })
            return .merge(effects)

        case .discard(let id):
            let discard = environment.outbox.discard
            return .run { send in send(.discarded(await discard(id))) }
        }
    }
}
