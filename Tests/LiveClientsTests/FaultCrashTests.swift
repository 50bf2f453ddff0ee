import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import OfflineStore
import ProcessSpawn
import Testing
import TestSupport
@testable import Outbox
#if canImport(Glibc)
import Glibc
#endif

/// kill -9 of a process after the instance applied a fault report and before its photos: the test
/// binary runs itself as the child (as `SendCrashTests` does), which saves the report and its two
/// photos in one transaction and sends them; the parent kills it once the ticket is applied and
/// the first photo is held up at the instance, then sends what is left.
@Suite(.serialized, .timeLimit(.minutes(5))) struct FaultCrashTests {
    static let childVariable = "GUESTCRAFT_TEST_FAULT_CHILD"

    struct ChildPlan: Codable {
        var stateDirectory: String
        var origin: String
        var token: String
        var report: FaultReport
        var photos: [FaultPhoto]
        var window: Int
    }

    static var plan: ChildPlan? { CrashChild.plan(childVariable, as: ChildPlan.self) }

    /// The child: saves the report with its photos (as `LiveWork.reportFault` does) and sends until killed.
    @Test(.enabled(if: FaultCrashTests.plan != nil))
    func faultChildReportsUntilKilled() async throws {
        let plan = try #require(Self.plan)
        let engine = try await CrashChild.engine(stateDirectory: plan.stateDirectory, origin: plan.origin, token: plan.token,
                                                 window: plan.window)
        let parent = getppid()
        _ = try await engine.submit(together: [try OutboxChange(FaultReportOperation(), plan.report)]
                                    + plan.photos.map { try OutboxChange(FaultPhotoOperation(), $0) })
        try await CrashChild.waitToBeKilled(parent: parent)
    }

    @Test(.enabled(if: FaultCrashTests.plan == nil), arguments: [1, OutboxEngine<InstanceClient>.defaultWindow])
    func killDashNineBetweenTheReportAndItsPhotosStillGivesOneTicketAndTwoPhotos(window: Int) async throws {
        let f = try DemoOutboxFixture()
        let report = FaultReport(property: harbour, ticket: .deviceMade(), request: FaultFixture.request(unit: "unt_h202"),
                                 number: "202")
        let photos = [TestPhotos.small, TestPhotos.wide].map { photo in
            FaultPhoto(FaultPhoto.Header(property: harbour, ticket: report.ticket, photo: .deviceMade(), unit: "unt_h202",
                                         number: "202", name: photo.name, width: photo.width, height: photo.height),
                       jpeg: photo.jpeg)
        }
        // The photos wait at the instance before they are applied (with a window both are on their
        // way at once): the kill lands after the ticket and before any photo.
        try await f.arm(.delay, .maintenancePhotosPut, count: 2, delayMS: 3_000)
        let stateDirectory = f.dir.url.appendingPathComponent("state")
        let plan = ChildPlan(stateDirectory: stateDirectory.path, origin: f.demo.origin,
                             token: try f.demo.deviceToken(for: .housekeeper), report: report, photos: photos,
                             window: window)
        let child = try CrashChild.spawn(filter: "faultChildReportsUntilKilled", variable: Self.childVariable, plan: plan)
        defer {
            child.signal(SIGKILL)
            child.wait()
        }
        // No bound of its own (#33: it was 60 s of wall time): the suite's time limit is the net.
        while try await f.requests("maintenance_photos.put") < 1, !Task.isCancelled, child.isRunning {
            try await Task.sleep(for: .milliseconds(2))
        }
        child.signal(SIGKILL)
        #expect(child.wait() == .signaled(SIGKILL))
        #expect(try await f.writes("maintenance_tickets.put") == 1, "killed after the ticket was applied")
        #expect(try await f.writes("maintenance_photos.put") == 0, "and before any photo was")

        // Started again: the photos left go (the first one resent under its id), nothing twice.
        let restarted = try OfflineStore(directory: stateDirectory)
        let left = try restarted.pendingEntries(housekeeperDesk)
        #expect(left.map(\.operation) == [FaultPhotoOperation.name, FaultPhotoOperation.name])
        let generation = try restarted.beginGeneration(housekeeperDesk)
        let engine = DemoOutboxFixture.engine(store: restarted, sleeper: ManualSleeper(), unauthorized: Recorder<Partition>(),
                                              window: window)
        _ = await engine.activate(partition: housekeeperDesk, generation: generation, client: f.client)
        // The killed child's delayed photo may apply meanwhile: then the resend is answered the first answer.
        // No bound of its own (#33: 20 s was one); the suite's time limit is the net.
        while try !restarted.pendingEntries(housekeeperDesk).isEmpty, !Task.isCancelled {
            try await Task.sleep(for: .milliseconds(20))
            await engine.sendNow()
        }
        #expect(try restarted.pendingEntries(housekeeperDesk).isEmpty)
        let stats = try await f.stats()
        #expect(stats.maintenanceTickets == 1 && stats.maintenancePhotos == 2)
        for photo in photos {
            #expect(try await f.admin.maintenancePhoto(photo.photo).bytes == photo.jpeg)
        }
    }
}
