import AppCore
import Foundation
import GuestCraftAPI
import InstanceClient
import Outbox

/// An outbox operation of the work tabs, declared whole in one file: besides what the engine
/// needs (`OutboxOperation`: name, subject, send, the version it carries), the sentence Account
/// shows for it and the marks its entries put on the rows of Housekeeping and My tasks.
///
/// Adding one: a file in `Sources/LiveClients/Operations` (the operation and its payload), a line
/// in `WorkOperations.all`, and its sentences' keys in `Resources/en.json`.
public protocol WorkOperation: OutboxOperation where Client == InstanceClient {
    /// How Account names the change, from the catalog with literal `L("…")` keys; the instance's
    /// text in it (a room number, a reason) made inert with `InertText.sanitize`.
    func sentence(_ payload: Payload) -> String

    /// Adds what `entry` (whose payload is `payload`) shows on the rows: waiting or held.
    func mark(_ payload: Payload, entry: OutboxEntry, into marks: inout WorkMarks)
}

/// What the outbox's entries show on the rows of the work tabs.
public struct WorkMarks: Sendable, Equatable {
    public var rooms = PendingRooms()
    public var tasks = PendingTasks()
    /// Rooms with a fault report (or a photo of one) in the outbox.
    public var faults = PendingFaults()

    public init() {}

    /// Changes `task`'s waiting overlay, made for a change that applies to `version`: the task's
    /// next change goes with the version after the last one waiting.
    mutating func overlay(_ task: TaskID, version: Int, _ change: (inout TaskOverlay) -> Void) {
        var overlay = tasks.queued[task] ?? TaskOverlay(nextVersion: version + 1)
        change(&overlay)
        overlay.nextVersion = max(overlay.nextVersion, version + 1)
        tasks.queued[task] = overlay
    }
}

/// Rooms with a fault report or one of its photos in the outbox (the room detail's "fault report
/// waiting" / "held for review"); a room may be in both sets (a sent report's photo held).
public struct PendingFaults: Sendable, Equatable {
    /// A report or photo waits to be sent.
    public var waiting: Set<UnitID>
    /// A report or photo is held for the person's decision (Review).
    public var held: Set<UnitID>

    public init(waiting: Set<UnitID> = [], held: Set<UnitID> = []) {
        self.waiting = waiting
        self.held = held
    }
}

extension WorkOperation {
    /// `entry`'s payload, nil when it cannot be read (a payload saved in another shape).
    func payload(of entry: OutboxEntry) -> Payload? {
        try? PayloadCoding.decode(Payload.self, entry.payload)
    }

    func sentence(of entry: OutboxEntry) -> String? {
        payload(of: entry).map(sentence)
    }

    func mark(_ entry: OutboxEntry, into marks: inout WorkMarks) {
        guard let payload = payload(of: entry) else { return }
        mark(payload, entry: entry, into: &marks)
    }

    func register(in registry: inout OutboxRegistry<InstanceClient>) {
        registry.register(self)
    }
}

/// The outbox operations this build knows, each registered once under its stable name; the
/// engine's registry, the rows' marks and Account's sentences are all built from this list.
///
/// An entry whose operation is not registered is held for the person's decision, so an engine
/// without operations is never activated (`LiveServices.outboxEnabled`).
public enum WorkOperations {
    public static let all: [any WorkOperation] = [
        RoomStatusOperation(),
        TaskStatusOperation(),
        TaskNoteOperation(),
        FaultReportOperation(),
        FaultPhotoOperation(),
    ]

    /// The engine's registry: every operation of `all`.
    public static func registry() -> OutboxRegistry<InstanceClient> {
        var registry = OutboxRegistry<InstanceClient>()
        for operation in all { operation.register(in: &registry) }
        return registry
    }

    /// The operations by their stable names.
    static let named: [String: any WorkOperation] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The marks of `entries` (in outbox order), each decoded once by its own operation; entries
    /// of an operation this version does not know, or that cannot be read, mark nothing.
    static func marks(_ entries: [OutboxEntry]) -> WorkMarks {
        var marks = WorkMarks()
        for entry in entries { named[entry.operation]?.mark(entry, into: &marks) }
        return marks
    }

    /// Account's sentence for `entry`; nil for an operation this version does not know or a
    /// payload it cannot read.
    static func sentence(_ entry: OutboxEntry) -> String? {
        named[entry.operation]?.sentence(of: entry)
    }
}
