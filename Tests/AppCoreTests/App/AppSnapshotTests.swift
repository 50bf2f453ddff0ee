import Foundation
import GuestCraftAPI
import Catalog
import ClientModel
import Testing
@testable import AppCore

/// Every screen of the app's shell at 40 × 12 and 80 × 24, from the same view the terminal draws.
@Suite struct AppSnapshotTests {
    func snapshot(_ state: AppState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        assertSnapshot(of: AppView.view(state), named: "app-" + name, sourceLocation: sourceLocation)
    }

    static let summaries = [
        InstanceSummary(instance: Fixtures.instance(), session: Fixtures.session(), unsent: 3),
        InstanceSummary(instance: Fixtures.instance(key: "ins_2", origin: Fixtures.otherOrigin, name: "Seaside Inn"),
                        session: nil, unsent: 0),
    ]

    @Test func starting() {
        snapshot(AppState(), "starting")
    }

    @Test func connectWithoutInstances() {
        snapshot(AppState(route: .connect(ConnectFeature.State(isLoading: false, focus: .address))), "connect-empty")
    }

    @Test func connectWithSavedInstances() {
        let connect = ConnectFeature.State(instances: Self.summaries, isLoading: false, focus: .instance("ins_2"))
        snapshot(AppState(route: .connect(connect)), "connect-saved")
    }

    @Test func connectCheckingAndRefused() {
        var connect = ConnectFeature.State(isLoading: false, focus: .address, address: TextInput("hotel.example.com"), isChecking: true)
        snapshot(AppState(route: .connect(connect)), "connect-checking")
        connect.isChecking = false
        connect.notice = Notice(.error, ErrorText.connect(.instanceTooOld))
        snapshot(AppState(route: .connect(connect)), "connect-refused")
    }

    /// Issue #35: an expired certificate is said as such at Connect, naming the host.
    @MainActor @Test func connectRefusedForAnExpiredCertificate() async {
        let world = FakeWorld()
        var env = world.environment
        let expired = ConnectError.unreachable(.certificate(.expired, host: "hotel.example.com",
                                                            detail: "SSL certificate problem: certificate has expired"))
        env.instances.connect = { _ in .failure(expired) }
        let store = TestStore(initialState: AppState(route: .connect(ConnectFeature.State(isLoading: false, focus: .address,
                                                                                          address: TextInput("hotel.example.com")))),
                              reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.enter)) { $0.connect?.isChecking = true }
        await store.receive(.connect(.addressChecked(.failure(.connect(expired))))) {
            $0.connect?.isChecking = false
            $0.connect?.notice = Notice(.error, ErrorText.connect(expired))
        }
        await store.finish()
        #expect(world.logged.all.contains { $0.contains("certificate has expired") })
        snapshot(store.state, "connect-certificate-expired")
    }

    @Test func pairEditingAndConfirming() {
        var pair = PairFeature.State(link: "https://hotel.example.com/mobile/pair#gcp_abc", deviceName: "desk-01 terminal")
        snapshot(AppState(route: .pair(pair)), "pair-editing")
        pair.phase = .confirming(PairingOffer(ticket: 1, name: "Harbour Hotels", host: "hotel.example.com",
                                              origin: Fixtures.origin))
        snapshot(AppState(route: .pair(pair)), "pair-confirming")
    }

    @Test func signInChoosingAndWaiting() {
        var signIn = SignInFeature.State(instance: Fixtures.instance(), deviceName: "desk-01 terminal",
                                         phase: .choosing(Fixtures.connected()))
        snapshot(AppState(route: .signIn(signIn)), "signin-choosing")
        signIn.phase = .waitingForBrowser(Fixtures.connected(), BrowserSignInStarted(
            url: "https://hotel.example.com/mobile/authorize?redirect_uri=http%3A%2F%2F127.0.0.1%3A41234%2Fcallback&state=s",
            browserOpened: false))
        snapshot(AppState(route: .signIn(signIn)), "signin-waiting")
    }

    /// #35: the sign-in after a 401 says the changes are kept; with the proxy hint when the 401
    /// came within seconds of a success.
    @Test func signInAfterTheInstanceSignedOut() {
        var signIn = SignInFeature.State(instance: Fixtures.instance(), deviceName: "desk-01 terminal",
                                         phase: .choosing(Fixtures.connected()),
                                         notice: Notice(.error, L("errors.signed_out_kept", ["count": 3])))
        snapshot(AppState(route: .signIn(signIn)), "signin-signed-out-kept")
        signIn.notice = Notice(.error, L("errors.signed_out_kept", ["count": 1]) + " " + L("errors.proxy_drops_authorization"))
        snapshot(AppState(route: .signIn(signIn)), "signin-signed-out-proxy")
    }

    @Test func workspaceAndPropertyChoice() {
        let session = Fixtures.session()
        let current = CurrentInstance(instance: Fixtures.instance(), session: session)
        var workspace = WorkspaceFeature.State(session: session, phase: .workspaces,
                                               workspaces: [Fixtures.workspace(), Fixtures.workspace(id: "wsp_2", name: "Seaside Group")])
        snapshot(AppState(route: .workspace(workspace), current: current), "workspace-workspaces")
        let paged = Fixtures.workspace(properties: [Fixtures.harbour, Fixtures.garden], next: "c2")
        workspace.phase = .properties(paged)
        workspace.focus = 2
        workspace.current = "prp_garden"
        snapshot(AppState(route: .workspace(workspace), current: current), "workspace-properties")
    }

    @Test func searchWithANotice() {
        var state = AppState.working(activeTab: .search, outbox: OutboxCounts(toSend: 2, toReview: 1, outcomeUnknown: 0))
        state.current?.notices = [Notice(.info, "Harbour View Hotel was chosen automatically. Switch it in Account.")]
        snapshot(state, "work-search")
    }

    @Test func accountWithChangesWaitingAndHeld() {
        var state = AppState.working(activeTab: .account, connection: .offline,
                                     outbox: OutboxCounts(toSend: 1, toReview: 1, outcomeUnknown: 0))
        state.current?.account = AccountFeature.State(changes: [
            PendingChange(id: 1, summary: "Room 101: clean", createdAt: Date(timeIntervalSince1970: 0), hold: nil,
                          outcomeUnknown: true),
            PendingChange(id: 2, summary: "Room 102: inspected", createdAt: Date(timeIntervalSince1970: 0),
                          hold: PendingChange.Hold(reason: .refused, code: "unit.status_invalid",
                                                   detail: "Rooms out of order cannot be inspected."),
                          outcomeUnknown: false),
        ], focus: .change(2))
        snapshot(state, "account-changes")
    }

    /// #31: a housekeeper's tab bar has only her tabs, with their F-key numbers; at 40 columns
    /// the names fit again.
    @Test func aHousekeepersTabs() {
        var state = AppState.working(workspace: Fixtures.workspace(role: .housekeeper), activeTab: .housekeeping)
        var feature = HousekeepingFeature.State(list: RoomList(units: HotelFixture.units), focus: "unt_h101",
                                                freshness: .current, hasLoaded: true)
        feature.mayInspect = false
        state.current?.tabs.housekeeping.feature = feature
        snapshot(state, "housekeeper-tabs")
    }

    /// `?` on Housekeeping, scrolled to its last keys: long labels wrap, nothing is cut with "…",
    /// and tabs are F1–F5 there (digits jump to rooms).
    @Test func helpOnHousekeepingScrolled() {
        var state = AppState.working(activeTab: .housekeeping)
        state.current?.tabs.housekeeping.feature = HousekeepingFeature.State(
            list: RoomList(units: HotelFixture.units), focus: "unt_h101", freshness: .current, hasLoaded: true)
        let keys = AppView.helpKeys(state)
        #expect(!keys.contains { $0.key == "1–5" }, "digits jump to rooms here")
        state.help = HelpFeature.State(keys: keys, focus: keys.count - 1)
        snapshot(state, "help-housekeeping-scrolled")
    }

    /// #30: `?` on Search's results: typing edits the search text there, also over the results;
    /// the results move with the arrows, PgUp/PgDn and Home/End; F10 quits (q is a letter).
    @Test func helpOnSearch() {
        var state = AppState.working(activeTab: .search)
        state.current?.tabs.search.feature = SearchFeature.State(
            isEditing: false, searched: "hart", results: SearchFixture.both, focus: "search.reservation.rsv_0001",
            hasLoaded: true)
        state.current?.tabs.search.feature.query.insert("hart")
        state.help = HelpFeature.State(keys: AppView.helpKeys(state))
        snapshot(state, "help-search")
        state.help = nil
        snapshot(state, "work-search-results")
    }

    @Test func confirmationAndHelpOverlays() {
        var state = AppState.working(activeTab: .account)
        state.confirmation = Confirmation(purpose: .signOut("dvs_0001"),
                                          question: L("account.sign_out_question_unsent", ["instance": "Harbour Hotels", "count": 3]),
                                          confirmLabel: L("account.sign_out_delete", ["count": 3]),
                                          alternativeLabel: L("account.sign_out_keep"))
        snapshot(state, "confirm-signout")
        state.confirmation = nil
        state.help = HelpFeature.State(keys: AppView.helpKeys(state))
        snapshot(state, "help-account")
    }

    /// An instance name with a carriage return, ESC sequences (CSI, OSC), C1 controls and bidi
    /// overrides draws as plain inert text on every screen that shows it.
    @Test func hostileInstanceTextDrawsInert() {
        let hostile = "Evil\r\u{1B}[2J\u{1B}]0;pwned\u{07}Hotel\u{9B}31m\u{85}\u{202E}lanigiro\u{202C}\u{2066}x\u{2069}"
        let instance = Fixtures.instance(name: hostile)
        let user = User(id: "usr_x", name: "Mal\u{1B}[31mlory\u{200F}", email: "m@example.com")
        var state = AppState.working(instance: instance, session: Fixtures.session(user: user), activeTab: .account)
        snapshot(state, "inert-account")
        state.route = .connect(ConnectFeature.State(
            instances: [InstanceSummary(instance: instance, session: Fixtures.session(user: user), unsent: 0)],
            isLoading: false, focus: .instance(instance.key)))
        state.current = nil
        snapshot(state, "inert-connect")
        for size in [(40, 12), (80, 24)] {
            let grid = ScreenLayout.layout(AppView.view(state), width: size.0, height: size.1).grid
            for cell in grid.cells {
                for scalar in cell.text.unicodeScalars {
                    #expect(scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value),
                            "control U+\(String(scalar.value, radix: 16)) reached the screen")
                    #expect(![0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068,
                              0x2069].contains(scalar.value), "bidi control reached the screen")
                }
            }
        }
    }
}
