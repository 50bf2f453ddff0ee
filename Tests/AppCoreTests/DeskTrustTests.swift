import AppCore
import Foundation
import GuestCraftAPI
import Testing

/// #30: a front desk a clerk can trust — no check-in into an occupied room.
@MainActor
@Suite struct DeskOccupiedRoomTests {
    typealias Feature = DeskDetail
    typealias Page = DeskDetail.ReservationPage

    func makeStore(_ world: DeskWorld, _ state: Feature.State) -> TestStore<Feature.State, Feature.Action> {
        TestStore(initialState: state, reducer: Feature(environment: world.environment))
    }

    func shown(_ reservation: Reservation, _ world: DeskWorld) -> Feature.State {
        Feature.State(stack: [.reservation(Page(id: reservation.id, code: reservation.code, reservation: reservation,
                                                freshness: .current, lastUpdated: "09:21", balance: DeskFixture.balanced,
                                                balanceFreshness: .current, balanceUpdated: "09:21"))],
                      businessDate: DeskFixture.date, grants: world.environment.grants)
    }

    static let weber = UnitOccupant(reservation: ReservationRef(id: "rsv_0002", code: "HV-1002"), guestName: "Jonas Weber")

    @Test func anOccupiedRoomIsAFailedCheckNotATickAndEnterSendsNothing() async {
        let world = DeskWorld(permissions: DeskFixture.manager)
        world.unitStatuses.withLock { $0 = [.clean] }
        world.occupants.withLock { $0 = [Self.weber] }
        let store = makeStore(world, shown(DeskFixture.mendes(), world))
        await store.send(.keyPressed(.character("c"))) {
            $0.reservationPage?.mode = .checkIn(Feature.CheckInChecks(stay: "sty_0005"))
        }
        await store.receive(.unitChecked("sty_0005", UnitCheck(status: .clean, occupant: Self.weber))) {
            $0.reservationPage?.mode = .checkIn(Feature.CheckInChecks(stay: "sty_0005", unitStatus: .clean, statusRead: true,
                                                                      occupant: Self.weber))
        }
        let screen = Feature.content(store.state, badge: OutboxBadge())
        let lines = screen.rows.map { $0.spans.map(\.text).joined() }
        #expect(lines.contains("✗ Room 103 is still occupied: HV-1002 (Jonas Weber) has not checked out."))
        #expect(!lines.contains("✓ Room 103 for tonight"))
        #expect(screen.hints.prefix(2) == [KeyHint(key: "s", label: "Open HV-1002"),
                                           KeyHint(key: "Enter", label: "room occupied", isEnabled: false)])
        // Enter, twice, and `c`: nothing is sent, even for a manager (no override for a guest in the room).
        for key: Key in [.enter, .enter, .character("c")] {
            await store.send(.keyPressed(key)) {
                $0.notice = Notice(.warning, "Room 103 is still occupied: HV-1002 (Jonas Weber) has not checked out. Nothing was sent.")
            }
        }
        #expect(world.sentActions.isEmpty)
        await store.finish()
    }

    @Test func theKeyOpensTheOccupyingReservationAndEscComesBack() async {
        let world = DeskWorld()
        world.unitStatuses.withLock { $0 = [.dirty] }
        world.occupants.withLock { $0 = [Self.weber] }
        let weber = DeskFixture.weber()
        world.answerReservation(.fresh(weber, at: DeskFixture.freshAt))
        world.answerBalance(.fresh(DeskFixture.weberBalance, at: DeskFixture.freshAt))
        let store = makeStore(world, shown(DeskFixture.mendes(), world))
        await store.send(.keyPressed(.character("c"))) {
            $0.reservationPage?.mode = .checkIn(Feature.CheckInChecks(stay: "sty_0005"))
        }
        await store.receive(.unitChecked("sty_0005", UnitCheck(status: .dirty, occupant: Self.weber))) {
            $0.reservationPage?.mode = .checkIn(Feature.CheckInChecks(stay: "sty_0005", unitStatus: .dirty, statusRead: true,
                                                                      occupant: Self.weber))
        }
        await store.send(.keyPressed(.character("s"))) {
            $0.reservationPage?.mode = nil
            $0.stack.append(.reservation(Page(id: "rsv_0002", code: "HV-1002")))
        }
        await store.receive(.reservationSavedLoaded("rsv_0002", nil))
        await store.receive(.businessDateLoaded(DeskFixture.date))
        await store.receive(.reservationRead("rsv_0002", .fresh(weber, at: DeskFixture.freshAt))) {
            $0.reservationPage?.reservation = weber
            $0.reservationPage?.freshness = .current
            $0.reservationPage?.lastUpdated = "09:21"
        }
        await store.receive(.delegate(.work(.connection(.online))))
        await store.receive(.balanceRead("rsv_0002", .fresh(DeskFixture.weberBalance, at: DeskFixture.freshAt))) {
            $0.reservationPage?.balance = DeskFixture.weberBalance
            $0.reservationPage?.balanceFreshness = .current
            $0.reservationPage?.balanceUpdated = "09:21"
        }
        await store.send(.keyPressed(.escape)) {
            $0.stack.removeLast()
            $0.reservationPage?.freshness = .updating(lastUpdated: "09:21")
        }
        await store.receive(.reservationRead("rsv_0005", .offline)) {
            $0.reservationPage?.freshness = .offline(lastUpdated: "09:21")
        }
        await store.receive(.delegate(.work(.connection(.offline))))
        await store.receive(.balanceRead("rsv_0005", .offline)) {
            $0.reservationPage?.balanceFreshness = .offline(lastUpdated: "09:21")
        }
        #expect(world.sentActions.isEmpty)
        await store.finish()
    }

    @Test func theInstancesOccupiedRefusalShowsTheChecksWithWhoIsIn() async {
        let world = DeskWorld()
        world.unitStatuses.withLock { $0 = [.clean, .clean] }
        world.occupants.withLock { $0 = [nil, Self.weber] }
        world.answerActions(.refused(status: 422, code: "check_in.unit_occupied"))
        world.answerReservation(.fresh(DeskFixture.mendes(), at: DeskFixture.freshAt))
        world.answerBalance(.fresh(DeskFixture.balanced, at: DeskFixture.freshAt))
        let store = makeStore(world, shown(DeskFixture.mendes(), world))
        let attempt = await checkInOf103Sent(store)
        await store.receive(.actionFinished("rsv_0005", attempt, .refused(status: 422, code: "check_in.unit_occupied"))) {
            $0.reservationPage?.sending = nil
            $0.reservationPage?.freshness = .updating(lastUpdated: "09:21")
            $0.reservationPage?.mode = .checkIn(Feature.CheckInChecks(stay: "sty_0005"))
            $0.notice = Notice(.warning, "Room 103 is still occupied: a guest there has not checked out. Nothing changed.")
        }
        // The reservation read again (with its balance) and the room's checks, in either order.
        for _ in 0..<5 {
            _ = await store.receiveAny { action, state in
                if case .unitChecked = action {
                    state.reservationPage?.mode = .checkIn(Feature.CheckInChecks(stay: "sty_0005", unitStatus: .clean,
                                                                                 statusRead: true, occupant: Self.weber))
                } else if case .reservationRead = action {
                    state.reservationPage?.freshness = .current
                }
            }
        }
        #expect(store.state.reservationPage?.mode == .checkIn(Feature.CheckInChecks(
            stay: "sty_0005", unitStatus: .clean, statusRead: true, occupant: Self.weber)))
        #expect(world.sentActions.count == 1)
        await store.finish()
    }

    @Test func theFreeRoomsPutReadyOnesFirstAndMarkTheOccupied() {
        let units = [
            AvailableUnit(id: "unt_h102", number: "102", floor: 1, housekeepingStatus: .clean, occupancy: .departing),
            AvailableUnit(id: "unt_h104", number: "104", floor: 1, housekeepingStatus: .dirty, occupancy: .vacant),
            AvailableUnit(id: "unt_h203", number: "203", floor: 2, housekeepingStatus: .inspected, occupancy: .vacant),
            AvailableUnit(id: "unt_h205", number: "205", floor: 2, housekeepingStatus: .clean),
        ]
        #expect(Feature.readyFirst(units).map(\.number) == ["203", "205", "104", "102"])
        var state = Feature.State(stack: [.reservation(Page(id: "rsv_0004", code: "HV-1004", reservation: DeskFixture.li(),
                                                            freshness: .current))], businessDate: DeskFixture.date)
        state.reservationPage?.mode = .assign(Feature.AssignChoice(stay: "sty_0004", units: Feature.readyFirst(units)))
        let lines = Feature.content(state, badge: OutboxBadge()).rows.map {
            ($0.spans + $0.trailing).map(\.text).joined()
        }
        #expect(lines.contains { $0.hasPrefix("Room 102") && $0.hasSuffix("guest still in") })
        #expect(lines.contains { $0.hasPrefix("Room 104") && $0.hasSuffix("Dirty") })
    }

    /// The room list says someone is in, Today does not say another guest: a warning, and the
    /// instance decides (the stay itself may have been checked in on another desk).
    @Test func aRoomTheListCallsOccupiedWithNoOtherGuestKnownIsLeftToTheInstance() {
        var state = shown(DeskFixture.mendes(), DeskWorld())
        state.reservationPage?.mode = .checkIn(Feature.CheckInChecks(stay: "sty_0005", unitStatus: .clean, statusRead: true,
                                                                     occupied: true))
        let screen = Feature.content(state, badge: OutboxBadge())
        let lines = screen.rows.map { $0.spans.map(\.text).joined() }
        #expect(lines.contains("! Room 103 may still be occupied (the room list says so): the instance checks."))
        #expect(screen.hints.first == KeyHint(key: "Enter", label: "Check in"))
    }

    @Test func todaysListsNameWhoIsStillInARoom() {
        let today = TodayFixture.overview
        let inside = today.departures.first { $0.status == .checkedIn && $0.unit != nil }!
        let found = UnitOccupant.find(in: today, unit: inside.unit!.id, except: "sty_other")
        #expect(found == UnitOccupant(reservation: inside.reservation, guestName: inside.guestName))
        #expect(UnitOccupant.find(in: today, unit: inside.unit!.id, except: inside.stayID) == nil, "not the stay itself")
        #expect(UnitOccupant.find(in: today, unit: "unt_nowhere", except: "sty_other") == nil)
        #expect(UnitOccupant.isIn(today, unit: inside.unit!.id, stay: inside.stayID))
        // After the night audit, a stay never checked out is overdue and still in its room.
        var audited = today
        audited.departures.removeAll { $0.stayID == inside.stayID }
        audited.overdue = [inside]
        #expect(UnitOccupant.find(in: audited, unit: inside.unit!.id, except: "sty_other")?.reservation == inside.reservation)
        #expect(!UnitOccupant.isIn(today, unit: inside.unit!.id, stay: "sty_other"))
    }
}

/// #30: keys that cannot run on — Enter after an action never does something irreversible, and
/// what cannot be taken back asks first, naming what will happen.
@MainActor
@Suite struct DeskKeysThatCannotRunOnTests {
    typealias Feature = DeskDetail
    typealias Page = DeskDetail.ReservationPage

    func makeStore(_ world: DeskWorld, _ state: Feature.State) -> TestStore<Feature.State, Feature.Action> {
        TestStore(initialState: state, reducer: Feature(environment: world.environment))
    }

    func shown(_ reservation: Reservation, _ world: DeskWorld, focus: Int = 0) -> Feature.State {
        Feature.State(stack: [.reservation(Page(id: reservation.id, code: reservation.code, reservation: reservation,
                                                freshness: .current, lastUpdated: "09:21", balance: DeskFixture.balanced,
                                                balanceFreshness: .current, balanceUpdated: "09:21", focus: focus))],
                      businessDate: DeskFixture.date, grants: world.environment.grants)
    }

    static let mendesIn = DeskFixture.mendes(version: 3, rooms: [DeskFixture.stay("sty_0005", unit: "103", .checkedIn),
                                                                 DeskFixture.stay("sty_0006", unit: "104", adults: 1, children: 1)],
                                             status: .checkedIn)

    /// Enter twice more after a check-in checked the new guest out, four nights early.
    @Test func enterOnARoomJustCheckedInDoesNotStartItsCheckOut() async {
        let world = DeskWorld()
        let store = makeStore(world, shown(Self.mendesIn, world))
        for _ in 0..<3 {
            await store.send(.keyPressed(.enter)) {
                $0.notice = Notice(.info, "Room 103 is in house until 2026-11-06: o checks out (it asks first).")
            }
        }
        #expect(world.sentActions.isEmpty)
        #expect(store.state.reservationPage?.mode == nil)
        await store.finish()
    }

    @Test func enterOnTheDepartureDayStillStartsTheCheckOut() async {
        let world = DeskWorld()
        world.quotes.withLock { $0 = [.offline] }
        let store = makeStore(world, shown(DeskFixture.weber(), world))
        await store.send(.keyPressed(.enter)) {
            $0.reservationPage?.mode = .checkOut(Feature.CheckOutQuote(stay: "sty_0002"))
        }
        await store.receive(.quoteRead("sty_0002", .offline)) {
            $0.reservationPage?.mode = .checkOut(Feature.CheckOutQuote(stay: "sty_0002", freshness: .offline(lastUpdated: nil)))
        }
        await store.finish()
    }

    @Test func anEarlyCheckOutAsksNamingTheGuestTheNightsAndTheMoney() async {
        let world = DeskWorld()
        let quote = CheckoutQuote(reservationID: "rsv_0005", stayID: "sty_0005", remainingBalanceMinor: 0, currency: "EUR",
                                  lastRoom: false)
        world.quotes.withLock { $0 = [.fresh(quote, at: DeskFixture.freshAt)] }
        let store = makeStore(world, shown(Self.mendesIn, world))
        await store.send(.keyPressed(.character("o"))) {
            $0.reservationPage?.mode = .checkOut(Feature.CheckOutQuote(stay: "sty_0005"))
        }
        await store.receive(.quoteRead("sty_0005", .fresh(quote, at: DeskFixture.freshAt))) {
            $0.reservationPage?.mode = .checkOut(Feature.CheckOutQuote(stay: "sty_0005", quote: quote, freshness: .current,
                                                                       updated: "09:21"))
        }
        let screen = Feature.content(store.state, badge: OutboxBadge())
        #expect(screen.rows.first?.spans.map(\.text).joined() == "Check out Carlos Mendes 4 nights early? EUR 0.00 owed")
        #expect(screen.hints.first == KeyHint(key: "Enter", label: "Check out early"))
        await store.send(.keyPressed(.escape)) { $0.reservationPage?.mode = nil }
        #expect(world.sentActions.isEmpty)
        await store.finish()
    }

    @Test func unassignAndUndoNameWhatWillHappen() {
        let world = DeskWorld()
        var state = shown(DeskFixture.mendes(), world)
        func question(_ request: DeskRequest, stay: StayID) -> [String] {
            state.reservationPage?.mode = .confirm(Feature.Confirmation(stay: stay, request: request))
            return Feature.content(state, badge: OutboxBadge()).rows.prefix(4).map { $0.spans.map(\.text).joined() }
        }
        #expect(question(.unassign, stay: "sty_0006").first == "Take room 104 off Carlos Mendes's stay?")
        #expect(question(.unassign, stay: "sty_0006").contains("The stay will have no room; room 104 is free for others."))
        state = shown(Self.mendesIn, world)
        #expect(question(.undoCheckIn, stay: "sty_0005").first == "Undo the check-in of Carlos Mendes in room 103?")
        #expect(question(.undoCheckIn, stay: "sty_0005").contains("The stay is reserved again: not checked in."))
        state = shown(DeskFixture.weber(.checkedOut), world)
        #expect(question(.undoCheckOut, stay: "sty_0002").first == "Undo the check-out of Jonas Weber from room 102?")
        #expect(question(.undoCheckOut, stay: "sty_0002").contains("The guest is in house again in room 102."))
    }

    @Test func undoOfACheckInIsOfferedOnlyOnTheDayItWasMade() {
        let world = DeskWorld()
        let grants = world.environment.grants
        let weber = shown(DeskFixture.weber(), world).reservationPage!
        #expect(Feature.blocked(.undo, weber, businessDate: DeskFixture.date, grants: grants)
                == "checked in on an earlier day", "Weber checked in on 2026-10-30")
        let mendes = shown(Self.mendesIn, world).reservationPage!
        #expect(Feature.blocked(.undo, mendes, businessDate: DeskFixture.date, grants: grants) == nil)
    }

    /// 412 after another room of the same reservation changed: the sentence says which.
    @Test func aConflictSaysWhichOtherRoomChanged() async {
        let world = DeskWorld()
        world.unitStatuses.withLock { $0 = [.clean] }
        world.answerActions(.refused(status: 412, code: "reservation.version_mismatch"))
        let changed = DeskFixture.mendes(version: 3, rooms: [DeskFixture.stay("sty_0005", unit: "103"),
                                                             DeskFixture.stay("sty_0006", unit: "104", .checkedIn, adults: 1,
                                                                              children: 1)],
                                         status: .checkedIn)
        world.answerReservation(.fresh(changed, at: DeskFixture.freshAt))
        world.answerBalance(.fresh(DeskFixture.balanced, at: DeskFixture.freshAt))
        let store = makeStore(world, shown(DeskFixture.mendes(), world))
        let attempt = await checkInOf103Sent(store)
        await store.receive(.actionFinished("rsv_0005", attempt, .refused(status: 412, code: "reservation.version_mismatch"))) {
            $0.reservationPage?.sending = nil
            $0.reservationPage?.freshness = .updating(lastUpdated: "09:21")
            $0.reservationPage?.conflictSince = DeskFixture.mendes()
            $0.notice = Notice(.warning, "The reservation was changed meanwhile, so nothing was done. It shows the new state now; choose again.")
        }
        await store.receive(.delegate(.work(.connection(.online))))
        await store.receive(.reservationRead("rsv_0005", .fresh(changed, at: DeskFixture.freshAt))) {
            $0.reservationPage?.reservation = changed
            $0.reservationPage?.freshness = .current
            $0.reservationPage?.conflictSince = nil
            $0.notice = Notice(.warning, "Room 104 changed meanwhile (now checked in), so nothing was done. Choose again.")
        }
        await store.receive(.delegate(.work(.connection(.online))))
        await store.receive(.balanceRead("rsv_0005", .fresh(DeskFixture.balanced, at: DeskFixture.freshAt)))
        await store.finish()
    }
}

/// `c` on room 103 (read clean, nobody in it), then Enter: the check-in sent; answers its attempt.
@MainActor
func checkInOf103Sent(_ store: TestStore<DeskDetail.State, DeskDetail.Action>) async -> DeskDetail.DeskAttempt {
    await store.send(.keyPressed(.character("c"))) {
        $0.reservationPage?.mode = .checkIn(DeskDetail.CheckInChecks(stay: "sty_0005"))
    }
    await store.receive(.unitChecked("sty_0005", UnitCheck(status: .clean))) {
        $0.reservationPage?.mode = .checkIn(DeskDetail.CheckInChecks(stay: "sty_0005", unitStatus: .clean, statusRead: true))
    }
    await store.send(.keyPressed(.enter)) {
        $0.reservationPage?.mode = nil
        $0.reservationPage?.sending = DeskDetail.DeskAttempt(stay: "sty_0005", number: "103", request: .checkIn(overrideReason: nil))
        $0.notice = Notice(.info, "Sending to the instance…")
    }
    return DeskDetail.DeskAttempt(stay: "sty_0005", number: "103", request: .checkIn(overrideReason: nil), idempotencyKey: "key-1")
}
