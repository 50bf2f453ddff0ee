import Catalog

/// The outbox's counts as a work screen shows them ("N to send · Send now", "M to review · Review").
public struct OutboxBadge: Sendable, Equatable {
    public var toSend: Int
    public var toReview: Int

    public init(toSend: Int = 0, toReview: Int = 0) {
        self.toSend = toSend
        self.toReview = toReview
    }
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
        case .notUpdated(let last):
            return Notice(.warning, last.map { L("housekeeping.not_updated_since", ["time": $0]) }
                ?? L("housekeeping.not_updated"))
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

    /// `n` (Send now) and `v` (Review) where the counts offer them; nil for any other key.
    static func outboxKey(_ key: Key, _ badge: OutboxBadge) -> WorkTabDelegate? {
        switch key {
        case .character("n") where badge.toSend > 0: .sendNow
        case .character("v") where badge.toReview > 0: .openReview
        default: nil
        }
    }

    /// The outbox's keys as `?` lists them on every work screen.
    static let outboxHelp = [KeyHint(key: "n", label: L("outbox.send_now")), KeyHint(key: "v", label: L("outbox.review"))]

    static func outboxHints(_ badge: OutboxBadge) -> [KeyHint] {
        var hints: [KeyHint] = []
        if badge.toSend > 0 { hints.append(KeyHint(key: "n", label: L("outbox.send_now"))) }
        if badge.toReview > 0 { hints.append(KeyHint(key: "v", label: L("outbox.review"))) }
        return hints
    }
}
