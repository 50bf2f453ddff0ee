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
        await store.send(.keyPressed(.character("c"))) {
            $0.reservationPage?.mode = .checkIn(Feature.CheckInChecks(stay: "sty_0005"))
        }
        await store.receive(.unitChecked("sty_0005", UnitCheck(status: .clean))) {
            $0.reservationPage?.mode = .checkIn(Feature.CheckInChecks(stay: "sty_0005", unitStatus: .clean, statusRead: true))
        }
        await store.send(.keyPressed(.enter)) {
            $0.reservationPage?.mode = nil
            $0.reservationPage?.sending = Feature.DeskAttempt(stay: "sty_0005", number: "103", request: .checkIn(overrideReason: nil))
            $0.notice = Notice(.info, "Sending to the instance…")
        }
        let attempt = Feature.DeskAttempt(stay: "sty_0005", number: "103", request: .checkIn(overrideReason: nil),
                                          idempotencyKey: "key-1")
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
        #expect(!UnitOccupant.isIn(today, unit: inside.unit!.id, stay: "sty_other"))
    }
}
