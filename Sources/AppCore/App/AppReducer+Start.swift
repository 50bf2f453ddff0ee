import Catalog
import Foundation
import GuestCraftAPI
import ClientModel

/// Start-up: the saved instances and preferences, then the instance the app opens on.
extension AppReducer {
    func start() -> Effect<AppAction> {
        let instances = environment.instances
        let preferences = environment.preferences
        let offline = environment.offline
        let news = environment.outbox.news
        let lock = environment.lock
        return .merge(
            .run { send in
                // One after another, in this one effect: side by side (`async let`) they needed
                // three more of Swift's threads, and a suite under AddressSanitizer whose threads
                // were all hashing PINs left the start waiting for 30 s. The clean-up, which was
                // between them, comes after the start's answer.
                let loaded = await preferences.load()
                let list = await instances.list()
                let pinned = await lock.accountsWithPIN()
                var accounts: Set<Account>?
                if case .success(let summaries) = list {
                    accounts = Set(summaries.flatMap { summary in
                        summary.sessions.map { Account(instanceKey: summary.instance.key, personID: $0.user.id.rawValue) }
                    })
                }
                // Only an account with a session keeps its PIN: the clean-up deletes the others'.
                send(.startLoaded(list, loaded, pins: accounts.map { pinned.intersection($0) } ?? pinned))
                // Finish a deletion cut short: drop what accounts without a session keep. After the
                // start is on its way — it touches no account with a session, so no screen.
                if let accounts { await offline.retainAccounts(accounts) }
            },
            .run(id: Self.newsID) { send in
                for await item in news() { send(.outboxNews(item)) }
            }
        )
    }

    func startLoaded(_ result: Result<[InstanceSummary], StorageFailure>,
                             _ state: inout AppState) -> Effect<AppAction> {
        let summaries: [InstanceSummary]
        switch result {
        case .success(let list): summaries = list
        case .failure(let error):
            state.route = .connect(ConnectFeature.State(isLoading: false, notice: Notice(.error, ErrorText.storage)))
            return log("start: reading the saved instances failed: \(error)")
        }
        state.accounts = summaries.flatMap { $0.accounts }
        let signedIn = summaries.filter { $0.session != nil }
        let chosen: InstanceSummary?
        if let origin = state.options.openOrigin {
            chosen = summaries.first { $0.instance.origin == origin }
        } else if let key = state.preferences.lastInstanceKey, let last = signedIn.first(where: { $0.instance.key == key }) {
            chosen = last
        } else {
            chosen = signedIn.count == 1 ? signedIn.first : nil
        }
        let startNotices = state.options.startNotices
        guard let chosen else {
            state.route = .connect(ConnectFeature.State(notice: startNotices.last))
            return connectScope.reduce(into: &state, action: .connect(.listed(.success(summaries))))
        }
        let effect = open(chosen, &state)
        state.current?.notices.append(contentsOf: startNotices)
        guard startNotices.contains(where: { $0.level == .info }) else { return effect }
        return .merge(effect, expirePassingNotices())
    }
}
