import AppCore
import ClientModel
import DeviceServices
import Foundation
import GuestCraftAPI
import Locking
import OfflineStore

/// The start's saved list, read and decoded before the app asks for it (#18).
///
/// The first frame of a work screen waits for its saved list (Housekeeping's 2,000 rooms: half a
/// megabyte of JSON), and the app can ask for it only once the preferences, the saved instances
/// and the PIN file have been read and the instance opened. The list the start will ask for is
/// known sooner: the preferences name the account and property opened last, and of the lists a
/// work tab opens with (Today, the rooms, my tasks) the one saved last is the one that tab
/// refreshed. `start` reads and decodes it on another thread while the app opens; the first
/// `take` of that read (same key, same partition) gets it — waiting while it is still being read
/// — and every later read goes to the store as before. A guess that proves wrong costs a read
/// on the other core and nothing else: whatever the app asks first ends the prefetch.
final class SavedReadPrefetch: Sendable {
    /// A decoded copy, as `LiveWork.saved` answers it, for one value type.
    struct Decoded: @unchecked Sendable {
        let value: Any
    }

    /// The head of the list being read (#18: a room list's `RoomsPreview`; #34: Today's
    /// `TodayPreview`): being read, read (a preview or none).
    private enum Preview {
        case pending
        case read((any Sendable)?)
    }

    private enum Phase {
        case idle
        /// Being read; `abandoned` once another read came first or a read gave up waiting (the copy
        /// is then kept only for those already waiting for it).
        case reading(key: String, partition: Partition, waiters: [Waiter], abandoned: Bool, preview: Preview = .read(nil))
        case read(key: String, partition: Partition, decoded: Decoded?)
        case closed
    }

    /// A read waiting for the copy: woken with true when it is read, false when it gave up.
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let phase = Locked(Phase.idle)
    private let waiterIDs = Locked(0)
    /// How long a read waits for the copy being read before it reads for itself: on a machine
    /// whose cores other programs keep busy the read ahead may get little of them (#18). Decoding
    /// takes a few milliseconds; this is for when it does not.
    let waitAtMostMilliseconds: Int
    /// What the list's decode waits for when its head was handed out (`start(afterHead:)`): a read
    /// waiting for the list waits that much longer rather than read it again beside the read ahead.
    private let decodeHeldFor = Locked<AfterFirstFrame?>(nil)
    /// Whether the head of the list being read was handed out (`takePreview`): the first frame is
    /// then drawn from it, and the whole list may wait for that frame.
    private let headHandedOut = Locked(false)
    /// Signalled when a read waits for the whole list and no head was handed out: the first frame
    /// then waits for that list, which must not wait for the frame (#18: a tab that asked for the
    /// head before the read ahead had begun, then for the list once it had, waited with it for
    /// the gate's deadline — a first frame after 265 ms, once in a few hundred starts).
    private let wholeListWanted = DispatchSemaphore(value: 0)

    init(waitAtMostMilliseconds: Int = 50) {
        self.waitAtMostMilliseconds = waitAtMostMilliseconds
    }

    /// What `take` does next.
    private enum Step { case wait, answer(Decoded?), miss }

    /// The work tabs' opening lists of `property`, each with how it is decoded.
    static func candidates(_ property: PropertyID) -> [(key: String, decode: @Sendable (SavedRead) -> Decoded?)] {
        [(LiveWork.unitsKey(property), { decode($0, as: UnitList.self) }),
         (LiveWork.todayKey(property), { decode($0, as: TodayOverview.self) }),
         (LiveWork.tasksKey(property), { decode($0, as: TaskList.self) })]
    }

    static func decode<Value: Codable & Sendable & Equatable>(_ read: SavedRead, as: Value.Type) -> Decoded? {
        LiveWork.copy(of: read, as: Value.self).map { Decoded(value: $0) }
    }

    static func decode<Value: Codable & Sendable & Equatable & PlainEnvelopeReadable>(_ read: SavedRead, as: Value.Type)
        -> Decoded? {
        LiveWork.copy(of: read, as: Value.self).map { Decoded(value: $0) }
    }

    /// Reads, on another thread, the list the start will most likely ask for: of the property the
    /// preferences opened last, the opening list saved last. Does nothing without preferences.
    func start(preferences: @escaping @Sendable () -> AppPreferences, store: OfflineStore,
               afterHead: AfterFirstFrame? = nil) {
        start(preferences: preferences, store: { store }, afterHead: afterHead)
    }

    /// The same, begun before the store is open (#18: the preferences are read while the opening
    /// goes on): `store` waits for it, and answers nil when it could not be opened — the read
    /// ahead then ends, having read nothing. With `afterHead`, a list whose head was handed out
    /// is decoded once the first frame is on the terminal (the head is what that frame shows).
    func start(preferences: @escaping @Sendable () -> AppPreferences, store waitForStore: @escaping @Sendable () -> OfflineStore?,
               afterHead: AfterFirstFrame? = nil) {
        // At the app's own priority: the first frame waits for this list more than for anything
        // else the start does (#18; nice +10 cost a millisecond, docs/startup.md).
        decodeHeldFor.withLock { $0 = afterHead }
        let thread = Thread { [self] in
            let loaded = preferences()
            guard let instanceKey = loaded.lastInstanceKey, let personID = loaded.lastPersonID,
                  let choice = loaded.choice(instanceKey: instanceKey, personID: personID),
                  let store = waitForStore() else {
                close()
                return
            }
            let partition = Partition(instanceKey: instanceKey, personID: personID,
                                      workspaceID: choice.workspace.id.rawValue)
            let candidates = Self.candidates(choice.property.id)
            let now = Date()
            guard let key = try? store.newestSavedKey(among: candidates.map { $0.key }, partition: partition, now: now,
                                                       appVersion: AppVersion.current),
                  let decode = candidates.first(where: { $0.key == key })?.decode else {
                close()
                return
            }
            let rooms = key == LiveWork.unitsKey(choice.property.id), today = key == LiveWork.todayKey(choice.property.id)
            guard begin(key, partition: partition, previewing: rooms || today) else { return }
            let preview: (any Sendable)? = rooms ? Self.preview(key, partition: partition, store: store, now: now)
                : today ? Self.todayPreview(key, partition: partition, store: store, now: now) : nil
            if rooms || today { offerPreview(preview) }
            // With the head out, the first frame no longer waits for the whole list: it is read
            // and decoded after that frame is on the terminal (#18: its 440 KB copied before the
            // frame were a hundred page faults beside the start's own work), the decode at a
            // lower priority, so the cores go to the app's own start and then to the terminal
            // showing it first. The body is read at the app's priority: the store's reading
            // connection is the app's too, and a thread holding it at a lower one would keep the
            // app's reads waiting.
            if preview != nil { afterHead?.wait(orUntil: wholeListWanted) }
            let read = try? store.savedRead(key, partition: partition, now: now, appVersion: AppVersion.current)
            if preview != nil { Self.lowerThisThreadsPriority() }
            finish(key, partition: partition, decoded: read.flatMap(decode))
        }
        thread.name = "read ahead"
        thread.start()
    }

    /// Lowers the calling thread's priority (nice +10; the threads it starts inherit it).
    static func lowerThisThreadsPriority() {
        // On Linux the nice value is a thread's own: PRIO_PROCESS with 0 is the calling thread.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    }

    /// How much of a saved room list is read for its head (`LiveWork.roomsHead`: 100 rooms take
    /// about 25 KB).
    static let headLength = 64 * 1024

    /// The head of the saved room list `key` (#18), read from the first bytes of its body alone.
    static func preview(_ key: String, partition: Partition, store: OfflineStore, now: Date) -> RoomsPreview? {
        guard let read = try? store.savedReadHead(key, partition: partition, now: now, appVersion: AppVersion.current,
                                                  length: headLength),
              let head = UnitList.plainSavedHead(read.body) else { return nil }
        return RoomsPreview(first: SavedCopy(value: head.first, savedAt: read.savedAt), count: head.count,
                            numberWidth: head.numberWidth)
    }

    /// How much of a saved Today is read for its head (`LiveWork.todayHead`: 100 stays take
    /// about 35 KB; a head longer than this is not shown, and the first frame waits for the whole).
    static let todayHeadLength = 96 * 1024

    /// The head of the saved Today `key` (#34), read from the first bytes of its body alone.
    static func todayPreview(_ key: String, partition: Partition, store: OfflineStore, now: Date) -> TodayPreview? {
        guard let read = try? store.savedReadHead(key, partition: partition, now: now, appVersion: AppVersion.current,
                                                  length: todayHeadLength),
              let head = TodayOverview.plainSavedHead(read.body) else { return nil }
        return TodayPreview(first: SavedCopy(value: head.first, savedAt: read.savedAt), counts: head.counts)
    }

    /// Marks `key` as being read (false when a read already came first and ended the prefetch).
    func begin(_ key: String, partition: Partition, previewing: Bool = false) -> Bool {
        phase.withLock { phase -> Bool in
            guard case .idle = phase else { return false }
            phase = .reading(key: key, partition: partition, waiters: [], abandoned: false,
                             preview: previewing ? .pending : .read(nil))
            return true
        }
    }

    /// Keeps the head read of the list being read (nil: none to show) and wakes those waiting.
    func offerPreview(_ preview: (any Sendable)?) {
        let waiters = phase.withLock { phase -> [Waiter] in
            guard case .reading(let key, let partition, let waiters, let abandoned, .pending) = phase else { return [] }
            phase = .reading(key: key, partition: partition, waiters: [], abandoned: abandoned, preview: .read(preview))
            return waiters
        }
        for waiter in waiters { waiter.continuation.resume(returning: true) }
    }

    /// The head of `key`'s saved room list while the list is still being read ahead (#18).
    func takePreview(_ key: String, partition: Partition) async -> RoomsPreview? {
        await takePreview(key, partition: partition, as: RoomsPreview.self)
    }

    /// The head of `key`'s saved list (a `RoomsPreview`, a `TodayPreview`) while the list is still
    /// being read ahead (#18, #34), waiting for the head when it is being read; nil once the list
    /// is read (or another was, or it has none, or one of another type). Asking does not end the
    /// read ahead: `take` gets the list after.
    func takePreview<Head: Sendable>(_ key: String, partition: Partition, as: Head.Type) async -> Head? {
        while true {
            let step = phase.withLock { phase -> Head?? in
                guard case .reading(let reading, let readingPartition, _, let abandoned, let preview) = phase,
                      !abandoned, reading == key, readingPartition == partition else { return .some(nil) }
                switch preview {
                case .pending: return nil
                case .read(let preview): return .some(preview as? Head)
                }
            }
            if case .some(.some) = step { headHandedOut.withLock { $0 = true } }
            if let answer = step { return answer }
            guard await waitForCopy(key, partition: partition, abandonsOnTimeout: false) else { return nil }
        }
    }

    /// Keeps the copy read for its first read (or drops it when nobody waits and another read
    /// came first) and wakes those waiting for it.
    func finish(_ key: String, partition: Partition, decoded: Decoded?) {
        let waiters = phase.withLock { phase -> [Waiter] in
            guard case .reading(_, _, let waiters, let abandoned, _) = phase else { return [] }
            phase = abandoned && waiters.isEmpty ? .closed : .read(key: key, partition: partition, decoded: decoded)
            return waiters
        }
        for waiter in waiters { waiter.continuation.resume(returning: true) }
    }

    /// The prefetched copy of `key` in `partition`, once; nil when the prefetch read another (or
    /// none, or could not decode it, or did not within `waitAtMostMilliseconds`). The first call of
    /// all ends the prefetch, but a read already waiting for the copy being read still gets it.
    func take<Value: Sendable>(_ key: String, partition: Partition, as: Value.Type) async
        -> (copy: SavedCopy<Value>, etag: ETag?)?? {
        while true {
            let step = phase.withLock { phase -> Step in
                switch phase {
                case .reading(let reading, let readingPartition, _, let abandoned, _)
                    where !abandoned && reading == key && readingPartition == partition:
                    // Abandoned (another read came first, or a read gave up): only those already
                    // waiting get the copy; a read coming now reads for itself.
                    return .wait
                case .read(let read, let readPartition, let decoded) where read == key && readPartition == partition:
                    phase = .closed
                    return .answer(decoded)
                case .reading(let reading, let readingPartition, let waiters, _, let preview):
                    // Another list first: those already waiting for this one still get it.
                    phase = .reading(key: reading, partition: readingPartition, waiters: waiters, abandoned: true,
                                     preview: preview)
                    return .miss
                case .idle, .read, .closed:
                    phase = .closed
                    return .miss
                }
            }
            switch step {
            case .miss:
                return nil
            case .answer(let decoded):
                return .some(decoded?.value as? (copy: SavedCopy<Value>, etag: ETag?))
            case .wait:
                if !headHandedOut.withLock({ $0 }) { wholeListWanted.signal() }
                guard await waitForCopy(key, partition: partition) else { return nil }
            }
        }
    }

    /// Waits for the copy of `key` being read: true when it was read (or the phase moved on: look
    /// again), false when `waitAtMostMilliseconds` passed first (and, when the decode waits for the
    /// first frame, the time until it goes) — the read then gives the copy up
    /// (dropped when nobody else waits for it) and reads for itself.
    private func waitForCopy(_ key: String, partition: Partition, abandonsOnTimeout: Bool = true) async -> Bool {
        let id = waiterIDs.withLock { next -> Int in
            next += 1
            return next
        }
        let held = decodeHeldFor.withLock { $0 }?.untilOpen ?? .zero
        let bound = waitAtMostMilliseconds + Int(held.nanoseconds / 1_000_000)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let waiting = phase.withLock { phase -> Bool in
                guard case .reading(let reading, let readingPartition, var waiters, let abandoned, let preview) = phase,
                      reading == key, readingPartition == partition else { return false }
                waiters.append(Waiter(id: id, continuation: continuation))
                phase = .reading(key: reading, partition: readingPartition, waiters: waiters, abandoned: abandoned,
                                 preview: preview)
                return true
            }
            guard waiting else {
                continuation.resume(returning: true)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(bound)) { [self] in
                let gaveUp = phase.withLock { phase -> Bool in
                    guard case .reading(let reading, let readingPartition, var waiters, let abandoned, let preview) = phase,
                          let index = waiters.firstIndex(where: { $0.id == id }) else { return false }
                    waiters.remove(at: index)
                    // A read that gave up reads for itself, so the copy is kept only for the
                    // others; a head's wait that gave up ends nothing.
                    phase = .reading(key: reading, partition: readingPartition, waiters: waiters,
                                     abandoned: abandoned || abandonsOnTimeout, preview: preview)
                    return true
                }
                if gaveUp { continuation.resume(returning: false) }
            }
        }
    }

    /// How many reads wait for the copy being read (for tests).
    var waiting: Int {
        phase.withLock { phase in
            if case .reading(_, _, let waiters, _, _) = phase { return waiters.count }
            return 0
        }
    }

    /// Whether the read ahead is done (read, or given up); for tests, which must not race it.
    var isSettled: Bool {
        phase.withLock { phase in
            switch phase {
            case .read, .closed: true
            case .idle, .reading: false
            }
        }
    }

    private func close() {
        phase.withLock { phase in
            if case .idle = phase { phase = .closed }
        }
    }
}
