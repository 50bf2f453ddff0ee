import Foundation
import GuestCraftAPI
import ClientModel
import Testing
@testable import AppCore

/// The locked screen at 40 × 12 and 80 × 24, over a Housekeeping list and a Today of guests:
/// the golden files hold no text of the screen underneath.
@Suite struct LockSnapshotTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let account = Account(instanceKey: Fixtures.instance().key, personID: Fixtures.user.id.rawValue)

    /// Housekeeping with its rooms (and a room's detail open) under the lock.
    static func underneath() -> AppState {
        var state = AppState.working(activeTab: .housekeeping, outbox: OutboxCounts(toSend: 2, toReview: 1, outcomeUnknown: 0))
        state.current?.tabs.housekeeping.feature = HousekeepingFeature.State(
            list: RoomList(units: HotelFixture.units), focus: "unt_h101", freshness: .current, hasLoaded: true)
        state.current?.notices = [Notice(.info, "Room 203 was cleaned by the desk.")]
        state.pins = [account]
        return state
    }

    /// What the unlocked screen shows that the locked one must not: rooms, statuses, the
    /// property, the tab bar, the header's counts and its notices.
    static let hidden = ["101", "102", "201", "203", "301", "Dirty", "Clean", "Harbour View Hotel", "Housekeeping",
                         "My tasks", "to send", "cleaned by"]

    func check(_ state: AppState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let screen = AppView.view(state)
        #expect(screen.isLocked, sourceLocation: sourceLocation)
        assertSnapshot(of: screen, named: name, sourceLocation: sourceLocation)
        for size in [(40, 12), (80, 24)] {
            let text = TextGrid.snapshot(ScreenLayout.layout(screen, width: size.0, height: size.1).grid)
            for word in Self.hidden {
                #expect(!text.contains(word), "\(name) at \(size) shows \(word)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func lockedAfterTwoDigits() {
        var state = Self.underneath()
        #expect(TextGrid.snapshot(ScreenLayout.layout(AppView.view(state), width: 80, height: 24).grid).contains("101"),
                "the screen underneath shows the rooms (so the locked one is checked against them)")
        state.current?.lock = LockFeature.State(account: Self.account, entry: PIN("24"), now: Self.now)
        check(state, "lock-locked")
    }

    @Test func lockedWaitingAfterWrongPINs() {
        var state = Self.underneath()
        state.current?.lock = LockFeature.State(account: Self.account,
                                                attempts: LockAttempts(failures: 6, waitUntil: Self.now.addingTimeInterval(42)),
                                                now: Self.now)
        check(state, "lock-waiting")
    }

    @Test func forgotPINQuestionOverTheLock() {
        var state = Self.underneath()
        state.current?.lock = LockFeature.State(account: Self.account, now: Self.now)
        state.confirmation = Confirmation(
            purpose: .forgotPIN(Fixtures.session().sessionID),
            question: "Forgot the PIN? This signs Samir Haddad out of Harbour Hotels on this device and deletes 3 unsent changes.",
            confirmLabel: "Sign out")
        check(state, "lock-forgot")
    }

    @Test func choosingAPINTheDeviceRequires() {
        var state = Self.underneath()
        state.pins = []
        state.current?.lock = LockFeature.State(account: Self.account, mode: .choose(first: PIN("1234")),
                                                entry: PIN("12"), now: Self.now)
        check(state, "lock-choose")
    }
}
