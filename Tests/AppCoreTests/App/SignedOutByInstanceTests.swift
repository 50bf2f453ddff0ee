import Foundation
import GuestCraftAPI
import ClientModel
import Testing
@testable import AppCore

/// #35: a 401 never deletes unsent work. The session goes, the changes stay sealed to the person
/// (`offline.sealAccount`, never `forgetAccount`), and the sign-in says how many wait — with a
/// proxy hint when the 401 came seconds after a success. A deliberate sign-out with changes
/// offers both: delete them, said how many, or keep them for the person.
@MainActor @Suite struct SignedOutByInstanceTests {
    func world(kept: Int, proxyHint: Bool) -> (FakeWorld, AppEnvironment) {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.api.forgetToken = { world.calls.append("forget \($0.sessionID)") }
        env.api.refusedRightAfterSuccess = { _ in proxyHint }
        env.offline.sealAccount = { world.calls.append("seal \($0.personID)"); return .success(kept) }
        env.instances.check = { _ in .success(Fixtures.connected()) }
        return (world, env)
    }

    func signedOut(_ env: AppEnvironment, kept: Int, proxyHint: Bool, sentence: String) async {
        let store = TestStore(initialState: AppState.working(activeTab: .housekeeping), reducer: AppReducer(environment: env))
        await store.send(.tabs(.delegate(.sessionEnded))) {
            $0.current = nil
            $0.preferences.choices = []
            $0.route = .signIn(SignInFeature.State(
                instance: Fixtures.instance(), deviceName: "desk-01 terminal",
                notice: Notice(.error, "Your session on Harbour Hotels has ended. Sign in again.")))
        }
        await store.receive(.sessionSealed(instanceKey: Fixtures.instance().key, kept: .success(kept), proxyHint: proxyHint)) {
            $0.signIn?.notice = Notice(.error, sentence)
        }
        await store.receive(.signIn(.checked(.success(Fixtures.connected())))) {
            $0.signIn?.phase = .choosing(Fixtures.connected())
        }
        await store.finish()
    }

    @Test func aFourHundredOneKeepsTheChangesAndSaysHowMany() async {
        let (world, env) = world(kept: 3, proxyHint: false)
        await signedOut(env, kept: 3, proxyHint: false,
                        sentence: "Signed out by the instance: 3 changes are kept for you. Sign in again to send them.")
        #expect(world.calls.all.contains("seal usr_supervisor"))
        #expect(world.calls.all.contains("forget dvs_0001"))
        #expect(world.unexpected.all.isEmpty, "forgetAccount is never called on a 401")
    }

    @Test func aFourHundredOneSecondsAfterASuccessSaysAProxyMayDropTheHeader() async {
        let (world, env) = world(kept: 1, proxyHint: true)
        await signedOut(env, kept: 1, proxyHint: true,
                        sentence: "Signed out by the instance: 1 change is kept for you. Sign in again to send it. "
                            + "A proxy may be dropping the Authorization header: "
                            + "it came seconds after an answer.")
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func aLateSealForAnotherInstanceChangesNothingOnScreen() async {
        let (_, env) = world(kept: 2, proxyHint: false)
        let store = TestStore(initialState: AppState.working(), reducer: AppReducer(environment: env))
        await store.send(.sessionSealed(instanceKey: "ins_other", kept: .success(2), proxyHint: false))
        await store.finish()
    }

    /// The sign-out question with changes: y deletes (said how many), m keeps them sealed, n stays.
    @Test func signingOutOffersToDeleteOrToKeepTheChanges() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        env.offline.accountCounts = { _ in OutboxCounts(toSend: 2, toReview: 0, outcomeUnknown: 0) }
        env.api.signOut = { world.calls.append("signOut \($0.sessionID)"); return .success(.revoked) }
        env.offline.sealAccount = { world.calls.append("seal \($0.personID)"); return .success(2) }
        env.instances.list = { .success([]) }
        var state = AppState.working(activeTab: .account)
        state.current?.account = AccountFeature.State()
        let store = TestStore(initialState: state, reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.character("o")))
        await store.receive(.account(.delegate(.run(.signOut))))
        let id = Fixtures.session().sessionID
        await store.receive(.signOutCounted(id, OutboxCounts(toSend: 2, toReview: 0, outcomeUnknown: 0))) {
            $0.confirmation = Confirmation(
                purpose: .signOut(id),
                question: "Sign out of Harbour Hotels? 2 changes on this device are not sent yet.",
                confirmLabel: "Sign out and delete 2 changes",
                alternativeLabel: "Sign out and keep them for me")
        }
        let hints = AppView.view(store.state).hints.map(\.key)
        #expect(hints == ["y", "m", "n"])
        // The focus walks keep → delete → keep them → keep.
        await store.send(.keyPressed(.down)) { $0.confirmation?.focusOnConfirm = true }
        await store.send(.keyPressed(.down)) {
            $0.confirmation?.focusOnConfirm = false
            $0.confirmation?.focusOnAlternative = true
        }
        await store.send(.keyPressed(.enter)) {
            $0.confirmation = nil
            $0.current = nil
            $0.preferences.choices = []
            $0.route = .connect(ConnectFeature.State(notice: Notice(.info, "Signing out…")))
        }
        await store.receiveSignedOutOnConnect()
        await store.finish()
        let calls = world.calls.all
        #expect(calls.contains("signOut dvs_0001"))
        #expect(calls.contains("seal usr_supervisor"))
        #expect(world.unexpected.all.isEmpty, "keeping them deletes nothing (no forgetAccount)")
    }
}
