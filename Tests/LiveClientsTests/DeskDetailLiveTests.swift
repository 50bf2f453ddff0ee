import AppCore
import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import Testing

/// The desk's actions through `LiveWork.deskDetail` against the real demo instance on 127.0.0.1
/// (seed 1, business date 2026-11-02), each member signed in through pairing.
@Suite(.serialized, .timeLimit(.minutes(5))) struct DeskDetailLiveTests {
    func fresh(_ result: ReadResult<Reservation>, sourceLocation: SourceLocation = #_sourceLocation) -> Reservation? {
        guard case .fresh(let reservation, _) = result else {
            Issue.record("expected a fresh reservation, got \(result)", sourceLocation: sourceLocation)
            return nil
        }
        return reservation
    }

    @Test func theFrontDeskAssignsAFreeRoomAndChecksInAClean() async throws {
        let f = try await LiveFixture(member: .frontdesk)
        _ = try await f.admin.setUnitHousekeeping(number: "203", status: .clean)
        let desk = f.work.deskDetail
        let li = try #require(fresh(await desk.fetchReservation("rsv_0004")))
        let stay = try #require(li.rooms.first)
        #expect(stay.unit == nil)
        guard case .fresh(let free, _) = await desk.availableUnits(stay.roomType.id, stay.checkInDate, stay.checkOutDate) else {
            Issue.record("no free rooms read")
            return
        }
        let room = try #require(free.units.first { $0.number == "203" })
        #expect(room.housekeepingStatus == .clean)
        guard case .done(let assigned) = await desk.perform(li.id, stay.id, .assign(room.id), li.etag, "assign-1") else {
            Issue.record("not assigned")
            return
        }
        #expect(assigned.rooms.first?.unit?.number == "203")
        #expect(assigned.version == li.version + 1)
        guard case .done(let checkedIn) = await desk.perform(li.id, stay.id, .checkIn(overrideReason: nil), assigned.etag,
                                                            "check-in-1") else {
            Issue.record("not checked in")
            return
        }
        #expect(checkedIn.rooms.first?.status == .checkedIn)
        let date = await desk.businessDate()
        #expect(date == nil || date == BusinessDate("2026-11-02"))
        #expect(await desk.unitCheck("unt_h203", stay.id).status != nil)
    }

    @Test func aDirtyRoomIsRefusedForTheFrontDeskAndCheckedInWithAReasonByTheSupervisor() async throws {
        let frontDesk = try await LiveFixture(member: .frontdesk)
        _ = try await frontDesk.admin.setUnitHousekeeping(number: "101", status: .dirty)
        let desk = frontDesk.work.deskDetail
        let amelia = try #require(fresh(await desk.fetchReservation("rsv_0001")))
        let result = await desk.perform(amelia.id, "sty_0001", .checkIn(overrideReason: nil), amelia.etag, "ci-1")
        #expect(result == .refused(status: 422, code: "check_in.unit_not_ready"))
        #expect(await desk.unitCheck("unt_h101", "sty_0001") == UnitCheck(status: .dirty))

        let supervisor = try await LiveFixture(member: .supervisor)
        _ = try await supervisor.admin.setUnitHousekeeping(number: "101", status: .dirty)
        let theirs = supervisor.work.deskDetail
        let again = try #require(fresh(await theirs.fetchReservation("rsv_0001")))
        guard case .done(let done) = await theirs.perform(again.id, "sty_0001", .checkIn(overrideReason: "Guest agreed to wait"),
                                                         again.etag, "ci-2") else {
            Issue.record("the supervisor's check-in with a reason was not done")
            return
        }
        #expect(done.rooms.first?.status == .checkedIn)
    }

    @Test func theChecksNameTheGuestStillInARoomAndTheInstanceRefusesIt() async throws {
        let f = try await LiveFixture(member: .frontdesk)
        _ = try await f.admin.setUnitHousekeeping(number: "102", status: .clean)
        let desk = f.work.deskDetail
        let amelia = try #require(fresh(await desk.fetchReservation("rsv_0001")))
        guard case .done(let moved) = await desk.perform(amelia.id, "sty_0001", .assign("unt_h102"), amelia.etag, "as-1") else {
            Issue.record("102 was not assigned: it is free from tonight")
            return
        }
        let weber = UnitOccupant(reservation: ReservationRef(id: "rsv_0002", code: "HV-1002"), guestName: "Jonas Weber")
        #expect(await desk.unitCheck("unt_h102", "sty_0001") == UnitCheck(status: .clean, occupied: true, occupant: weber))
        let result = await desk.perform(moved.id, "sty_0001", .checkIn(overrideReason: nil), moved.etag, "ci-1")
        #expect(result == .refused(status: 422, code: "check_in.unit_occupied"))
    }

    @Test func aCheckOutWithMoneyOwedIsRefusedForTheFrontDeskAndApprovedByTheManager() async throws {
        let frontDesk = try await LiveFixture(member: .frontdesk)
        let desk = frontDesk.work.deskDetail
        let weber = try #require(fresh(await desk.fetchReservation("rsv_0002")))
        guard case .fresh(let quote, _) = await desk.fetchQuote(weber.id, "sty_0002") else {
            Issue.record("no quote")
            return
        }
        #expect(quote.needsApproval)
        #expect(await desk.perform(weber.id, "sty_0002", .checkOut(approvalReason: nil), weber.etag, "co-1")
                == .refused(status: 422, code: "folio.open_balance"))

        let manager = try await LiveFixture(member: .manager)
        let theirs = manager.work.deskDetail
        let again = try #require(fresh(await theirs.fetchReservation("rsv_0002")))
        guard case .done(let out) = await theirs.perform(again.id, "sty_0002", .checkOut(approvalReason: "Invoiced to the company"),
                                                        again.etag, "co-2") else {
            Issue.record("the manager's approved check-out was not done")
            return
        }
        #expect(out.rooms.first?.status == .checkedOut)
    }

    @Test func aCheckInIsUndoneAndAStaleVersionIs412() async throws {
        let f = try await LiveFixture(member: .frontdesk)
        _ = try await f.admin.setUnitHousekeeping(number: "103", status: .clean)
        let desk = f.work.deskDetail
        let mendes = try #require(fresh(await desk.fetchReservation("rsv_0005")))
        guard case .done(let checkedIn) = await desk.perform(mendes.id, "sty_0005", .checkIn(overrideReason: nil), mendes.etag,
                                                            "ci-1") else {
            Issue.record("not checked in")
            return
        }
        // Another client changes the reservation meanwhile (the instance client itself, not the desk).
        let other = try await f.work.client.unassign(StayReference(property: "prp_harbour", reservation: mendes.id, stay: "sty_0006"),
                                                     version: checkedIn.etag)
        #expect(other.version == checkedIn.version + 1)
        #expect(await desk.perform(mendes.id, "sty_0005", .undoCheckIn, checkedIn.etag, "undo-1")
                == .refused(status: 412, code: "reservation.version_mismatch"))
        let current = try #require(fresh(await desk.fetchReservation("rsv_0005")))
        #expect(current.version == other.version)
        guard case .done(let undone) = await desk.perform(mendes.id, "sty_0005", .undoCheckIn, current.etag, "undo-2") else {
            Issue.record("not undone")
            return
        }
        #expect(undone.rooms.first { $0.id == "sty_0005" }?.status == .reserved)
    }

    @Test func aCodeIsFoundByExactMatchAndTheGuestAndBalanceAreSavedReads() async throws {
        let f = try await LiveFixture(member: .frontdesk)
        let desk = f.work.deskDetail
        guard case .fresh(let found?, _) = await desk.findReservation("hv-1001") else {
            Issue.record("HV-1001 not found")
            return
        }
        #expect(found == ReservationRef(id: "rsv_0001", code: "HV-1001"), "the exact code, letter case aside")
        if case .fresh(let none, _) = await desk.findReservation("HV-9999") { #expect(none == nil) } else { Issue.record("no answer") }
        #expect(await desk.savedGuest("gst_0001") == nil)
        guard case .fresh(let amelia, _) = await desk.fetchGuest("gst_0001") else {
            Issue.record("no guest")
            return
        }
        #expect(amelia.stays.map(\.propertyID) == ["prp_garden", "prp_harbour"])
        #expect(await desk.savedGuest("gst_0001")?.value == amelia)
        guard case .fresh(let balance, _) = await desk.fetchBalance("rsv_0002") else {
            Issue.record("no balance")
            return
        }
        #expect(balance.balanceMinor == 12150 && balance.currency == "EUR")
        #expect(desk.propertyNames["prp_garden"] == "Garden Court Hotel")
    }

    @MainActor
    @Test func aLostAnswerIsReadAgainAndSaysItWasDoneAppliedOnce() async throws {
        let f = try await LiveFixture(member: .frontdesk)
        _ = try await f.admin.setUnitHousekeeping(number: "103", status: .clean)
        let store = Store(initialState: DeskDetail.reservation("rsv_0005", code: "HV-1005"),
                          reducer: DeskDetail(environment: f.work.deskDetail))
        store.send(.appeared)
        await settle(store)
        #expect(store.state.reservationPage?.reservation?.version == 2)
        _ = try await f.admin.armFault(DemoFaultRequest(operation: .staysCheckIn, kind: .dropAfterApply, count: 1))
        store.send(.keyPressed(.character("c")))
        await settle(store)
        store.send(.keyPressed(.enter))
        await settle(store)
        #expect(store.state.notice?.text == "Room 103 checked in (the answer was lost, but the reservation shows it was done).")
        #expect(store.state.reservationPage?.reservation?.rooms.first?.status == .checkedIn)
        #expect(try await f.admin.stats().writesApplied["stays.check_in"] == 1)
    }

    /// Runs the store's effects until none is left, with no bound of its own (#33: it was 10 s of
    /// wall time); the suite's time limit ends a run whose effects never finish.
    @MainActor
    func settle(_ store: Store<DeskDetail.State, DeskDetail.Action>) async {
        while !Task.isCancelled {
            if store.drain() == 0, store.isIdle { return }
            try? await Task.sleep(for: .milliseconds(1))
        }
        Issue.record("the desk's effects did not finish")
    }
}
