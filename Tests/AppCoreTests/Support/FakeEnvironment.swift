import Foundation
import GuestCraftAPI
import ClientModel
@testable import AppCore
import Testing
import TestSupport

/// An environment whose every client fails the test when called (`UnexpectedCalls`): a test
/// replaces the clients it expects to be used, or allows one whose answer it does not care about
/// (`allow(_:)`).
final class FakeWorld: Sendable {
    /// Where the clients the test did not replace report their calls.
    let unexpectedCalls: UnexpectedCalls
    /// Clients called that the test did not replace nor allow.
    var unexpected: Recorder<String> { unexpectedCalls.names }
    /// Calls of the clients a test replaced with `record(_:)` helpers, in order.
    let calls = Recorder<String>()
    /// Lines written to the log.
    let logged = Recorder<String>()

    /// The unexpected calls fail the test at `sourceLocation` (where the world is made).
    init(sourceLocation: SourceLocation = #_sourceLocation) {
        unexpectedCalls = UnexpectedCalls(sourceLocation: sourceLocation)
    }

    /// Lets these clients be called without failing the test; their calls are in
    /// `unexpectedCalls.allowedNames`.
    func allow(_ names: String...) { unexpectedCalls.allow(names) }

    /// "09:41": a time's hours and minutes in UTC, as the live formatter reads a time of today.
    static let formatTime: @Sendable (Date) -> String = { date in
        let minutes = Int(date.timeIntervalSince1970) / 60 % (24 * 60)
        return String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    var environment: AppEnvironment {
        let logged = self.logged
        let fail = unexpectedCalls.call
        let storage = StorageFailure("unexpected call")
        return AppEnvironment(
            instances: InstancesClient(
                list: { fail("instances.list"); return .failure(storage) },
                connect: { _ in fail("instances.connect"); return .failure(.cancelled) },
                check: { _ in fail("instances.check"); return .failure(.cancelled) },
                save: { _ in fail("instances.save"); return .failure(storage) },
                remove: { _ in fail("instances.remove"); return .failure(storage) }),
            pairing: PairingClient(
                check: { _ in fail("pairing.check"); return .failure(.malformedLink) },
                exchange: { _, _ in fail("pairing.exchange"); return .failure(.codeRefused) }),
            signIn: SignInClient(browser: { _, _, _ in fail("signIn.browser"); return .failure(.cancelled) }),
            api: SessionAPIClient(
                workspaces: { _ in fail("api.workspaces"); return .failure(.noAnswer(.cancelled)) },
                properties: { _, _, _ in fail("api.properties"); return .failure(.noAnswer(.cancelled)) },
                signOut: { _ in fail("api.signOut"); return .failure(storage) },
                forgetToken: { _ in fail("api.forgetToken") },
                refusedRightAfterSuccess: { _ in fail("api.refusedRightAfterSuccess"); return false }),
            offline: OfflineClient(
                newGeneration: { Fixtures.generation },
                beginGeneration: { _, _ in fail("offline.beginGeneration"); return .failure(storage) },
                endGeneration: { _ in fail("offline.endGeneration") },
                forgetAccount: { _ in fail("offline.forgetAccount"); return .failure(storage) },
                sealAccount: { _ in fail("offline.sealAccount"); return .failure(storage) },
                counts: { _ in fail("offline.counts"); return .zero },
                accountCounts: { _ in fail("offline.accountCounts"); return .zero },
                retainAccounts: { _ in fail("offline.retainAccounts") }),
            outbox: OutboxClient(
                activate: { _ in fail("outbox.activate") },
                deactivate: { fail("outbox.deactivate") },
                sendNow: { fail("outbox.sendNow") },
                discard: { _ in fail("outbox.discard"); return .failure(storage) },
                changes: { fail("outbox.changes"); return .failure(storage) },
                news: { fail("outbox.news"); return AsyncStream { $0.finish() } }),
            preferences: PreferencesClient(load: { fail("preferences.load"); return AppPreferences() },
                                           save: { _ in fail("preferences.save") }),
            clock: ManualClock().client,
            formatTime: FakeWorld.formatTime,
            log: { logged.append($0) },
            defaultDeviceName: { "desk-01 terminal" },
            tabs: .failing(fail))
    }
}

extension FakeWorld {
    /// The environment with the clients every flow uses without an answer the test cares about
    /// (saving preferences, the outbox letting go, ending generations, the news stream) recording
    /// their calls in `calls`.
    var recordingEnvironment: AppEnvironment {
        var env = environment
        let calls = self.calls
        env.preferences.save = { calls.append("preferences.save \($0.lastInstanceKey ?? "-") \($0.choices.count)") }
        env.outbox.activate = { calls.append("outbox.activate \($0.partition.workspaceID) \($0.generation)") }
        env.outbox.deactivate = { calls.append("outbox.deactivate") }
        env.outbox.sendNow = { calls.append("outbox.sendNow") }
        env.offline.endGeneration = { calls.append("offline.endGeneration \($0)") }
        env.outbox.news = { AsyncStream { $0.finish() } }
        return env
    }
}

extension AppState {
    /// The app on the work tabs of `instance` with a chosen property and a live generation.
    static func working(instance: SavedInstance = Fixtures.instance(), session: StoredSession = Fixtures.session(),
                        workspace: Workspace = Fixtures.workspace(), property: Property = Fixtures.harbour,
                        activeTab: WorkTab = .today, connection: ConnectionState = .online,
                        outbox: OutboxCounts? = .zero) -> AppState {
        let current = CurrentInstance(instance: instance, session: session, workspace: workspace, property: property,
                                      generation: Fixtures.generation, activeTab: activeTab, connection: connection,
                                      outbox: outbox)
        var preferences = AppPreferences(lastInstanceKey: instance.key)
        preferences.remember(WorkChoice(instanceKey: instance.key, personID: session.user.id.rawValue,
                                        workspace: workspace, property: property))
        return AppState(route: .work, current: current, preferences: preferences)
    }
}

extension WorkTabs.Environment {
    /// Tab clients that report their name to `fail` and answer nothing useful.
    static func failing(_ fail: @escaping @Sendable (String) -> Void) -> WorkTabs.Environment {
        WorkTabs.Environment(
            today: TodayTab.Clients(
                environment: { _ in
                    TodayEnvironment(
                        savedToday: { fail("today.savedToday"); return nil },
                        fetchToday: { fail("today.fetchToday"); return .offline },
                        writeReport: { fail("today.writeReport"); return .nothingSaved },
                        printReport: { _ in fail("today.printReport"); return false },
                        propertyDate: { _ in fail("today.propertyDate"); return nil }, formatTime: { _ in "" },
                        detail: .failing(fail))
                }),
            search: SearchTab.Clients(
                environment: { _ in
                    SearchEnvironment(search: { _ in fail("search.search"); return .offline },
                                      savedUnits: { fail("search.savedUnits"); return nil },
                                      today: { fail("search.today"); return nil }, detail: .failing(fail))
                }),
            housekeeping: HousekeepingTab.Clients(
                environment: { _ in
                    HousekeepingEnvironment(
                        savedUnits: { fail("housekeeping.savedUnits"); return nil },
                        fetchUnits: { fail("housekeeping.fetchUnits"); return .offline },
                        savedUnit: { _ in fail("housekeeping.savedUnit"); return nil },
                        fetchUnit: { _ in fail("housekeeping.fetchUnit"); return .offline },
                        pendingRooms: { fail("housekeeping.pendingRooms"); return .none },
                        setStatus: { _, _, _ in fail("housekeeping.setStatus"); return .failed },
                        formatTime: { _ in "" }, faultForm: .failing(fail))
                }),
            tasks: TasksTab.Clients(
                environment: { _ in
                    TasksEnvironment(
                        savedTasks: { fail("tasks.savedTasks"); return nil },
                        fetchTasks: { fail("tasks.fetchTasks"); return .offline },
                        fetchTask: { _ in fail("tasks.fetchTask"); return .offline },
                        pendingTasks: { fail("tasks.pendingTasks"); return .none },
                        setStatus: { _, _, _ in fail("tasks.setStatus"); return .failed },
                        setNote: { _, _, _ in fail("tasks.setNote"); return .failed },
                        discard: { _ in fail("tasks.discard"); return false },
                        clock: ManualClock().client,
                        formatTime: { _ in "" }, faultForm: .failing(fail))
                }))
    }
}

extension TodayTab.Clients {
    /// Today with nothing saved and no answer (the instance unreachable), its reads recorded in
    /// the world's `calls`; a reservation's clients are the world's unexpected calls.
    static func offline(_ world: FakeWorld) -> TodayTab.Clients {
        let calls = world.calls
        let fail = world.unexpectedCalls.call
        return TodayTab.Clients(environment: { _ in
            TodayEnvironment(
                savedToday: { calls.append("today.saved"); return nil },
                fetchToday: { calls.append("today.fetch"); return .offline },
                writeReport: { calls.append("today.report"); return .nothingSaved },
                printReport: { _ in calls.append("today.print"); return false },
                propertyDate: { _ in calls.append("today.propertyDate"); return nil }, formatTime: { _ in "" },
                detail: .failing(fail))
        })
    }
}

/// Today opened on a start-up that a test follows for something else: with nothing saved and no
/// answer (`TodayTab.Clients.offline`), its read lands in these steps, racing the others.
enum TodayOpenedOffline {
    static let steps: Set<String> = ["today.saved", "today.read", "tabs.connection"]
    /// The steps of Today's read again, when an answer of the instance came while Today said Offline
    /// (or the header did): #30, the header and the body never disagree.
    static let readAgain: Set<String> = ["today.read", "tabs.connection"]

    /// The step `action` is, applied to `state`; nil when it is none of them.
    @discardableResult
    static func apply(_ action: AppAction?, _ state: inout AppState) -> String? {
        switch action {
        case .tabs(.today(.feature(.savedLoaded(nil, _))))?:
            state.current?.tabs.today.feature.savedAnswered = true
            return "today.saved"
        case .tabs(.today(.feature(.todayRead(.offline, _))))?:
            state.current?.tabs.today.feature.freshness = .offline(lastUpdated: nil)
            return "today.read"
        case .tabs(.delegate(.connection(.offline)))?:
            state.current?.connection = .offline
            return "tabs.connection"
        default:
            return nil
        }
    }

    /// The step `action` is (without applying it).
    static func step(of action: AppAction?) -> String? {
        var scratch = AppState()
        return apply(action, &scratch)
    }
}

extension DeskDetailEnvironment {
    /// Reservation screens' clients that record their name in `fail` and answer nothing useful.
    static func failing(_ fail: @escaping @Sendable (String) -> Void) -> DeskDetailEnvironment {
        DeskDetailEnvironment(
            savedReservation: { _ in fail("desk.savedReservation"); return nil },
            fetchReservation: { _ in fail("desk.fetchReservation"); return .offline },
            findReservation: { _ in fail("desk.findReservation"); return .offline },
            savedGuest: { _ in fail("desk.savedGuest"); return nil },
            fetchGuest: { _ in fail("desk.fetchGuest"); return .offline },
            fetchBalance: { _ in fail("desk.fetchBalance"); return .offline },
            fetchQuote: { _, _ in fail("desk.fetchQuote"); return .offline },
            availableUnits: { _, _, _ in fail("desk.availableUnits"); return .offline },
            unitCheck: { _, _ in fail("desk.unitCheck"); return UnitCheck() },
            businessDate: { fail("desk.businessDate"); return nil },
            perform: { _, _, _, _, _ in fail("desk.perform"); return .notSent },
            newIdempotencyKey: { fail("desk.newIdempotencyKey"); return "" },
            formatTime: { _ in "" }, sleep: { _ in fail("desk.sleep") }, property: "prp_harbour", permissions: [],
            capabilities: [])
    }
}

extension WorkTabs.State {
    /// What the app's count of the outbox does to every started screen's badge (each registered
    /// one, by the tabs' own reducer: a screen added to the registry is counted too).
    mutating func counted(_ counts: OutboxCounts) {
        let badge = OutboxBadge(toSend: counts.toSend, toReview: counts.toReview)
        _ = WorkTabs(environment: FakeWorld().environment.tabs).reduce(into: &self, action: .event(.outboxCounted(badge)))
    }
}
