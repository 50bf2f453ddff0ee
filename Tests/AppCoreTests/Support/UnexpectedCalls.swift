import Locking
import Testing

/// A fake's calls the test did not replace or allow: each one fails the test that made the fake
/// by itself (#33, TCA's `unimplemented`), whether or not the test reads `names`.
///
/// Effects run in detached tasks, where Swift Testing knows no current test: an issue recorded
/// there would be nobody's (and no `withKnownIssue` could expect it). So a call made off the
/// test's own task is kept for that test (`Pending`), and the test store reports it on the test's
/// task at its next `send`, `receive` or `finish` (`reportPending()`); what is still kept when the
/// fake goes away is reported then.
final class UnexpectedCalls: Sendable {
    /// The calls made, allowed ones aside, in order.
    let names = Recorder<String>()
    /// The calls the test allowed (`allow(_:)`): they answer like any unexpected call, unreported.
    let allowedNames = Recorder<String>()
    private let allowed = Locked<Set<String>>([])
    private let owner: Owner?
    private let sourceLocation: SourceLocation

    init(sourceLocation: SourceLocation) {
        owner = Owner.current
        self.sourceLocation = sourceLocation
    }

    /// Lets these calls through without failing the test (a client the flow uses whose answer the
    /// test does not care about).
    func allow(_ names: [String]) { allowed.withLock { $0.formUnion(names) } }

    /// A call of the fake client `name`: recorded and, unless allowed, an issue.
    @Sendable func call(_ name: String) {
        if allowed.withLock({ $0.contains(name) }) {
            allowedNames.append(name)
            return
        }
        names.append(name)
        let comment = Comment(rawValue: "unexpected call: \(name)")
        if let owner, owner != Owner.current {
            Pending.keep(Pending.Entry(comment: comment, sourceLocation: sourceLocation), for: owner)
        } else {
            Issue.record(comment, sourceLocation: sourceLocation)
        }
    }

    deinit {
        guard let owner else { return }
        for entry in Pending.take(for: owner) {
            Issue.record(entry.comment, sourceLocation: entry.sourceLocation)
        }
    }

    /// Records, on the current test's task, the unexpected calls its fakes met on other tasks.
    static func reportPending() {
        guard let owner = Owner.current else { return }
        for entry in Pending.take(for: owner) {
            Issue.record(entry.comment, sourceLocation: entry.sourceLocation)
        }
    }

    /// The test that made a fake (Swift Testing names no case of a parameterised test: its cases
    /// share the owner, so one case's store may report another's call — still that test's).
    struct Owner: Hashable, Sendable {
        let test: Test.ID

        static var current: Owner? { Test.current.map { Owner(test: $0.id) } }
    }

    /// Unexpected calls made off their test's task, kept until that test's task reports them.
    enum Pending {
        struct Entry: Sendable {
            let comment: Comment
            let sourceLocation: SourceLocation
        }

        private static let entries = Locked<[Owner: [Entry]]>([:])

        static func keep(_ entry: Entry, for owner: Owner) {
            entries.withLock { $0[owner, default: []].append(entry) }
        }

        static func take(for owner: Owner) -> [Entry] {
            entries.withLock { $0.removeValue(forKey: owner) ?? [] }
        }
    }
}
