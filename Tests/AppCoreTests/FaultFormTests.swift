import Foundation
import GuestCraftAPI
import Testing
@testable import AppCore

/// The fault report form (#14): every step of it, each outcome of sending, and its hosts.
@MainActor
@Suite struct FaultFormTests {
    typealias Feature = FaultForm
    typealias Line = FaultForm.Line

    func makeStore(_ world: FaultWorld, _ state: Feature.State) -> TestStore<Feature.State, Feature.Action> {
        TestStore(initialState: state, reducer: Feature(environment: world.environment))
    }

    func type(_ text: String, into line: Line, _ store: TestStore<Feature.State, Feature.Action>) async {
        for character in text {
            await store.send(.keyPressed(.character(character))) { state in
                switch line {
                case .description: state.description.insert(String(character))
                case .from: state.from.insert(String(character))
                case .to: state.to.insert(String(character))
                default: state.reason.insert(String(character))
                }
            }
        }
    }

    // MARK: Opening

    @Test func openingTakesTheGrantsAndABlockRunsFromTheBusinessDateUntilTheNextDay() async {
        let world = FaultWorld()
        let store = makeStore(world, Feature.room(FaultFixture.room203, businessDate: HotelFixture.date))
        await store.send(.appeared) {
            $0.grants = world.environment.grants
            $0.from.set("2026-11-02")
            $0.to.set("2026-11-03")
        }
        #expect(world.calls.isEmpty)
        #expect(store.state.lines == [.category, .priority, .description, .addPhoto, .block, .send])
        await store.finish()
    }

    /// No business date read yet: today at the property, and the next day across the year's end.
    @Test func withoutABusinessDateTheBlockStartsTodayAtTheProperty() async {
        let world = FaultWorld(today: BusinessDate("2026-12-31"))
        let store = makeStore(world, Feature.room(FaultFixture.room203, businessDate: nil))
        await store.send(.appeared) {
            $0.grants = world.environment.grants
            $0.businessDate = BusinessDate("2026-12-31")
            $0.from.set("2026-12-31")
            $0.to.set("2027-01-01")
        }
        await store.finish()
    }

    // MARK: Choices and typing

    @Test func enterOnAChoiceOpensItsListAndEnterChooses() async {
        let world = FaultWorld()
        let store = makeStore(world, FaultFixture.opened(world))
        #expect(!Feature.isEditingText(store.state))
        await store.send(.keyPressed(.enter)) { $0.mode = .choosing(Feature.ChoiceList(choice: .category, focus: 0)) }
        #expect(Feature.content(store.state, badge: OutboxBadge()).overlay?.rows.count == 7)
        await store.send(.keyPressed(.down)) { $0.mode = .choosing(Feature.ChoiceList(choice: .category, focus: 1)) }
        await store.send(.keyPressed(.enter)) {
            $0.mode = nil
            $0.category = .electrical
        }
        await store.send(.keyPressed(.tab)) { $0.focus = .priority }
        // The list opens on the value chosen (Normal); Esc leaves it as it was.
        await store.send(.keyPressed(.enter)) { $0.mode = .choosing(Feature.ChoiceList(choice: .priority, focus: 1)) }
        await store.send(.keyPressed(.character("j"))) { $0.mode = .choosing(Feature.ChoiceList(choice: .priority, focus: 2)) }
        await store.send(.keyPressed(.escape)) { $0.mode = nil }
        await store.send(.keyPressed(.enter)) { $0.mode = .choosing(Feature.ChoiceList(choice: .priority, focus: 1)) }
        await store.send(.keyPressed(.end)) { $0.mode = .choosing(Feature.ChoiceList(choice: .priority, focus: 3)) }
        await store.send(.rowClicked(FaultFormView.optionRowID("high"))) {
            $0.mode = nil
            $0.priority = .high
        }
        await store.finish()
    }

    @Test func aTextLineTakesPrintableKeysAndPastesAndEnterGoesToTheNextLine() async {
        let world = FaultWorld()
        var state = FaultFixture.opened(world, focus: .description)
        state.problems[.description] = Feature.Problem("Say what is wrong, in a few words.")
        let store = makeStore(world, state)
        #expect(Feature.isEditingText(store.state))
        // Typing corrects the line: what was said about it goes.
        await store.send(.keyPressed(.character("q"))) {
            $0.description.insert("q")
            $0.problems = [:]
        }
        await store.send(.keyPressed(.backspace)) { $0.description.set("") }
        await type("Leak ", into: .description, store)
        // A paste's line breaks are dropped (a scanner's or a pasted line's Enter too).
        await store.send(.pasted("under the\nsink\n")) { $0.description.set("Leak under thesink") }
        await store.send(.keyPressed(.left)) { _ = $0.description.apply(.left) }
        await store.send(.keyPressed(.enter)) { $0.focus = .addPhoto }
        #expect(!Feature.isEditingText(store.state))
        await store.send(.keyPressed(.character("k"))) { $0.focus = .description }
        await store.send(.keyPressed(.backTab)) { $0.focus = .priority }
        await store.finish()
    }

    // MARK: Photos

    @Test func photosAreChosenFromTheFolderNewestFirstOrByTypedPath() async {
        let world = FaultWorld()
        world.encodings.withLock { $0["/mnt/usb/sink.png"] = .failure(.unreadable) }
        let store = makeStore(world, FaultFixture.opened(world, focus: .addPhoto))
        await store.send(.keyPressed(.enter)) { $0.mode = .photos(Feature.PhotoChooser()) }
        let listing = PhotoFolderListing(directory: "~/Pictures", files: FaultFixture.files)
        await store.receive(.folderListed(listing)) {
            let newest = [FaultFixture.files[1], FaultFixture.files[2], FaultFixture.files[0]]
            $0.mode = .photos(Feature.PhotoChooser(directory: "~/Pictures",
                                                   files: newest.map { .init(file: $0, time: HotelFixture.formatTime($0.modifiedAt)) },
                                                   focus: 0))
        }
        guard case .photos(let chooser) = store.state.mode else { Issue.record("no chooser"); return }
        #expect(chooser.files.map(\.time) == ["09:21", "09:20", "08:21"])
        var moved = chooser
        moved.focus = 1
        await store.send(.keyPressed(.down)) { $0.mode = .photos(moved) }
        await store.send(.keyPressed(.enter)) {
            $0.mode = nil
            $0.photos = [Feature.Photo(id: 1, name: "IMG_2040.heic", path: "/home/hk/Pictures/IMG_2040.heic")]
            $0.nextPhotoID = 2
        }
        await store.receive(.photoEncoded(1, .success(FaultFixture.info("/home/hk/Pictures/IMG_2040.heic")))) {
            $0.photos[0].status = .ready(FaultFixture.info("/home/hk/Pictures/IMG_2040.heic"))
        }
        // A typed (here pasted) path; the re-encoder cannot read it: the photo says so.
        await store.send(.keyPressed(.enter)) { $0.mode = .photos(Feature.PhotoChooser()) }
        await store.receive(.folderListed(listing)) { $0.mode = .photos(chooser) }
        var onPath = chooser
        onPath.focus = nil
        await store.send(.keyPressed(.up)) { $0.mode = .photos(onPath) }
        #expect(Feature.isEditingText(store.state))
        await store.send(.pasted("/mnt/usb/sink.png\n")) {
            $0.mode = nil
            $0.photos.append(Feature.Photo(id: 2, name: "sink.png", path: "/mnt/usb/sink.png"))
            $0.nextPhotoID = 3
        }
        await store.receive(.photoEncoded(2, .failure(.unreadable))) { $0.photos[1].status = .failed(.unreadable) }
        let rows = Feature.content(store.state, badge: OutboxBadge()).rows
        let photo = rows.firstIndex { $0.id == "fault.photo.2" }
        #expect(photo.map { rows[$0 + 1].spans.map(\.text).joined() } == "This photo could not be read. The report can go without it.")
        #expect(rows.contains { $0.id == "fault.photo.1" && $0.trailing.map(\.text) == ["1600×1200"] })
        // The report goes without the photo that could not be read.
        #expect(Feature.draft(FaultFixture.filledFrom(store.state))?.photos.map(\.token) == ["tok:IMG_2040.heic"])
        #expect(world.calls == [.folder, .encode("/home/hk/Pictures/IMG_2040.heic"), .folder, .encode("/mnt/usb/sink.png")])
        await store.finish()
    }

    /// #31: a typed path lost its leading folders: typed on the folder's list, "/home/hk/…"
    /// went nowhere up to its `k`, which moved to the path field.
    @Test func aPathTypedOnTheListIsTypedWhole() async {
        let world = FaultWorld()
        var state = FaultFixture.opened(world, focus: .addPhoto)
        let entries = FaultFixture.files.map { Feature.PhotoChooser.Entry(file: $0, time: "09:00") }
        state.mode = .photos(Feature.PhotoChooser(directory: "~/Pictures", files: entries, focus: 0))
        let store = makeStore(world, state)
        let path = "/home/hk/Pictures/sink.jpg"
        for (n, character) in path.enumerated() {
            await store.send(.keyPressed(.character(character))) {
                $0.mode = .photos(Feature.PhotoChooser(directory: "~/Pictures", files: entries,
                                                       path: TextInput(String(path.prefix(n + 1)), limit: 1_024)))
            }
        }
        await store.send(.keyPressed(.enter)) {
            $0.mode = nil
            $0.photos = [Feature.Photo(id: 1, name: "sink.jpg", path: path)]
            $0.nextPhotoID = 2
        }
        await store.receive(.photoEncoded(1, .success(FaultFixture.info(path)))) { $0.photos[0].status = .ready(FaultFixture.info(path)) }
        #expect(world.calls == [.encode(path)])
        await store.finish()
    }

    /// #31: the folder's listing answering while a path is typed does not take the focus from it.
    @Test func theFolderListingLeavesAPathBeingTypedWhereItIs() async {
        let world = FaultWorld()
        var state = FaultFixture.opened(world, focus: .addPhoto)
        state.mode = .photos(Feature.PhotoChooser(path: TextInput("/mnt/u", limit: 1_024)))
        let store = makeStore(world, state)
        let listing = PhotoFolderListing(directory: "~/Pictures", files: FaultFixture.files)
        await store.send(.folderListed(listing)) {
            let newest = [FaultFixture.files[1], FaultFixture.files[2], FaultFixture.files[0]]
            $0.mode = .photos(Feature.PhotoChooser(directory: "~/Pictures",
                                                   files: newest.map { .init(file: $0, time: HotelFixture.formatTime($0.modifiedAt)) },
                                                   path: TextInput("/mnt/u", limit: 1_024)))
        }
        #expect(Feature.isEditingText(store.state))
        await store.finish()
    }

    @Test func aPhotoIsRemovedWithEnterOrDelAndItsBytesMayGo() async {
        let world = FaultWorld()
        let store = makeStore(world, FaultFixture.filled(world, focus: .photo(1)))
        await store.send(.keyPressed(.delete)) {
            $0.photos.removeFirst()
            $0.focus = .photo(2)
        }
        await store.send(.keyPressed(.enter)) {
            $0.photos = []
            $0.focus = .addPhoto
        }
        await store.finish()
        #expect(Set(world.calls.map { "\($0)" }) == ["\(FaultWorld.Call.release(["tok:leak-under-sink.jpg"]))",
                                                      "\(FaultWorld.Call.release(["tok:sink.jpg"]))"])
    }

    @Test func withoutThePhotosCapabilityTheFormSaysSoAndTheReportGoesWithout() async {
        let world = FaultWorld(capabilities: Capability.all.filter { $0 != .maintenancePhotos })
        var state = FaultFixture.filled(world)
        state.grants = world.environment.grants
        #expect(!state.lines.contains(.addPhoto) && !state.lines.contains(.photo(1)))
        let rows = Feature.content(state, badge: OutboxBadge()).rows
        #expect(rows.contains { $0.spans.map(\.text).joined() == "Photos: this instance takes none." })
        #expect(Feature.draft(state)?.photos == [])
    }

    // MARK: The block

    @Test func theBlockIsOfferedOnlyWithItsPermission() async {
        let housekeeper = FaultWorld(permissions: FaultWorld.housekeeper)
        let state = FaultFixture.opened(housekeeper)
        #expect(!state.lines.contains(.block))
        let rows = Feature.content(state, badge: OutboxBadge()).rows.map { $0.spans.map(\.text).joined() }
        #expect(rows.contains("Taking the room out: not for your role."))
        let outOfOrderOnly = FaultWorld(permissions: FaultWorld.housekeeper + [.blocksManageOOO])
        #expect(Feature.options(.block, FaultFixture.opened(outOfOrderOnly)) == [nil, "out_of_order"])

        let world = FaultWorld()
        let store = makeStore(world, FaultFixture.opened(world, focus: .block))
        await store.send(.keyPressed(.enter)) { $0.mode = .choosing(Feature.ChoiceList(choice: .block, focus: 0)) }
        #expect(Feature.options(.block, store.state) == [nil, "out_of_order", "out_of_service"])
        await store.send(.keyPressed(.down)) { $0.mode = .choosing(Feature.ChoiceList(choice: .block, focus: 1)) }
        await store.send(.keyPressed(.enter)) {
            $0.mode = nil
            $0.block = .outOfOrder
        }
        #expect(store.state.lines.suffix(5) == [.block, .from, .to, .reason, .send])
        await store.finish()
    }

    @Test func theDatesAreEditedAndCheckedBeforeSending() async {
        let world = FaultWorld()
        var state = FaultFixture.filled(world, focus: .to)
        state.photos = []
        let store = makeStore(world, state)
        await store.send(.keyPressed(.backspace)) { $0.to.set("2026-11-0") }
        await type("4", into: .to, store)
        await store.send(.keyPressed(.backTab)) { $0.focus = .from }
        await store.send(.keyPressed(.control("u"))) { _ = $0.from.apply(.control("u")) }
        await type("2026-11-01", into: .from, store)
        // Before the business date, and a date that is none: said next to each line, nothing sent.
        await store.send(.keyPressed(.control("d"))) {
            $0.problems = [.from: Feature.Problem("The room cannot be taken out before the business date, 2026-11-02.")]
            $0.notice = Self.notSentYet
        }
        await store.send(.keyPressed(.backspace)) {
            $0.from.set("2026-11-0")
            $0.problems = [:]
        }
        await type("4", into: .from, store)
        await store.send(.keyPressed(.control("d"))) {
            $0.problems = [.to: Feature.Problem("The room comes back on a later date than the first day out.")]
            $0.focus = .to
            $0.notice = Self.notSentYet
        }
        await store.send(.keyPressed(.backTab)) { $0.focus = .from }
        await store.send(.keyPressed(.backspace)) {
            $0.from.set("2026-11-0")
        }
        await type("3", into: .from, store)
        await store.send(.keyPressed(.control("d"))) {
            $0.problems = [:]
            $0.notice = nil
            $0.sending = true
        }
        await store.receive(.submitted(.saved)) { $0.sending = false }
        await store.receive(.delegate(.work(.outboxChanged)))
        await store.receive(.delegate(.reported(Self.saved)))
        let block = BlockRequest(kind: .outOfOrder, from: BusinessDate("2026-11-03")!, to: BusinessDate("2026-11-04")!,
                                 reason: "Leak under the bathroom sink")
        #expect(world.drafts == [FaultFixture.draft(store.state, block: block)])
        await store.finish()
    }

    @Test func anEmptyFormSaysWhatItNeedsAndSendsNothing() async {
        let world = FaultWorld()
        let store = makeStore(world, FaultFixture.opened(world, focus: .send))
        await store.send(.keyPressed(.enter)) {
            $0.problems = [.category: Feature.Problem("Choose what is wrong."),
                           .description: Feature.Problem("Say what is wrong, in a few words.")]
            $0.focus = .category
            $0.notice = Self.notSentYet
        }
        await store.finish()
        #expect(world.calls.isEmpty)
    }

    @Test func aPhotoStillPreparingHoldsTheSend() async {
        let world = FaultWorld()
        var state = FaultFixture.filled(world)
        state.photos[1].status = .preparing
        let store = makeStore(world, state)
        await store.send(.keyPressed(.control("d"))) {
            $0.notice = Notice(.info, "A photo is still being prepared; send once it shows its size.")
        }
        await store.finish()
        #expect(world.calls.isEmpty)
    }

    // MARK: Sending

    static let saved = Notice(.info, "Saved; the report on room 203 will be sent when the instance can be reached.")
    static let notSentYet = Notice(.warning, "Not sent yet: see the ⚠.", isBrief: true)
    static let refusedNotice = Notice(.warning, "Refused by the instance: see the ⚠.", isBrief: true)

    /// Sends `state`'s report with `key` and receives the live layer's `result`; `update` is what
    /// the result changes besides the end of sending.
    func send(_ state: Feature.State, _ world: FaultWorld, answered result: FaultSubmitResult, key: Key = .enter,
              assert update: @escaping (inout Feature.State) -> Void = { _ in }) async
        -> TestStore<Feature.State, Feature.Action> {
        world.answerSubmits(result)
        let store = makeStore(world, state)
        await store.send(.keyPressed(key)) { $0.sending = true }
        await store.receive(.submitted(result)) {
            $0.sending = false
            update(&$0)
        }
        return store
    }

    @Test func sentWithABlockThatOverbooksShowsTheNightsBeforeClosing() async {
        let world = FaultWorld()
        let ticket = FaultFixture.ticket(block: FaultFixture.block(overbooked: [HotelFixture.date]))
        let notice = Notice(.info, "Report sent. Room 203 is out of order from 2026-11-02 to 2026-11-03.")
        let store = await send(FaultFixture.filled(world), world, answered: .sent(ticket, refusedPhotos: [])) {
            $0.receipt = Feature.Receipt(notice: notice, overbooked: [HotelFixture.date])
        }
        await store.receive(.delegate(.work(.outboxChanged)))
        let rows = Feature.content(store.state, badge: OutboxBadge()).rows.map { $0.spans.map(\.text).joined() }
        #expect(rows.contains("⚠ This overbooks the room type on 1 night: 2026-11-02."))
        await store.send(.keyPressed(.escape))
        await store.receive(.delegate(.reported(notice)))
        #expect(world.drafts == [FaultFixture.draft(FaultFixture.filled(world), block: FaultFixture.leakBlock)])
        await store.finish()
    }

    @Test func sentWithoutABlockClosesWithItsSentence() async {
        let world = FaultWorld()
        var state = FaultFixture.filled(world)
        state.block = nil
        let store = await send(state, world, answered: .sent(FaultFixture.ticket(), refusedPhotos: []), key: .control("d"))
        await store.receive(.delegate(.work(.outboxChanged)))
        await store.receive(.delegate(.reported(Notice(.info, "Report sent for room 203."))))
        #expect(world.drafts == [FaultFixture.draft(state, block: nil)])
        await store.finish()
    }

    @Test func savedOfflineClosesSayingItGoesWhenTheInstanceCanBeReached() async {
        let world = FaultWorld()
        let store = await send(FaultFixture.filled(world), world, answered: .saved)
        await store.receive(.delegate(.work(.outboxChanged)))
        await store.receive(.delegate(.reported(Self.saved)))
        await store.finish()
    }

    /// A refusal of the description: next to it with the instance's sentence (inert); once
    /// corrected the report goes again as a new submit.
    @Test func aRefusedDescriptionIsShownNextToItAndTheCorrectedReportGoesAgain() async {
        let world = FaultWorld()
        let refusal = FaultRefusal(status: 422, code: "ticket.invalid", field: "description",
                                   detail: "description: at most 2000 characters\u{1B}[31m")
        let store = await send(FaultFixture.filled(world), world, answered: .refused(refusal)) {
            $0.problems = [.description: Feature.Problem("The instance did not accept this.",
                                                         instanceSays: "description: at most 2000 characters")]
            $0.focus = .description
            $0.notice = Self.refusedNotice
        }
        await store.send(.keyPressed(.character("."))) {
            $0.description.insert(".")
            $0.problems = [:]
        }
        world.answerSubmits(.saved)
        await store.send(.keyPressed(.control("d"))) {
            $0.notice = nil
            $0.sending = true
        }
        await store.receive(.submitted(.saved)) { $0.sending = false }
        await store.receive(.delegate(.work(.outboxChanged)))
        await store.receive(.delegate(.reported(Self.saved)))
        #expect(world.drafts.map(\.ticket.description) == ["Water leaking under the bathroom sink",
                                                           "Water leaking under the bathroom sink."])
        await store.finish()
    }

    @Test(arguments: [
        (FaultRefusal(status: 422, code: "block.overlap", field: "block.from",
                      detail: "Room 203 is already out of order from 2026-11-01 to 2026-11-04."),
         Line.from, "The room is already out of order or out of service on some of these dates."),
        (FaultRefusal(status: 422, code: "block.in_past"), Line.from,
         "The room cannot be taken out before the business date."),
        (FaultRefusal(status: 422, code: "block.assigned_stay", field: "block.to"), Line.to,
         "A stay is assigned to this room on these dates."),
        (FaultRefusal(status: 403, code: "auth.forbidden", field: "block.kind"), Line.block,
         "Your role may not take the room out this way."),
        (FaultRefusal(status: 404, code: "unit.not_found"), Line.send, "The instance does not know this room any more."),
    ])
    func aBlockRefusalIsShownNextToTheDateItConcerns(refusal: FaultRefusal, line: Line, sentence: String) async {
        let world = FaultWorld()
        let store = await send(FaultFixture.filled(world), world, answered: .refused(refusal)) {
            $0.problems = [line: Feature.Problem(sentence, instanceSays: refusal.detail)]
            $0.focus = line
            $0.notice = Self.refusedNotice
        }
        await store.finish()
    }

    @Test func aPhotoRefusedForGoodIsNamedAndCanBeDropped() async {
        let world = FaultWorld()
        let refusal = FaultPhotoRefusal(token: "tok:sink.jpg", code: "photo.too_large",
                                        detail: "A photo may have at most 5000000 bytes.")
        let notice = Notice(.info, "Report sent for room 203.")
        let store = await send(FaultFixture.filled(world), world, answered: .sent(FaultFixture.ticket(), refusedPhotos: [refusal])) {
            $0.receipt = Feature.Receipt(notice: notice, refused: [
                Feature.RefusedPhoto(token: "tok:sink.jpg", name: "sink.jpg",
                                     problem: Feature.Problem("The instance refused this photo: it is too large.",
                                                              instanceSays: "A photo may have at most 5000000 bytes."))])
        }
        await store.receive(.delegate(.work(.outboxChanged)))
        #expect(Feature.content(store.state, badge: OutboxBadge()).focus == "fault.receipt.tok:sink.jpg")
        await store.send(.keyPressed(.enter))
        await store.receive(.photoDropped("tok:sink.jpg", true)) { $0.receipt?.refused[0].dropped = true }
        await store.receive(.delegate(.work(.outboxChanged)))
        #expect(Feature.content(store.state, badge: OutboxBadge()).focus == "fault.receipt.done")
        await store.send(.keyPressed(.enter))
        await store.receive(.delegate(.reported(notice)))
        #expect(world.calls.last == .drop("tok:sink.jpg"))
        await store.finish()
    }

    @Test func notSavedKeepsEverythingAndSaysWhy() async {
        let world = FaultWorld()
        let why = Notice(.error, "Not saved: this device's disk is full. All you entered is still here; free some space, then send again.")
        let store = await send(FaultFixture.filled(world), world, answered: .notSaved(.deviceFull)) { $0.notice = why }
        var expected = FaultFixture.filled(world)
        expected.notice = why
        #expect(store.state == expected)
        await store.finish()
    }

    @Test func aSessionThatEndedIsTheAppsToHandle() async {
        let world = FaultWorld()
        let store = await send(FaultFixture.filled(world), world, answered: .sessionEnded)
        await store.receive(.delegate(.work(.sessionEnded)))
        await store.finish()
    }
}
