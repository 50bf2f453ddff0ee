import Catalog
import Foundation
import ClientModel

/// A saved copy of a work screen's read and when it was saved (shown at once on opening).
public struct SavedCopy<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var savedAt: Date

    public init(value: Value, savedAt: Date) {
        self.value = value
        self.savedAt = savedAt
    }
}

/// What a fresh read of a work screen came to (a 304 arrives as `.fresh` of the saved copy).
public enum ReadResult<Value: Sendable & Equatable>: Sendable, Equatable {
    /// An answer (saved by the live layer inside the generation), and when it came.
    case fresh(Value, at: Date)
    /// No answer: the saved copy stays, marked offline.
    case offline
    /// 403: the role cannot read it (the saved copy was deleted).
    case forbidden
    /// 401: the session is over.
    case sessionEnded
    /// Another answer: a problem code for the catalog's sentence, or none.
    case failed(problemCode: String?)
}

/// How current the content on screen is, as the status notice says it.
public enum Freshness: Sendable, Equatable {
    /// Nothing saved yet: the first read runs.
    case loading
    /// The saved copy shows while a fresh read runs ("Updating · last updated …").
    case updating(lastUpdated: String?)
    /// The instance cannot be reached ("Offline · last updated …").
    case offline(lastUpdated: String?)
    /// The last read answered.
    case current
}

/// What became of a change handed to the outbox, as a screen needs to know it.
public enum ChangeOutcome<Result: Sendable & Equatable>: Sendable, Equatable {
    /// Sent now; the instance's answer.
    case sent(Result)
    /// Saved; waits for a connection, or for a decision on an earlier change of the same thing.
    case queued(waitsForDecision: Bool)
    /// Held for the person's decision: someone changed it first (409, 412) or the instance refused.
    case held(HoldReason, code: String?)
    /// Not saved: the session or workspace had ended.
    case expired
    /// Not saved: the device could not write it.
    case failed
}

/// The outbox's counts as a work screen shows them ("N to send · Send now", "M to review · Review").
public struct OutboxBadge: Sendable, Equatable {
    public var toSend: Int
    public var toReview: Int

    public init(toSend: Int = 0, toReview: Int = 0) {
        self.toSend = toSend
        self.toReview = toReview
    }
}

/// What a work screen asks of the app around it.
public enum WorkDelegate: Sendable, Equatable {
    /// A read answered 401: end the session of this account.
    case sessionEnded
    /// "Send now": run an outbox round.
    case sendNow
    /// "Review": open the changes that need a decision (Account).
    case review
    /// A change went to the outbox: read the counts again.
    case outboxChanged
}

/// The notices and hints every work screen shares: freshness, the outbox counts and their keys.
enum WorkNotices {
    static func freshness(_ freshness: Freshness) -> Notice? {
        switch freshness {
        case .loading:
            return Notice(.info, L("housekeeping.loading"))
        case .updating(let last):
            return Notice(.info, last.map { L("housekeeping.updating_since", ["time": $0]) }
                ?? L("housekeeping.updating"))
        case .offline(let last):
            return Notice(.warning, last.map { L("housekeeping.offline_since", ["time": $0]) }
                ?? L("housekeeping.offline"))
        case .current:
            return nil
        }
    }

    static func outbox(_ badge: OutboxBadge) -> Notice? {
        var parts: [String] = []
        if badge.toSend > 0 { parts.append(L("outbox.to_send_send_now", ["count": badge.toSend])) }
        if badge.toReview > 0 { parts.append(L("outbox.to_review_review", ["count": badge.toReview])) }
        guard !parts.isEmpty else { return nil }
        return Notice(badge.toReview > 0 ? .warning : .info, parts.joined(separator: " · "))
    }

    static func outboxHints(_ badge: OutboxBadge) -> [KeyHint] {
        var hints: [KeyHint] = []
        if badge.toSend > 0 { hints.append(KeyHint(key: "n", label: L("outbox.send_now"))) }
        if badge.toReview > 0 { hints.append(KeyHint(key: "v", label: L("outbox.review"))) }
        return hints
    }

    /// The freshness after a read's result, given what was shown before and when it was saved.
    static func after<Value>(_ result: ReadResult<Value>, lastUpdated: String?) -> Freshness {
        switch result {
        case .fresh: .current
        case .offline, .failed: .offline(lastUpdated: lastUpdated)
        case .forbidden, .sessionEnded: .current
        }
    }

    /// The sentence for a read that failed with an answer.
    static func readFailure(problemCode: String?) -> String {
        switch problemCode {
        case "property.out_of_scope": L("housekeeping.error.out_of_scope")
        case "rate_limited", "instance.unavailable", "internal.error": L("housekeeping.error.busy")
        default: L("housekeeping.error.generic")
        }
    }
}

/// The read steps a work tab's list takes, the same for Housekeeping and My tasks: its first
/// opening shows the saved copy, then reads fresh; later openings and refreshes read fresh with
/// "Updating" over what is shown. Each step also reads the outbox's marks for the list, and every
/// read cancels the one before it (`id`).
struct ListRead<Value: Sendable & Equatable, Pending: Sendable, Action: Sendable>: Sendable {
    let id: EffectID
    let saved: @Sendable () async -> SavedCopy<Value>?
    let fetch: @Sendable () async -> ReadResult<Value>
    let pending: @Sendable () async -> Pending
    let savedLoaded: @Sendable (SavedCopy<Value>?, Pending) -> Action
    let read: @Sendable (ReadResult<Value>, Pending) -> Action

    /// The tab was opened: the saved copy then a fresh read the first time, a fresh read after.
    func appeared(hasLoaded: inout Bool, freshness: inout Freshness, lastUpdated: String?) -> Effect<Action> {
        guard hasLoaded else {
            hasLoaded = true
            freshness = .loading
            return savedThenFresh()
        }
        return fresh(&freshness, lastUpdated: lastUpdated)
    }

    /// A fresh read, "Updating" meanwhile (unless nothing is shown yet).
    func fresh(_ freshness: inout Freshness, lastUpdated: String?) -> Effect<Action> {
        if freshness != .loading { freshness = .updating(lastUpdated: lastUpdated) }
        let (fetch, pending, read) = (self.fetch, self.pending, self.read)
        return .run(id: id, cancelInFlight: true) { send in
            let result = await fetch()
            send(read(result, await pending()))
        }
    }

    private func savedThenFresh() -> Effect<Action> {
        let (saved, fetch, pending, savedLoaded, read) = (self.saved, self.fetch, self.pending, self.savedLoaded, self.read)
        return .run(id: id, cancelInFlight: true) { send in
            let copy = await saved()
            send(savedLoaded(copy, await pending()))
            let result = await fetch()
            send(read(result, await pending()))
        }
    }
}
