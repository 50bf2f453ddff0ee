import Foundation
import GuestCraftAPI
import InstanceClient
import Locking
import OfflineStore

/// When each device session last succeeded in this process (its pairing or sign-in, an answer
/// to one of its requests), so that a 401 within seconds of one can say a proxy may be dropping
/// the `Authorization` header (#35: `proxy_set_header Authorization ""`): the instance that just
/// answered the token does not end its session a moment later, a proxy that strips it refuses
/// every request from the first.
public final class SessionAnswers: Sendable {
    /// How soon after a success a 401 reads as a proxy's rather than the instance's.
    public static let window: Duration = .seconds(10)

    private let succeeded = Locked<[DeviceSessionID: ContinuousClock.Instant]>([:])
    private let now: @Sendable () -> ContinuousClock.Instant

    public init(now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.now = now
    }

    /// The session succeeded now (it was issued, or the instance answered one of its requests).
    public func succeeded(_ session: StoredSession) {
        let at = now()
        succeeded.withLock { $0[session.sessionID] = at }
    }

    /// Records the successes of a client's log line: an answer of 2xx or 304.
    public func record(_ entry: ClientLogEntry, of session: StoredSession) {
        guard let status = entry.status, (200..<300).contains(status) || status == 304 else { return }
        succeeded(session)
    }

    /// Whether a 401 of `session` now comes within `window` of its last success.
    public func refusedRightAfterSuccess(_ session: StoredSession) -> Bool {
        guard let last = succeeded.withLock({ $0[session.sessionID] }) else { return false }
        return now() - last <= Self.window
    }
}

extension LiveServices {
    /// A pairing or browser sign-in saved `session`: it counts as a success (a proxy that drops
    /// the token refuses the next request), and the person's changes a 401 kept sealed (#35)
    /// are theirs to send again.
    func signedIn(_ session: StoredSession, at instance: SavedInstance) {
        sessionAnswers.succeeded(session)
        let account = Account(instanceKey: instance.key, personID: session.user.id.rawValue)
        do { try offline.unsealAccount(account) } catch { log.write("sign-in: unsealing the changes failed: \(error)") }
    }
}
