import AppCore
import Foundation
import GuestCraftAPI
import Testing

/// The reservation and guest screens at 40 × 12 and 80 × 24, in the app's frame (on Today).
@Suite struct DeskDetailSnapshotTests {
    typealias Feature = DeskDetail
    typealias Page = DeskDetail.ReservationPage

    static func shown(_ reservation: Reservation, permissions: [Permission] = DeskFixture.frontDesk, focus: Int = 0,
                      balance: FolioBalance? = DeskFixture.balanced, freshness: Freshness = .current,
                      mode: Feature.Mode? = nil) -> Feature.State {
        Feature.State(stack: [.reservation(Page(id: reservation.id, code: reservation.code, reservation: reservation,
                                                freshness: freshness, lastUpdated: "09:21", balance: balance,
                                                balanceFreshness: .current, balanceUpdated: "09:21", focus: focus, mode: mode))],
                      businessDate: DeskFixture.date,
                      grants: DeskGrants(permissions: permissions, capabilities: DeskFixture.capabilities, property: "prp_harbour",
                                         propertyNames: ["prp_harbour": "Harbour View Hotel", "prp_garden": "Garden Court Hotel"]))
    }

    func snap(_ state: Feature.State, _ name: String, header: Header = .harbour(), badge: OutboxBadge = OutboxBadge()) {
        assertSnapshot(of: Feature.content(state, badge: badge).framed(.today, header: header,
                                                                      editing: Feature.isEditingText(state)),
                       named: name)
    }

    @Test func reservationOnline() {
        snap(Self.shown(DeskFixture.mendes(), focus: 1), "desk-reservation")
    }

    /// #30: at 40 × 12 the balance and the notes were below the last room, out of reach; End
    /// (no row to move the focus to) scrolls to them.
    @Test func reservationScrolledToItsNotes() {
        let screen = Feature.content(Self.shown(DeskFixture.mendes(), focus: 1), badge: OutboxBadge())
            .framed(.today, header: .harbour(), editing: false)
        for size in [(width: 40, height: 12), (width: 80, height: 24)] {
            let first = ScreenLayout.layout(screen, width: size.width, height: size.height)
            let viewport = Scrolling.scrolled(first.viewport, by: .end, before: screen, after: screen)
            let grid = ScreenLayout.layout(screen, width: size.width, height: size.height, viewport: viewport).grid
            assertSnapshot(TextGrid.snapshot(grid), file: "desk-reservation-end.\(size.width)x\(size.height).txt")
            #expect(TextGrid.lines(grid).contains { $0.contains("Travel cot in room 104.") })
        }
    }

    @Test func reservationOfflineOnTheSavedCopy() {
        var state = Self.shown(DeskFixture.weber(), balance: DeskFixture.weberBalance, freshness: .offline(lastUpdated: "07:40"))
        state.reservationPage?.balanceFreshness = .offline(lastUpdated: "07:40")
        state.reservationPage?.balanceUpdated = "07:40"
        snap(state, "desk-reservation-offline", header: .harbour(.offline))
    }

    /// An unassigned room: check in is disabled with its reason, and pressing it said why.
    @Test func reservationWithAnActionDisabled() {
        var state = Self.shown(DeskFixture.li())
        state.notice = Notice(.info, "Check in — assign a room first. Nothing was sent.")
        snap(state, "desk-reservation-disabled")
    }

    @Test func theReasonField() {
        var text = TextInput(limit: 500)
        text.insert("Guest waits in the lounge")
        var state = Self.shown(DeskFixture.mendes(), permissions: DeskFixture.supervisor,
                               mode: .reason(Feature.ReasonPrompt(stay: "sty_0005", purpose: .overrideReadiness, text: text)))
        state.notice = Notice(.info, "Room 103 is not ready: type why it is checked in anyway.")
        snap(state, "desk-reason")
    }

    @Test func theLostAnswerSentence() {
        var state = Self.shown(DeskFixture.weber(), balance: DeskFixture.weberBalance, freshness: .offline(lastUpdated: "09:21"))
        state.unknownOutcome = Notice(.warning, "No answer yet to the check-out of room 102: the instance may still do it. t tries again (safe: done once at most).")
        state.reservationPage?.retry = Feature.DeskAttempt(stay: "sty_0002", number: "102", request: .checkOut(approvalReason: nil),
                                                           idempotencyKey: "key-1")
        snap(state, "desk-lost-answer", header: .harbour(.offline))
    }

    @Test func theCheckInConfirmation() {
        let state = Self.shown(DeskFixture.mendes(), permissions: DeskFixture.supervisor,
                               mode: .checkIn(Feature.CheckInChecks(stay: "sty_0005", unitStatus: .dirty, statusRead: true)))
        snap(state, "desk-check-in")
    }

    /// A guest still in the room: a failed check naming them, `s` to open their reservation, no Enter.
    @Test func theCheckInIntoAnOccupiedRoom() {
        let weber = UnitOccupant(reservation: ReservationRef(id: "rsv_0002", code: "HV-1002"), guestName: "Jonas Weber")
        let state = Self.shown(DeskFixture.mendes(), permissions: DeskFixture.manager,
                               mode: .checkIn(Feature.CheckInChecks(stay: "sty_0005", unitStatus: .clean, statusRead: true,
                                                                    occupant: weber)))
        snap(state, "desk-check-in-occupied")
    }

    /// `o` before the departure day: the question names the guest, the nights and the money.
    @Test func anEarlyCheckOutAsks() {
        let mendes = DeskFixture.mendes(version: 3, rooms: [DeskFixture.stay("sty_0005", unit: "103", .checkedIn),
                                                            DeskFixture.stay("sty_0006", unit: "104", adults: 1, children: 1)],
                                        status: .checkedIn)
        let quote = CheckoutQuote(reservationID: "rsv_0005", stayID: "sty_0005", remainingBalanceMinor: 0, currency: "EUR",
                                  lastRoom: false)
        let state = Self.shown(mendes, mode: .checkOut(Feature.CheckOutQuote(stay: "sty_0005", quote: quote, freshness: .current,
                                                                             updated: "09:21")))
        snap(state, "desk-check-out-early")
    }

    /// `u` asks before it takes the room off the stay.
    @Test func theUnassignQuestion() {
        let state = Self.shown(DeskFixture.mendes(), mode: .confirm(Feature.Confirmation(stay: "sty_0006", request: .unassign)))
        snap(state, "desk-confirm-unassign")
    }

    @Test func theCheckOutQuote() {
        let state = Self.shown(DeskFixture.weber(), balance: DeskFixture.weberBalance,
                               mode: .checkOut(Feature.CheckOutQuote(stay: "sty_0002", quote: DeskFixture.weberQuote,
                                                                     freshness: .current, updated: "09:21")))
        snap(state, "desk-check-out")
        // The front desk cannot approve the money owed: Enter is shown disabled with the reason.
        #expect(Feature.content(state, badge: OutboxBadge()).hints.first?.isEnabled == false)
        let manager = Self.shown(DeskFixture.weber(), permissions: DeskFixture.manager, balance: DeskFixture.weberBalance,
                                 mode: .checkOut(Feature.CheckOutQuote(stay: "sty_0002", quote: DeskFixture.weberQuote,
                                                                       freshness: .current, updated: "09:21")))
        #expect(Feature.content(manager, badge: OutboxBadge()).hints.first
                == KeyHint(key: "Enter", label: "Check out with a reason"))
    }

    @Test func theAssignList() {
        let state = Self.shown(DeskFixture.li(),
                               mode: .assign(Feature.AssignChoice(stay: "sty_0004", units: DeskFixture.freeTwins.units)))
        snap(state, "desk-assign")
    }

    @Test func theGuestScreen() {
        var state = Feature.State(stack: [.guest(Feature.GuestPage(id: "gst_0001", name: "Amelia Hart", detail: DeskFixture.amelia,
                                                                   freshness: .current, lastUpdated: "09:21"))],
                                  grants: Self.shown(DeskFixture.li()).grants)
        state.notice = Notice(.info, "GC-2001 is a stay at Garden Court Hotel: choose that property in Account to open it.")
        snap(state, "desk-guest")
    }
}

extension ScreenBody {
    /// The body as the app frames it on a work tab: header, tab bar, `?` first and `q` last on
    /// the hint line (unless a field takes the keys), as `AppView.view` does.
    func framed(_ active: WorkTab, header: Header = .harbour(), editing: Bool = false) -> Screen {
        var keys = hints
        if !editing {
            keys = [GlobalKeys.help] + keys.filter { $0 != GlobalKeys.help && $0 != GlobalKeys.quit } + [GlobalKeys.quit]
        }
        let screen = Screen(id: "desk", rows: rows, lazyRows: lazyRows, focus: focus, notices: notices, hints: keys,
                            overlay: overlay)
        return screen.framed(active, header: header)
    }
}
