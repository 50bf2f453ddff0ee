import AppCore
import Catalog
import InstanceClient
import OfflineStore

/// `guestcraft status`: one line per signed-in account, for scripts: instance host, person,
/// workspace, and `N to send, M to review` (every workspace of the account), tab-separated.
/// Exits 0 after listing, 3 when no account is signed in (said on standard error), 2 on an error.
public enum StatusCommand {
    /// The exit status when this device has no signed-in account.
    public static let noAccountStatus: Int32 = 3

    public static func run(_ services: LiveServices) -> Int32 {
        let accounts: [(SavedInstance, StoredSession)]
        do {
            accounts = try signedInAccounts(services)
        } catch {
            services.log.write("status: \(error)")
            Terminal.error(L("cli.credentials_failed", ["path": services.stateDirectory.path]))
            return 2
        }
        guard !accounts.isEmpty else {
            Terminal.error(L("cli.status_no_account"))
            return noAccountStatus
        }
        let preferences = services.preferences.load()
        for (instance, session) in accounts {
            let account = Account(instanceKey: instance.key, personID: session.user.id.rawValue)
            let counts: OutboxCounts
            do {
                counts = try services.offline.outboxCounts(account: account)
            } catch {
                services.log.write("status: \(error)")
                Terminal.error(ErrorText.offline(error))
                return 2
            }
            let workspace = preferences.choice(instanceKey: instance.key, personID: session.user.id.rawValue)?
                .workspace.name ?? "-"
            let fields = [instance.origin.displayHost, session.user.name, workspace].map(Terminal.inert)
                + [L("cli.status_counts", ["to_send": counts.toSend, "to_review": counts.toReview])]
            Terminal.out(fields.joined(separator: "\t"))
        }
        return 0
    }

    /// Every account of this device: each saved instance in the order they were saved, and each
    /// person signed in there in the order they were added.
    static func signedInAccounts(_ services: LiveServices) throws -> [(SavedInstance, StoredSession)] {
        let (instances, sessions) = try services.credentials.saved()
        return instances.flatMap { instance in
            sessions.filter { $0.origin == instance.origin }.map { (instance, $0) }
        }
    }
}
