import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// Several accounts on one device (#15): instances and people, each with its own session,
/// outbox, saved reads, lock and generation, one on screen at a time.
extension AppReducer {
    /// Whose changes the account's are, when the device has more than one account: the person,
    /// and the instance too when the accounts are on several instances.
    func owner(of session: StoredSession, at instance: SavedInstance, _ state: AppState) -> String? {
        guard state.accounts.count > 1 else { return nil }
        guard Set(state.accounts.map { $0.instance.key }).count > 1 else { return session.user.name }
        return L("accounts.owner_at", ["person": session.user.name, "instance": instance.name])
    }

    /// A session just made is an account of this device (the same person's older one gives way).
    func rememberAccount(_ signedIn: SignedIn, _ state: inout AppState) {
        state.accounts.removeAll { $0.instance.key == signedIn.instance.key && $0.session.user.id == signedIn.session.user.id }
        state.accounts.append(signedIn)
    }

    /// Account's list of the device's accounts (with more than one): instance, person, whether
    /// it has a PIN (it opens locked), and the counts as last read.
    func accountRows(_ state: AppState) -> [AccountFeature.AccountRow] {
        guard state.accounts.count > 1, let current = state.current else { return [] }
        let counts = current.account.accountCounts
        return state.accounts.map { account in
            let key = Account(instanceKey: account.instance.key, personID: account.session.user.id.rawValue)
            return AccountFeature.AccountRow(id: account.session.sessionID, instance: account.instance.name,
                                             person: account.session.user.name, counts: counts[account.session.sessionID],
                                             hasPIN: state.pins.contains(key),
                                             isOnScreen: account.session.sessionID == current.session.sessionID)
        }
    }

    /// Reads how many changes each account keeps (every workspace), for Account's list.
    func countAccounts(_ state: AppState) -> Effect<AppAction> {
        guard state.accounts.count > 1, let id = state.current?.session.sessionID else { return .none }
        let accounts = state.accounts
        let counts = environment.offline.accountCounts
        return .run(id: AccountFeature.accountsID, cancelInFlight: true) { send in
            var result: [DeviceSessionID: OutboxCounts] = [:]
            for account in accounts {
                result[account.session.sessionID] = await counts(
                    Account(instanceKey: account.instance.key, personID: account.session.user.id.rawValue))
            }
            send(.accountsCounted(id, result))
        }
    }

    /// Another account of this device on screen: the one on screen leaves whole (its tabs stop,
    /// its generation ends, its outbox lets go); the other opens, locked when it has a PIN.
    func switchAccount(to id: DeviceSessionID, _ state: inout AppState) -> Effect<AppAction> {
        guard let target = state.accounts.first(where: { $0.session.sessionID == id }),
              id != state.current?.session.sessionID else { return .none }
        // The person leaving is told (and the next one sees) what of theirs keeps being sent in
        // the background (#31); not from a locked desk, whose colleague is not the one leaving.
        let leaving = state.current.flatMap { current -> (String, Int)? in
            guard current.lock == nil else { return nil }
            let count = current.account.accountCounts[current.session.sessionID]?.toSend ?? current.outbox?.toSend ?? 0
            return count > 0 ? (current.session.user.name, count) : nil
        }
        var effect = open(InstanceSummary(instance: target.instance, session: target.session, unsent: 0), &state)
        if let (person, count) = leaving, state.current != nil {
            state.current?.notices.append(Notice(.info, AccountFeature.waitingSentence(person: person, count: count,
                                                                                       onScreen: false)))
            effect = .merge(effect, expirePassingNotices())
        }
        return .merge(effect, log("accounts: switched to \(target.session.user.id.rawValue) on \(target.instance.origin)"))
    }

    /// `a` on Account: the next account of the list.
    func switchToNextAccount(_ state: inout AppState) -> Effect<AppAction> {
        guard state.accounts.count > 1, let id = state.current?.session.sessionID,
              let index = state.accounts.firstIndex(where: { $0.session.sessionID == id }) else { return .none }
        return switchAccount(to: state.accounts[(index + 1) % state.accounts.count].session.sessionID, &state)
    }
}
