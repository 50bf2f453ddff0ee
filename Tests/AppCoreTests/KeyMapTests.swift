import Catalog
import ClientModel
import Foundation
import GuestCraftAPI
import Testing
@testable import AppCore

/// One key map for the whole app (#13): every letter on a key-hint line or in `?` is a shared
/// letter or an action letter of that screen, no screen gives a shared letter another meaning,
/// Send now / Review / Refresh are the same key everywhere, and README's table is the map's.
@Suite struct KeyMapTests {
    /// Screens of each tab in the states that change their keys.
    static var screens: [(String, WorkTab, AppState)] {
        var result: [(String, WorkTab, AppState)] = []
        func add(_ name: String, _ tab: WorkTab, _ change: (inout AppState) -> Void) {
            var state = AppState.working(activeTab: tab, outbox: OutboxCounts(toSend: 1, toReview: 1, outcomeUnknown: 0))
            state.current?.tabs.housekeeping.feature = HousekeepingFeature.State(
                list: RoomList(units: HotelFixture.units), focus: "unt_h101", freshness: .current,
                badge: OutboxBadge(toSend: 1, toReview: 1), hasLoaded: true)
            state.current?.tabs.tasks.feature = TasksFeature.State(
                entries: TaskFixture.entries(), focus: RowID("task.tsk_0005"), freshness: .current,
                badge: OutboxBadge(toSend: 1, toReview: 1), hasLoaded: true)
            change(&state)
            result.append((name, tab, state))
        }
        add("rooms", .housekeeping) { _ in }
        add("rooms, jumping", .housekeeping) { $0.current?.tabs.housekeeping.feature.jump = "10" }
        add("rooms, a role without housekeeping.write", .housekeeping) { $0.current?.tabs.housekeeping.feature.mayChangeStatus = false }
        add("room detail", .housekeeping) { $0.current?.tabs.housekeeping.feature.detail = HousekeepingFeature.RoomDetail(unitID: "unt_h101") }
        add("rooms, the board offered", .housekeeping) { $0.current?.tabs.housekeeping.feature.boardOffered = true }
        add("supervisor's board", .housekeeping) {
            $0.current?.tabs.housekeeping.feature.board = SupervisorBoard(focus: 1, now: HotelFixture.freshAt)
        }
        add("tasks", .tasks) { _ in }
        add("task detail", .tasks) { $0.current?.tabs.tasks.feature.detail = TasksFeature.Detail(taskID: "tsk_0005") }
        add("skip question", .tasks) { $0.current?.tabs.tasks.feature.skip = TasksFeature.SkipPrompt(task: "tsk_0005") }
        add("account", .account) { _ in }
        // Search's page takes every printable key as its text (#30): its lines name no letter.
        add("search field", .search) { _ in }
        // Every registered screen loaded (WorkScreenKeysTests draws the same states).
        for tab in WorkTab.allCases {
            if let load = WorkScreenKeysTests.loaded[tab] { add("\(tab), loaded", tab, load) }
        }
        add("today, filtering", .today) { state in
            WorkScreenKeysTests.loaded[.today]?(&state)
            state.current?.tabs.today.feature.isFiltering = true
        }
        add("search results", .search) {
            $0.current?.tabs.search.feature = SearchFeature.State(
                isEditing: false, searched: "hart", results: SearchFixture.both, focus: "search.reservation.rsv_0001",
                badge: OutboxBadge(toSend: 1, toReview: 1), hasLoaded: true)
        }
        return result
    }

    static func letters(of hint: KeyHint) -> [Character] {
        hint.key.split(separator: " ").filter { $0.count == 1 }.compactMap(\.first)
            .filter { ($0.isASCII && $0.isLetter) || $0 == "/" || $0 == "?" }
    }

    @Test func everyLetterOnAScreenIsSharedOrOneOfItsActions() {
        for (name, tab, state) in Self.screens {
            let allowed = KeyMap.sharedLetters.union(KeyMap.actionLetters(tab))
            for hint in AppView.view(state).hints + AppView.helpKeys(state) {
                for letter in Self.letters(of: hint) {
                    #expect(allowed.contains(letter), "\(name): \(hint.key) \(hint.label) is not in the key map")
                }
            }
        }
    }

    @Test func searchsPageNamesNoLetterAsAKey() {
        for (name, tab, state) in Self.screens where tab == .search {
            for hint in AppView.view(state).hints + AppView.helpKeys(state) {
                #expect(Self.letters(of: hint).allSatisfy { $0 == "?" }, "\(name): \(hint.key) \(hint.label) is search text there")
            }
        }
    }

    @Test func noScreenGivesASharedLetterAnotherMeaning() {
        for tab in WorkTab.allCases {
            #expect(KeyMap.actionLetters(tab).isDisjoint(with: KeyMap.sharedLetters), "\(tab)")
        }
        let fixed = [L("outbox.send_now"): "n", L("outbox.review"): "v", L("keys.refresh"): "r", L("keys.help_short"): "?"]
        for (name, _, state) in Self.screens {
            for hint in AppView.view(state).hints + AppView.helpKeys(state) {
                if let key = fixed[hint.label] { #expect(hint.key == key, "\(name): \(hint.label) is on \(hint.key)") }
            }
        }
    }

    @Test func readmesKeyTableIsTheMaps() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Keys").dropFirst().first?.components(separatedBy: "\n## ").first)
        let firstColumn = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| key ") }
            .map { $0.dropFirst(2).components(separatedBy: " | ").first ?? "" }
        #expect(firstColumn == KeyMap.readmeKeys)
    }
}
