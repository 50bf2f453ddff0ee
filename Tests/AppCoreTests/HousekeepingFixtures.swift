import AppCore
import Foundation
import GuestCraftAPI
import ClientModel
import Locking
import TestSupport
import Testing

/// Rooms like the demo's seed (Harbour View), built for the tests of both work tabs.
enum HotelFixture {
    static let date = BusinessDate("2026-11-02")!
    static let double = RoomTypeRef(id: "rmt_dbl", name: "Double")
    static let twin = RoomTypeRef(id: "rmt_twn", name: "Twin")
    static let suite = RoomTypeRef(id: "rmt_ste", name: "Suite")
    static let updated = Instant(millisecondsSinceEpoch: 1_793_600_000_000)

    static func room(_ number: String, _ type: RoomTypeRef = double, floor: Int? = nil,
                     _ occupancy: Occupancy = .vacant, _ status: HousekeepingStatus = .dirty,
                     version: Int = 1) -> RoomUnit {
        RoomUnit(id: UnitID("unt_h" + number), number: number, roomType: type,
                 floor: floor ?? (Int(number.prefix(1)) ?? 0), occupancy: occupancy,
                 housekeepingStatus: status, housekeepingVersion: version, housekeepingUpdatedAt: updated)
    }

    /// The seed's eight rooms, given out of order (the tab sorts them).
    static let units: [RoomUnit] = [
        room("201", double, .occupied, .dirty, version: 2),
        room("101", double, .arriving, .dirty, version: 3),
        room("102", double, .departing, .dirty, version: 1),
        room("103", twin, .vacant, .clean, version: 4),
        room("104", twin, .vacant, .inspected, version: 1),
        room("202", double, .departing, .dirty, version: 1),
        room("203", twin, .vacant, .clean, version: 5),
        blocked(room("301", suite, .vacant, .outOfOrder, version: 1)),
    ]

    /// The seed's block of room 301.
    static let leak = UnitBlock(id: "blk_0001", kind: .outOfOrder, from: BusinessDate("2026-11-01")!,
                                to: BusinessDate("2026-11-04")!, reason: "Leaking shower tray")

    static func blocked(_ unit: RoomUnit, _ block: UnitBlock = leak) -> RoomUnit {
        var unit = unit
        unit.block = block
        return unit
    }

    static let unitList = UnitList(businessDate: date, units: units)

    static let hana = UserRef(id: "usr_housekeeper", name: "Hana Kowalski")

    static func task(_ id: String, room number: String, _ kind: TaskKind = .cleanDeparture,
                     _ status: TaskStatus = .open, arriving: Bool = false, version: Int = 1,
                     note: String? = nil, reservation: String? = nil, assignee: UserRef? = hana) -> HousekeepingTask {
        HousekeepingTask(id: TaskID(id), kind: kind, unit: UnitRef(id: UnitID("unt_h" + number), number: number),
                         status: status, skipReason: status == .skipped ? "Do not disturb" : nil, note: note,
                         dueDate: date, assignee: assignee,
                         reservation: reservation.map { ReservationRef(id: ReservationID("rsv_" + $0), code: "HV-" + $0) },
                         guestArriving: arriving, version: version)
    }

    static let savedAt = Date(timeIntervalSince1970: 1_793_605_200)   // 2026-11-02 07:40 UTC
    static let freshAt = Date(timeIntervalSince1970: 1_793_611_260)   // 2026-11-02 09:21 UTC

    /// "HH:mm" in UTC, so snapshots do not depend on the machine's zone.
    static let formatTime: @Sendable (Date) -> String = { date in
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }
}

/// A scripted world behind the Housekeeping tab: saved copies, read answers in order, the
/// outbox's pending rooms and the outcome of each change; every call is recorded.
final class HousekeepingWorld: Sendable {
    /// The fault form's clients, which this world does not answer: a call fails the test.
    let unexpectedCalls: UnexpectedCalls

    init(sourceLocation: SourceLocation = #_sourceLocation) {
        unexpectedCalls = UnexpectedCalls(sourceLocation: sourceLocation)
    }

    struct StatusCall: Equatable, Sendable {
        let unit: UnitID
        let status: HousekeepingStatus
        let expectedVersion: Int
    }

    let saved = Locked<SavedCopy<UnitList>?>(nil)
    /// The head of the saved list the start hands first (#18), when one is set.
    let preview = Locked<RoomsPreview?>(nil)
    let reads = Locked<[ReadResult<UnitList>]>([])
    let savedDetails = Locked<[UnitID: SavedCopy<UnitDetail>]>([:])
    let detailReads = Locked<[ReadResult<UnitDetail>]>([])
    let pending = Locked<PendingRooms>(.none)
    let outcomes = Locked<[ChangeOutcome<RoomUnit>]>([])
    let statusCalls = Locked<[StatusCall]>([])
    let readCount = Locked(0)
    /// While closed, a change waits before answering (a change in flight).
    let changeGate = Gate()
    /// Whether the role holds `housekeeping.inspect`.
    let inspects = Locked(true)
    /// Whether Undo is offered (its clock is `clock`).
    let undoes = Locked(false)
    let clock = ManualClock()

    func answerReads(_ results: ReadResult<UnitList>...) { reads.withLock { $0 += results } }
    func answerDetails(_ results: ReadResult<UnitDetail>...) { detailReads.withLock { $0 += results } }
    func answerChanges(_ results: ChangeOutcome<RoomUnit>...) { outcomes.withLock { $0 += results } }
    var calls: [StatusCall] { statusCalls.withLock { $0 } }

    var environment: HousekeepingEnvironment {
        var environment = HousekeepingEnvironment(
            savedUnits: { self.saved.withLock { $0 } },
            fetchUnits: {
                self.readCount.withLock { $0 += 1 }
                return self.reads.withLock { $0.isEmpty ? .offline : $0.removeFirst() }
            },
            savedUnit: { id in self.savedDetails.withLock { $0[id] } },
            fetchUnit: { _ in self.detailReads.withLock { $0.isEmpty ? .offline : $0.removeFirst() } },
            pendingRooms: { self.pending.withLock { $0 } },
            setStatus: { unit, status, version in
                self.statusCalls.withLock { $0.append(StatusCall(unit: unit.id, status: status, expectedVersion: version)) }
                await self.changeGate.wait()
                return self.outcomes.withLock { $0.isEmpty ? .queued(waitsForDecision: false) : $0.removeFirst() }
            },
            formatTime: HotelFixture.formatTime,
            faultForm: .failing(unexpectedCalls.call),
            savedUnitsPreview: { self.preview.withLock { $0 } })
        environment.mayInspect = inspects.withLock { $0 }
        environment.undoClock = undoes.withLock { $0 } ? clock.client : nil
        return environment
    }
}

extension Header {
    /// The header the app shows over the work tabs in these tests.
    static func harbour(_ connection: ConnectionState = .online, toSend: Int = 0, toReview: Int = 0) -> Header {
        Header(instance: "Harbour View Demo", property: "Harbour View Hotel", businessDate: "Mon 2 Nov",
               connection: connection, toSend: toSend, toReview: toReview)
    }
}

extension Screen {
    /// The screen inside the app's frame: its header and tab bar.
    func framed(_ active: WorkTab, header: Header = .harbour()) -> Screen {
        var screen = self
        screen.header = header
        screen.tabs = Self.framingTabs.map { $0.tab(active: active) }
        return screen
    }

    /// The tabs the framed goldens picture, as fixed as their header: a screen registered later
    /// changes its own goldens, not every screen's.
    static let framingTabs: [WorkTab] = [.today, .search, .housekeeping, .tasks, .account]
}

/// Holds effects until a test opens it (a request still in flight).
final class Gate: Sendable {
    private let isOpen = Locked(true)

    func close() { isOpen.withLock { $0 = false } }
    func open() { isOpen.withLock { $0 = true } }

    func wait() async {
        while !isOpen.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) }
    }
}

extension WorkTabs.State {
    /// The tabs once a context started: they keep it and read when they are opened.
    mutating func started(_ context: WorkContext?) {
        setContext(context)
    }
}
