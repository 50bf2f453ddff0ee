import AppCore
import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import OfflineStore
import SQLiteDB
import Testing
import TestSupport

/// Fault reports and their photos through the live layer (`LiveWork.reportFault`), the outbox
/// engine and a real SQLite file, against the real demo instance on 127.0.0.1 — what the instance
/// kept is read back from its admin routes (`/demo/stats`, `/demo/maintenance_photos/…`).
@Suite(.serialized, .timeLimit(.minutes(5))) struct FaultReportLiveTests {
    @Test func anOfflineReportIsSavedWholeThenSentOnceWithItsPhotosAndBlock() async throws {
        let f = try await FaultFixture()
        f.stopDemo()
        let photos = [TestPhotos.small, TestPhotos.wide]
        let outcome = await f.work.reportFault(FaultFixture.request(unit: "unt_h203", block: .outOfOrder), number: "203",
                                               photos: photos)
        guard case .queued(let queued) = outcome else { Issue.record("\(outcome)"); return }
        #expect(queued.accepted == nil && queued.photosLeftOut == 0)
        #expect(queued.ids.ticket.isDeviceMade && queued.ids.photos.count == 2 && queued.ids.photos.allSatisfy(\.isDeviceMade))

        // One report and its two photos, in order; each photo's JPEG is in its BLOB as it is.
        let saved = try f.entries()
        #expect(saved.map(\.operation) == [FaultReportOperation.name, FaultPhotoOperation.name, FaultPhotoOperation.name])
        #expect(saved.first?.subject == "ticket:" + queued.ids.ticket.rawValue)
        for (entry, photo) in zip(saved.dropFirst(), photos) {
            #expect(entry.payload.suffix(photo.jpeg.count) == photo.jpeg)
        }
        #expect(try f.counts() == OutboxCounts(toSend: 3, toReview: 0, outcomeUnknown: 0), "\"3 to send\"")
        #expect(try f.store.accountsSummary().map(\.counts.toSend) == [3], "guestcraft status counts them")
        // Account's review lists each with its sentence; the room shows the report and its block waiting.
        guard case .success(let changes) = await f.live.outbox.changes() else { Issue.record("no changes"); return }
        #expect(changes.map(\.summary) == ["Room 203: fault report, out of order from 2026-11-02 (back 2026-11-03)",
                                          "Room 203: photo sink.jpg of a fault report",
                                          "Room 203: photo tray.jpg of a fault report"])
        let marks = f.work.marks()
        #expect(marks.faults == PendingFaults(waiting: ["unt_h203"]))
        #expect(marks.rooms.queued["unt_h203"] == .outOfOrder)

        // Back in reach: `guestcraft send` (another process's services over the same state) sends them.
        try f.startDemoAgain()
        await f.live.outbox.deactivate()
        let command = try LiveServices(environment: ["GUESTCRAFT_HOME": f.live.home.url.path])
        #expect(await SendCommand.run(command) == 0, "nothing is left")
        #expect(try f.entries().isEmpty)
        let stats = try await f.admin.stats()
        #expect(stats.maintenanceTickets == 1 && stats.maintenancePhotos == 2)
        #expect(stats.requests["maintenance_tickets.put"] == 1 && stats.requests["maintenance_photos.put"] == 2)
        for (id, photo) in zip(queued.ids.photos, photos) {
            let stored = try await f.admin.maintenancePhoto(id)
            #expect(TestPhotos.sha256(stored.bytes) == TestPhotos.sha256(photo.jpeg), "the bytes the instance keeps are the saved ones")
            #expect(stored.contentType == "image/jpeg")
        }
        // The block is applied: the room is out of order now.
        let unit = try #require(try await f.live.services.client(for: f.live.context.session)
            .unit(property: "prp_harbour", id: "unt_h203").value)
        #expect(unit.unit.housekeepingStatus == .outOfOrder)
    }

    @Test func aFailureInTheMiddleOfTheSaveSavesNothing() async throws {
        let f = try await FaultFixture()
        // The second photo's row cannot be written (as a full disk would refuse it).
        let file = try Database(path: f.live.home.url.appendingPathComponent(OfflineStore.fileName).path)
        try file.execute("""
            CREATE TRIGGER second_photo_fails BEFORE INSERT ON outbox_entries
            WHEN NEW.operation = 'maintenance_photos.put'
             AND (SELECT count(*) FROM outbox_entries WHERE operation = 'maintenance_photos.put') >= 1
            BEGIN SELECT RAISE(ABORT, 'no room left'); END;
            """)
        file.close()
        let outcome = await f.work.reportFault(FaultFixture.request(unit: "unt_h202"), number: "202",
                                               photos: [TestPhotos.small, TestPhotos.wide])
        #expect(outcome == .notSaved(.failed))
        #expect(try f.entries().isEmpty, "neither the report nor its first photo was kept")
        #expect(try await f.admin.stats().requests["maintenance_tickets.put"] == nil, "nothing was sent")
    }

    @Test func lostAnswersOfTheReportAndOfAPhotoStillMakeOneTicketAndTwoPhotos() async throws {
        let f = try await FaultFixture()
        _ = try await f.admin.armFault(DemoFaultRequest(operation: .maintenanceTicketsPut, kind: .dropAfterApply, count: 1))
        _ = try await f.admin.armFault(DemoFaultRequest(operation: .maintenancePhotosPut, kind: .dropAfterApply, count: 1))
        let outcome = await f.work.reportFault(FaultFixture.request(unit: "unt_h202"), number: "202",
                                               photos: [TestPhotos.small, TestPhotos.wide])
        guard case .queued(let queued) = outcome else { Issue.record("\(outcome)"); return }
        #expect(try f.entries().first?.outcomeUnknown == true, "the instance may have applied it")
        // Resends (the same ids and bodies) until nothing is left; each is answered the first answer.
        // No bound of its own (#33: 20 s was one); the suite's time limit is the net.
        while try !f.entries().isEmpty, !Task.isCancelled { await f.live.outbox.sendNow() }
        #expect(try f.entries().isEmpty)
        let stats = try await f.admin.stats()
        #expect(stats.maintenanceTickets == 1 && stats.maintenancePhotos == 2)
        #expect(stats.writesApplied["maintenance_tickets.put"] == 1 && stats.writesApplied["maintenance_photos.put"] == 2)
        #expect(try #require(stats.requests["maintenance_photos.put"]) >= 3, "one photo was sent twice")
        let first = try await f.admin.maintenancePhoto(queued.ids.photos[0])
        #expect(first.bytes == TestPhotos.small.jpeg)
    }

    struct BlockRefusal: Sendable, CustomTestStringConvertible {
        let unit: UnitID
        let number: String
        let from: String
        let to: String
        let code: String
        let field: String
        /// How the instance's sentence starts.
        let sentence: String
        var testDescription: String { code }
    }

    /// Seed 1 on 2026-11-02: 301 is out of order until 2026-11-04; 103 is assigned to HV-1005 until 2026-11-06.
    static let blockRefusals = [
        BlockRefusal(unit: "unt_h301", number: "301", from: "2026-11-02", to: "2026-11-04", code: "block.overlap",
                     field: "block.from", sentence: "Room 301 is already out of order from 2026-11-01 to 2026-11-04."),
        BlockRefusal(unit: "unt_h103", number: "103", from: "2026-11-05", to: "2026-11-07", code: "block.assigned_stay",
                     field: "block.to", sentence: "Room 103 is assigned to HV-1005"),
        BlockRefusal(unit: "unt_h203", number: "203", from: "2026-11-01", to: "2026-11-03", code: "block.in_past",
                     field: "block.from", sentence: "A block cannot start before the business date 2026-11-02."),
    ]

    @Test(arguments: blockRefusals)
    func aRefusedBlockComesBackWithItsFieldAndTheCorrectedReportGoesAsANewOne(_ row: BlockRefusal) async throws {
        let f = try await FaultFixture()
        let request = FaultFixture.request(unit: row.unit, block: .outOfOrder, from: row.from, to: row.to)
        let outcome = await f.work.reportFault(request, number: row.number, photos: [TestPhotos.small, TestPhotos.wide])
        guard case .refused(let refusal) = outcome else { Issue.record("\(outcome)"); return }
        #expect(refusal.code == row.code && refusal.field == row.field && refusal.status == 422)
        #expect(refusal.reason == .refused)
        #expect(refusal.sentence?.hasPrefix(row.sentence) == true, "the instance's own sentence: \(refusal.sentence ?? "none")")
        // Its photos are held with it: never sent, waiting for the person's decision.
        #expect(try f.counts() == OutboxCounts(toSend: 2, toReview: 1, outcomeUnknown: 0))
        #expect(try await f.admin.stats().requests["maintenance_photos.put"] == nil)
        #expect(f.work.marks().faults.held == [row.unit])
        let saved = try #require(f.work.savedFaultReport(refusal.ticket))
        #expect(saved.request == request && saved.photos == [TestPhotos.small, TestPhotos.wide] && saved.refusal == refusal)

        // Corrected (a later block), it goes as a new report with new ids; the refused one is gone.
        let corrected = FaultFixture.request(unit: row.unit, block: .outOfService, from: "2026-11-20", to: "2026-11-21")
        let again = await f.work.reportFault(corrected, number: row.number, photos: saved.photos, replacing: refusal.ticket)
        guard case .sent(let sent) = again else { Issue.record("\(again)"); return }
        #expect(sent.ids.ticket != refusal.ticket && Set(sent.ids.photos).isDisjoint(with: refusal.ids.photos))
        #expect(sent.block?.kind == .outOfService && sent.photos.count == 2)
        #expect(try f.entries().isEmpty)
        let stats = try await f.admin.stats()
        #expect(stats.maintenanceTickets == 1 && stats.maintenancePhotos == 2)
    }

    @Test func aBlockThatOverbooksSaysWhichNights() async throws {
        let f = try await FaultFixture()
        // The Twin type is sold out tonight: taking 203 out overbooks 2026-11-02.
        let outcome = await f.work.reportFault(FaultFixture.request(unit: "unt_h203", block: .outOfOrder), number: "203",
                                               photos: [])
        guard case .sent(let sent) = outcome else { Issue.record("\(outcome)"); return }
        #expect(sent.overbookedNights == [BusinessDate("2026-11-02")!])
        #expect(sent.ticket.unit.number == "203" && sent.block?.kind == .outOfOrder)
    }

    @Test func aPhotoRefusedForGoodIsHeldAndCanBeDiscardedWhileTheOthersGo() async throws {
        let f = try await FaultFixture(member: .housekeeper)
        let outcome = await f.work.reportFault(FaultFixture.request(unit: "unt_h202"), number: "202",
                                               photos: [TestPhotos.tooLarge, TestPhotos.small])
        guard case .photosRefused(let refused) = outcome else { Issue.record("\(outcome)"); return }
        #expect(refused.refused.map(\.code) == ["photo.too_large"])
        #expect(refused.refused.first?.status == 413 && refused.refused.first?.name == "huge.jpg")
        #expect(refused.sent.map(\.byteCount) == [TestPhotos.small.jpeg.count], "the other photo went")
        #expect(refused.waiting == 0)
        #expect(try f.counts() == OutboxCounts(toSend: 0, toReview: 1, outcomeUnknown: 0))
        #expect(f.work.marks().faults.held == ["unt_h202"])

        #expect(await f.work.discardFaultPhoto(refused.refused[0].photo))
        #expect(try f.counts() == .zero)
        let stats = try await f.admin.stats()
        #expect(stats.maintenanceTickets == 1 && stats.maintenancePhotos == 1)
    }

    @Test func withoutThePhotosCapabilityTheReportGoesWithoutThem() async throws {
        let f = try await FaultFixture(member: .housekeeper,
                                       capabilities: Capability.all.filter { $0 != .maintenancePhotos })
        let outcome = await f.work.reportFault(FaultFixture.request(unit: "unt_h202", task: "tsk_0002"), number: "202",
                                               photos: [TestPhotos.small, TestPhotos.wide])
        guard case .sent(let sent) = outcome else { Issue.record("\(outcome)"); return }
        #expect(sent.photosLeftOut == 2 && sent.photos.isEmpty && sent.ids.photos.isEmpty)
        #expect(sent.ticket.taskID == "tsk_0002", "a report made from a task is linked to it")
        let stats = try await f.admin.stats()
        #expect(stats.maintenanceTickets == 1 && stats.maintenancePhotos == 0)
        #expect(stats.requests["maintenance_photos.put"] == nil)
    }

    @Test func withoutTheMaintenanceCapabilityNothingIsSaved() async throws {
        let f = try await FaultFixture(member: .housekeeper,
                                       capabilities: Capability.all.filter { $0 != .maintenance && $0 != .maintenancePhotos })
        let outcome = await f.work.reportFault(FaultFixture.request(unit: "unt_h202"), number: "202", photos: [])
        #expect(outcome == .notSaved(.notOffered))
        #expect(try f.entries().isEmpty)
    }
}
