import AppCore
import Foundation
import GuestCraftAPI
import InstanceClient
import Locking
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

    func mark(_ entry: OutboxEntry, decoded: DecodedPayloads?, into marks: inout WorkMarks) {
        if let payload = decoded?.payload(of: entry, as: Payload.self) {
            mark(payload, entry: entry, into: &marks)
            return
        }
        guard let payload = payload(of: entry) else { return }
        decoded?.keep(payload, of: entry)
        mark(payload, entry: entry, into: &marks)
    }

    func register(in registry: inout OutboxRegistry<InstanceClient>) {
        registry.register(self)
    }
}

/// The outbox entries' payloads as their operations decoded them, by entry id (#32: after each
/// round Housekeeping and My tasks read the marks again, and every entry was decoded again per
/// tab). A payload is taken from here only while its bytes are the ones decoded (the engine
/// rewrites a waiting entry's expected version before it is attempted).
final class DecodedPayloads: Sendable {
    private struct Decoded {
        let partition: Partition
        let bytes: Data
        let payload: any Sendable
    }

    private let byID = Locked<[Int64: Decoded]>([:])
    /// How many payloads were decoded and kept (for the tests).
    private let kept = Locked(0)

    var decodes: Int { kept.withLock { $0 } }

    func payload<Payload>(of entry: OutboxEntry, as type: Payload.Type) -> Payload? {
        byID.withLock { byID in
            guard let decoded = byID[entry.id], decoded.bytes == entry.payload else { return nil }
            return decoded.payload as? Payload
        }
    }

    func keep(_ payload: some Sendable, of entry: OutboxEntry) {
        byID.withLock { $0[entry.id] = Decoded(partition: entry.partition, bytes: entry.payload, payload: payload) }
        kept.withLock { $0 += 1 }
    }

    /// Forgets the entries of `partition` that left the outbox (sent, discarded): of that
    /// partition only `entries` (its entries now) stay.
    func keep(only entries: [OutboxEntry], of partition: Partition) {
        let ids = Set(entries.map(\.id))
        byID.withLock { byID in byID = byID.filter { $0.value.partition != partition || ids.contains($0.key) } }
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

    /// The marks of `entries` (in outbox order), each decoded by its own operation, or taken from
    /// `decoded` when its payload was decoded before; entries of an operation this version does
    /// not know, or that cannot be read, mark nothing.
    static func marks(_ entries: [OutboxEntry], decoded: DecodedPayloads? = nil) -> WorkMarks {
        var marks = WorkMarks()
        for entry in entries { named[entry.operation]?.mark(entry, decoded: decoded, into: &marks) }
        return marks
    }

    /// Account's sentence for `entry`; nil for an operation this version does not know or a
    /// payload it cannot read.
    static func sentence(_ entry: OutboxEntry) -> String? {
        named[entry.operation]?.sentence(of: entry)
    }
}
