import AppCore
import Foundation
import GuestCraftAPI
import Testing

/// #30, what a clerk must see: the reservation's notes on the check-in and check-out screens,
/// the folio's charges and payments under the balance, and a credit read as "Credit", never as a
/// negative amount.
@Suite struct DeskClerkSeesTests {
    typealias Feature = DeskDetail
    typealias Snap = DeskDetailSnapshotTests

    /// The screen as drawn in the app's frame at a size, one string per line.
    static func lines(_ state: Feature.State, width: Int = 80, height: Int = 24) -> [String] {
        let screen = Feature.content(state, badge: OutboxBadge()).framed(.today, editing: Feature.isEditingText(state))
        let grid = ScreenLayout.layout(screen, width: width, height: height).grid
        return TextGrid.snapshot(grid).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    static func checkIn(_ reservation: Reservation, stay: StayID, status: HousekeepingStatus = .inspected) -> Feature.State {
        Snap.shown(reservation, mode: .checkIn(Feature.CheckInChecks(stay: stay, unitStatus: status, statusRead: true)))
    }

    static func checkOut(_ reservation: Reservation, _ quote: CheckoutQuote, balance: FolioBalance) -> Feature.State {
        Snap.shown(reservation, balance: balance,
                   mode: .checkOut(Feature.CheckOutQuote(stay: quote.stayID, quote: quote, freshness: .current, updated: "09:21")))
    }

    func snap(_ state: Feature.State, _ name: String) {
        assertSnapshot(of: Feature.content(state, badge: OutboxBadge()).framed(.today, editing: Feature.isEditingText(state)),
                       named: name)
    }

    // MARK: Notes

    /// "Late arrival, around 22:00." is on the check list, above the checks, and all four checks
    /// still fit a handheld's 40 × 12.
    @Test func theCheckInScreenShowsTheReservationsNotes() {
        let state = Self.checkIn(DeskFixture.hart(), stay: "sty_0001")
        for (width, height) in [(80, 24), (40, 12)] {
            let lines = Self.lines(state, width: width, height: height)
            #expect(lines.contains("Notes Late arrival, around 22:00."), "\(width)x\(height): \(lines)")
            #expect(lines.contains("✓ Room status Inspected"), "\(width)x\(height): \(lines)")
        }
        let notes = Self.lines(state).firstIndex(of: "Notes Late arrival, around 22:00.")
        let checks = Self.lines(state).firstIndex(of: "The instance checks:")
        #expect(notes != nil && checks != nil && notes! < checks!)
        snap(state, "desk-check-in-notes")
    }

    /// Without notes the check list is as it was: no empty "Notes" line.
    @Test func aReservationWithoutNotesShowsNoNotesLine() {
        let state = Self.checkIn(DeskFixture.li(unit: "203"), stay: "sty_0004")
        #expect(!Self.lines(state).contains { $0.hasPrefix("Notes") })
    }

    @Test func theCheckOutScreenShowsTheReservationsNotes() {
        let state = Self.checkOut(DeskFixture.weber(), DeskFixture.weberQuote, balance: DeskFixture.weberFolio)
        for (width, height) in [(80, 24), (40, 12)] {
            let lines = Self.lines(state, width: width, height: height)
            #expect(lines.contains("Notes Invoice to Weber Logistik GmbH."), "\(width)x\(height): \(lines)")
        }
        snap(state, "desk-check-out-notes")
    }

    /// An early check-out's question shows them too.
    @Test func theEarlyCheckOutShowsTheNotes() {
        let mendes = DeskFixture.mendes(version: 3, rooms: [DeskFixture.stay("sty_0005", unit: "103", .checkedIn),
                                                            DeskFixture.stay("sty_0006", unit: "104", adults: 1, children: 1)],
                                        status: .checkedIn)
        let quote = CheckoutQuote(reservationID: "rsv_0005", stayID: "sty_0005", remainingBalanceMinor: 0, currency: "EUR",
                                  lastRoom: false)
        let lines = Self.lines(Self.checkOut(mendes, quote, balance: DeskFixture.balanced))
        #expect(lines.contains("Notes Travel cot in room 104."), "\(lines)")
    }

    // MARK: The folio

    /// Under the balance: each charge and each payment with its date, description and amount.
    @Test func theReservationListsTheFoliosChargesAndPayments() {
        let state = Snap.shown(DeskFixture.weber(), balance: DeskFixture.weberFolio)
        let lines = Self.lines(state)
        let balance = lines.firstIndex { $0.hasPrefix("Balance EUR 121.50") }
        #expect(balance != nil, "\(lines)")
        let folio = lines.dropFirst((balance ?? 0) + 1).prefix(8).map { $0.replacingOccurrences(of: #"\s+"#, with: " ",
                                                                                                   options: .regularExpression) }
        #expect(folio == ["Charges",
                          "2026-10-30 Room 102, Double EUR 129.00",
                          "2026-10-31 Room 102, Double EUR 129.00",
                          "2026-11-01 Room 102, Double EUR 129.00",
                          "2026-11-01 Minibar EUR 14.50",
                          "Payments",
                          "2026-10-30 Card EUR 280.00",
                          ""], "\(lines)")
        snap(state, "desk-reservation-folio")
    }

    /// The lines come with the balance: a role without `folios.read` sees neither.
    @Test func withoutFoliosReadNeitherTheBalanceNorItsLinesShow() {
        let state = Snap.shown(DeskFixture.weber(), permissions: DeskFixture.frontDesk.filter { $0 != .foliosRead },
                               balance: DeskFixture.weberFolio)
        let lines = Self.lines(state)
        #expect(!lines.contains { $0.hasPrefix("Balance") || $0 == "Charges" || $0 == "Payments" || $0.contains("Minibar") },
                "\(lines)")
    }

    /// A payment method the app does not know is shown as the instance writes it.
    @Test func anUnknownPaymentMethodIsShownAsItCame() {
        var folio = DeskFixture.weberFolio
        folio.payments[0].method = "voucher"
        let lines = Self.lines(Snap.shown(DeskFixture.weber(), balance: folio))
        #expect(lines.contains { $0.hasPrefix("2026-10-30 voucher") && $0.hasSuffix("EUR 280.00") }, "\(lines)")
    }

    // MARK: Credit

    @Test func aNegativeBalanceReadsCreditOnTheReservation() {
        let state = Snap.shown(DeskFixture.hart(), balance: DeskFixture.hartCredit)
        let lines = Self.lines(state)
        #expect(lines.contains("Credit EUR 12.00 · updated 09:21"), "\(lines)")
        #expect(!lines.contains { $0.contains("-12.00") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("2026-10-20 Bank transfer") && $0.hasSuffix("EUR 50.00") }, "\(lines)")
        snap(state, "desk-reservation-credit")
    }

    @Test func aCreditLeftAtCheckOutReadsCredit() {
        let weber = DeskFixture.weber()
        let credit = FolioBalance(reservationID: "rsv_0002", balanceMinor: -1200, currency: "EUR", charges: [], payments: [])
        let quote = CheckoutQuote(reservationID: "rsv_0002", stayID: "sty_0002", remainingBalanceMinor: -1200, currency: "EUR",
                                  lastRoom: true)
        let state = Self.checkOut(weber, quote, balance: credit)
        let lines = Self.lines(state)
        #expect(lines.contains("Credit EUR 12.00 would remain · updated 09:21"), "\(lines)")
        #expect(!lines.contains { $0.contains("-12.00") }, "\(lines)")
        snap(state, "desk-check-out-credit")

        // Before the departure day the question names the credit the same way.
        let mendes = DeskFixture.mendes(version: 3, rooms: [DeskFixture.stay("sty_0005", unit: "103", .checkedIn)],
                                        status: .checkedIn)
        let early = CheckoutQuote(reservationID: "rsv_0005", stayID: "sty_0005", remainingBalanceMinor: -1200, currency: "EUR",
                                  lastRoom: true)
        let earlyLines = Self.lines(Self.checkOut(mendes, early, balance: DeskFixture.balanced))
        #expect(earlyLines.contains { $0.hasPrefix("Check out Carlos Mendes 4 nights early? Credit EUR 12.00") }, "\(earlyLines)")
        #expect(!earlyLines.contains { $0.contains("-12.00") }, "\(earlyLines)")
    }
}
