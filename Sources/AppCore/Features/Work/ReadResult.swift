import Catalog
import Foundation

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
    /// Something answered, but not with the read (a refusal, a proxy's error page): the saved
    /// copy stays ("Not updated · last updated …"), and the header keeps saying what the
    /// connection is (#35: it said Online above a body that said Offline).
    case notUpdated(lastUpdated: String?)
    /// The last read answered.
    case current
}

extension Freshness {
    /// The screen's copy is not the instance's now (its last read got no answer, or kept the
    /// copy after a failure): it is read again when the instance answers.
    public var isOffline: Bool {
        switch self {
        case .offline, .notUpdated: true
        default: false
        }
    }
}

extension ReadResult {
    /// What the answer says of the connection: online for an answer, offline for none; nil
    /// when it says nothing new (403, 401, another answer).
    public var connection: ConnectionState? {
        switch self {
        case .fresh: .online
        case .offline: .offline
        case .forbidden, .sessionEnded, .failed: nil
        }
    }
}

/// What a screen does with its content after a read landed (`ReadResult.land`).
enum ReadLanding<Value> {
    /// Show this answer.
    case show(Value)
    /// The role cannot read it: empty what is shown.
    case empty
    /// 401: end the session (send `.sessionEnded`).
    case sessionEnded
    /// Keep what is shown (no answer, or another answer).
    case keep
}

extension ReadResult {
    /// Lands this result on a work screen's status, the same for every list and detail: a fresh
    /// answer dates the screen and is to be shown; no answer keeps what is shown, marked offline;
    /// 403 is to empty it, with the role's sentence (`forbidden`); another answer keeps the copy,
    /// offline, with the catalog's sentence for its problem code (`failure`).
    func land(freshness: inout Freshness, lastUpdated: inout String?, notice: inout Notice?,
              hasContent: Bool, forbidden: String, formatTime: (Date) -> String, clearsError: Bool = true,
              failure: (String?) -> String = ErrorText.readFailure) -> ReadLanding<Value> {
        switch self {
        case .fresh(let value, let at):
            lastUpdated = formatTime(at)
            freshness = .current
            if clearsError, notice?.level == .error { notice = nil }
            return .show(value)
        case .offline:
            freshness = .offline(lastUpdated: lastUpdated)
            return .keep
        case .forbidden:
            freshness = .current
            notice = Notice(.warning, forbidden)
            return .empty
        case .sessionEnded:
            return .sessionEnded
        case .failed(let code):
            freshness = hasContent ? .notUpdated(lastUpdated: lastUpdated) : .current
            notice = Notice(.error, failure(code))
            return .keep
        }
    }
}
