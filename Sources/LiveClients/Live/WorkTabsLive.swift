import AppCore
import Catalog
import Foundation
import HTTPClient
import GuestCraftAPI
import InstanceClient
import OfflineStore
import Outbox
import DeviceServices
import TerminalUI

extension WorkTabs.Environment {
    /// The Housekeeping and My tasks clients over the instance client, the offline store and
    /// the outbox engine.
    static func live(_ services: LiveServices) -> WorkTabs.Environment {
        WorkTabs.Environment(
            today: TodayTab.Clients(environment: { context in LiveWork(services: services, context: context).today }),
            search: SearchTab.Clients(environment: { context in LiveWork(services: services, context: context).search }),
            housekeeping: HousekeepingTab.Clients(
                environment: { context in LiveWork(services: services, context: context).housekeeping }),
            tasks: TasksTab.Clients(
                environment: { context in LiveWork(services: services, context: context).tasks }))
    }
}

/// The live clients of one work context: reads saved inside its generation, changes through
/// the outbox engine (active for this context's partition).
struct LiveWork: Sendable {
    let services: LiveServices
    let context: WorkContext

    var client: InstanceClient { services.client(for: context.session) }
    var property: PropertyID { context.property.id }
    var store: OfflineStore { services.offline }
    var engine: OutboxEngine<InstanceClient> { services.outbox }

    var housekeeping: HousekeepingEnvironment {
        let work = self
        var environment = HousekeepingEnvironment(
            savedUnits: { await work.savedOpening(work.unitsKey, as: UnitList.self)?.copy },
            fetchUnits: {
                await work.fetch(work.unitsKey, as: UnitList.self, head: LiveWork.roomsHead) { etag in
                    try await work.client.units(property: work.property, ifNoneMatch: etag)
                }
            },
            savedUnit: { id in work.saved(work.unitKey(id), as: UnitDetail.self)?.copy },
            fetchUnit: { id in
                await work.fetch(work.unitKey(id), as: UnitDetail.self) { etag in
                    try await work.client.unit(property: work.property, id: id, ifNoneMatch: etag)
                }
            },
            pendingRooms: { work.pendingRooms() },
            setStatus: { unit, status, version in
                await work.submit(RoomStatusOperation(),
                                  RoomStatusChange(property: work.property, unit: unit.id, number: unit.number,
                                                   status: status, expectedVersion: version))
            },
            formatTime: LiveWork.formatTime,
            mayChangeStatus: context.allows(.housekeepingWrite),
            faultForm: faultForm, owner: context.owner,
            savedUnitsPreview: { await work.services.start.prefetch.takePreview(work.unitsKey, partition: work.context.partition) })
        environment.board = board
        environment.mayInspect = context.allows(.housekeepingInspect)
        environment.undoClock = work.services.clock
        return environment
    }

    var tasks: TasksEnvironment {
        let work = self
        var environment = TasksEnvironment(
            savedTasks: { await work.savedOpening(work.tasksKey, as: TaskList.self)?.copy },
            fetchTasks: {
                await work.fetch(work.tasksKey, as: TaskList.self) { etag in
                    try await work.client.tasks(property: work.property, assignedToMe: true, ifNoneMatch: etag)
                }
            },
            fetchTask: { id in await work.unsaved { try await work.client.task(property: work.property, id: id).value } },
            pendingTasks: { work.pendingTasks() },
            setStatus: { task, change, version in
                await work.submit(TaskStatusOperation(),
                                  TaskStatusRequest(property: work.property, task: task.id, number: task.unit.number,
                                                    status: change.status, reason: change.reason, version: version))
            },
            setNote: { task, note, version in
                await work.submit(TaskNoteOperation(),
                                  TaskNoteRequest(property: work.property, task: task.id, number: task.unit.number,
                                                  note: note, version: version))
            },
            discard: { id in (try? await work.engine.discard(id)) ?? false },
            clock: work.services.clock,
            formatTime: LiveWork.formatTime,
            faultForm: faultForm, owner: context.owner)
        environment.roomStatus = TaskRoomStatus(
            mayChange: context.allows(.housekeepingWrite), mayInspect: context.allows(.housekeepingInspect),
            set: { unit, status in
                guard let version = await work.roomVersion(unit.id) else { return nil }
                return await work.submit(RoomStatusOperation(),
                                         RoomStatusChange(property: work.property, unit: unit.id, number: unit.number,
                                                          status: status, expectedVersion: version))
            })
        return environment
    }

    /// The housekeeping version of a room as freshly as it can be known: read now when the
    /// instance answers, else the newest of its saved detail and the saved room list.
    func roomVersion(_ id: UnitID) async -> Int? {
        let fresh = await fetch(unitKey(id), as: UnitDetail.self) { etag in
            try await client.unit(property: property, id: id, ifNoneMatch: etag)
        }
        if case .fresh(let detail, _) = fresh { return detail.unit.housekeepingVersion }
        let versions = [saved(unitKey(id), as: UnitDetail.self)?.copy.value.unit.housekeepingVersion,
                        saved(unitsKey, as: UnitList.self)?.copy.value.units.first { $0.id == id }?.housekeepingVersion]
        return versions.compactMap { $0 }.max()
    }

    // MARK: Saved reads

    /// How many rooms a saved list's head keeps: a screen of rows on the tallest terminals.
    static let previewRooms = 100

    /// The head saved before a room list (#18): its count, the columns of its widest number and
    /// its first rooms in the order shown — what the next start draws its first frame from.
    @Sendable static func roomsHead(_ list: UnitList) -> Data? {
        let (first, numberWidth) = RoomList.head(of: list.units, first: previewRooms)
        // Slashes as they are: the head is read straight from its bytes, where an escape is not.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let value = try? encoder.encode(UnitList(businessDate: list.businessDate, units: first)) else {
            return nil
        }
        return UnitList.savedHeadJSON(count: list.units.count, numberWidth: numberWidth, firstJSON: value)
    }

    var unitsKey: String { LiveWork.unitsKey(property) }
    func unitKey(_ id: UnitID) -> String { "units.get/" + property.rawValue + "/" + id.rawValue }
    var tasksKey: String { LiveWork.tasksKey(property) }
    static func tasksKey(_ property: PropertyID) -> String { "tasks.list.me/" + property.rawValue }
    /// Today of the property (`today.get`), saved like the lists; the downtime report reads it.
    var todayKey: String { LiveWork.todayKey(property) }
    static func todayKey(_ property: PropertyID) -> String { "today.get/" + property.rawValue }
    static func unitsKey(_ property: PropertyID) -> String { "units.list/" + property.rawValue }

    func saved<Value: Codable & Sendable & Equatable>(_ key: String, as: Value.Type)
        -> (copy: SavedCopy<Value>, etag: ETag?)? {
        guard let read = try? store.savedRead(key, partition: context.partition, now: Date(), appVersion: AppVersion.current)
        else { return nil }
        return Self.copy(of: read, as: Value.self)
    }

    /// A saved read as the screens get it: its value and when it was read, and its ETag.
    static func copy<Value: Codable & Sendable & Equatable>(of read: SavedRead, as: Value.Type)
        -> (copy: SavedCopy<Value>, etag: ETag?)? {
        copy(SavedAnswer<Value>.decode(read.body), savedAt: read.savedAt)
    }

    /// `copy` of a list read straight from the bytes (the rooms, Today), without the run-time
    /// question whether it can be (`SavedAnswer.decode`).
    static func copy<Value: Codable & Sendable & Equatable & PlainEnvelopeReadable>(of read: SavedRead, as: Value.Type)
        -> (copy: SavedCopy<Value>, etag: ETag?)? {
        copy(SavedAnswer<Value>.decode(read.body), savedAt: read.savedAt)
    }

    private static func copy<Value: Sendable>(_ body: SavedAnswer<Value>?, savedAt: Date) -> (copy: SavedCopy<Value>, etag: ETag?)? {
        body.map { (SavedCopy(value: $0.value, savedAt: savedAt), $0.etag.map(ETag.init)) }
    }

    /// A work tab's opening list: the copy the start read ahead (`SavedReadPrefetch`) when it is
    /// this one, else the store's.
    func savedOpening<Value: Codable & Sendable & Equatable>(_ key: String, as: Value.Type) async
        -> (copy: SavedCopy<Value>, etag: ETag?)? {
        if let prefetched = await services.start.prefetch.take(key, partition: context.partition, as: Value.self) {
            return prefetched
        }
        return saved(key, as: Value.self)
    }

    /// The ETag saved with a read, from the head of its body (the value is not read); a body
    /// that does not start as `SavedAnswer` writes it is decoded in full.
    func savedETag<Value: Codable & Sendable & Equatable>(_ key: String, as: Value.Type) -> ETag? {
        guard let read = try? store.savedReadHead(key, partition: context.partition, now: Date(),
                                                  appVersion: AppVersion.current, length: Self.etagHeadLength)
        else { return nil }
        switch SavedAnswerETag.head(of: read.body) {
        case .etag(let etag): return ETag(etag)
        case .none: return nil
        case .unreadable: return saved(key, as: Value.self)?.etag
        }
    }

    /// How much of a saved body's head is read for its ETag: an ETag longer than this is read
    /// from the whole body instead (`SavedAnswerETag` says the head is unreadable).
    static let etagHeadLength = 4096

    /// A conditional read: 304 answers the saved copy; a fresh answer is saved inside the
    /// context's generation; no answer keeps the saved copy; 403 deletes it.
    func fetch<Value: Codable & Sendable & Equatable>(
        _ key: String, as: Value.Type, head: (@Sendable (Value) -> Data?)? = nil,
        _ call: @Sendable (ETag?) async throws -> ReadAnswer<Value>
    ) async -> ReadResult<Value> {
        do {
            // The request waits for the app's first frame (`NetworkStart`); reading the saved
            // copy's ETag (the whole saved list) waits with it, not beside that frame (#18).
            await NetworkStart.app.released()
            var answer = try await call(savedETag(key, as: Value.self))
            var savedCopy: SavedCopy<Value>?
            if case .notModified = answer {
                savedCopy = saved(key, as: Value.self)?.copy
                if savedCopy == nil {
                    // The saved copy behind that ETag cannot be read (damaged): forget it, read in full.
                    services.log.write("read \(key): 304, but the saved copy cannot be read; reading it in full")
                    try? store.deleteRead(key, partition: context.partition)
                    answer = try await call(nil)
                }
            }
            let now = Date()
            // Saved on the store's queue of disk writes, after the generation's row queued there
            // when the context began: an answer that comes back before that row is on disk is
            // saved once it is, not dropped (a save inserts only inside a live generation).
            let (store, partition, generation) = (store, context.partition, context.generation)
            switch answer {
            case .fresh(let fresh):
                if let body = try? (fresh.body.isEmpty ? SavedAnswer(etag: fresh.etag?.value, value: fresh.value).encoded()
                                                         : SavedAnswer<Value>.encoded(etag: fresh.etag?.value,
                                                                                      head: head?(fresh.value),
                                                                                      valueJSON: fresh.body)) {
                    _ = await OffThePool.run {
                        (try? store.saveRead(key, body: body, partition: partition, generation: generation,
                                             now: now, appVersion: AppVersion.current)) ?? false
                    }
                }
                return .fresh(fresh.value, at: now)
            case .notModified:
                // The saved copy is still the instance's: it is dated now, not written again (a 304
                // every 15 s of a 2,000-room list must not encode and write 430 KB each time).
                guard let savedCopy else { return .failed(problemCode: nil) }
                _ = await OffThePool.run {
                    (try? store.renewRead(key, partition: partition, generation: generation,
                                          now: now, appVersion: AppVersion.current)) ?? false
                }
                return .fresh(savedCopy.value, at: now)
            }
        } catch let error as GuestCraftError {
            return failure(error, key: key)
        } catch {
            return .offline
        }
    }

    /// A read that is not saved (a task's detail, free rooms, a search): its answer, or its
    /// failure landed as every read's is; an answer without a value (a 304 to a read that sent no
    /// ETag) is another answer.
    func unsaved<Value>(_ call: () async throws -> Value?) async -> ReadResult<Value> {
        do {
            guard let value = try await call() else { return .failed(problemCode: nil) }
            return .fresh(value, at: Date())
        } catch let error as GuestCraftError {
            return failure(error, key: nil)
        } catch {
            return .offline
        }
    }

    func failure<Value>(_ error: GuestCraftError, key: String?) -> ReadResult<Value> {
        services.log.write("read \(key ?? "task"): \(error)")
        switch error {
        case .noAnswer: return .offline
        case .unauthorized: return .sessionEnded
        case .problem(let problem) where problem.status == 403:
            if let key { try? store.deleteRead(key, partition: context.partition) }
            return .forbidden
        case .problem(let problem): return .failed(problemCode: problem.code.rawValue)
        case .invalidResponse(let invalid):
            return .failed(problemCode: invalid.gatewayStatus.map { ErrorText.gatewayPrefix + String($0) })
        }
    }

    // MARK: Outbox

    func submit<Operation: OutboxOperation>(_ operation: Operation, _ payload: Operation.Payload) async
        -> ChangeOutcome<Operation.Result> where Operation.Client == InstanceClient, Operation.Result: Equatable {
        guard await engine.activePartition == context.partition else { return .expired }
        do {
            return try await engine.submit(operation, payload)
        } catch {
            services.log.write("outbox: \(operation.name) not saved: \(error)")
            return .failed
        }
    }

    func entries() -> [OutboxEntry] {
        (try? store.pendingEntries(context.partition)) ?? []
    }

    /// What the outbox's entries show on the rows, each entry read by its own operation.
    func marks() -> WorkMarks {
        let entries = entries()
        services.decodedPayloads.keep(only: entries, of: context.partition)
        return WorkOperations.marks(entries, decoded: services.decodedPayloads)
    }

    func pendingRooms() -> PendingRooms { marks().rooms }

    func pendingTasks() -> PendingTasks { marks().tasks }

    /// "09:41" today, with the locale's date otherwise, in the terminal's time zone.
    static let formatTime: @Sendable (Date) -> String = { LocalTime.format($0) }
}
