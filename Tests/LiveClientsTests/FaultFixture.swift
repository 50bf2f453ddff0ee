import AppCore
import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import OfflineStore
import SodiumCrypto
import Locking
import Testing
import TestSupport

/// Two small real JPEGs (made with `vips black x.jpg[strip] 16 12` and `… 24 8`).
enum TestPhotos {
    static let small = FaultReportPhoto(name: "sink.jpg", jpeg: jpeg("""
        /9j/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAAMABAB\
        AREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0Kx\
        wRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWm\
        p6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APn+iiiv/9k=
        """), width: 16, height: 12)
    static let wide = FaultReportPhoto(name: "tray.jpg", jpeg: jpeg("""
        /9j/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAAIABgB\
        AREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0Kx\
        wRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWm\
        p6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APn+iiv/2Q==
        """), width: 24, height: 8)
    /// Starts like a JPEG, one byte over the instance's limit (413 `photo.too_large`).
    static let tooLarge = FaultReportPhoto(name: "huge.jpg", jpeg: Data([0xFF, 0xD8, 0xFF]) + Data(count: JPEGBody.maximumBytes - 2),
                                           width: 4_000, height: 3_000)

    static func jpeg(_ base64: String) -> Data { Data(base64Encoded: base64)! }

    static func sha256(_ data: Data) -> String { SHA256.hash(data).hex }
}

/// `LiveFixture` (the real live layer, paired with the real demo on 127.0.0.1) whose demo keeps its
/// data in a directory of its own, so it can be stopped (the handheld out of Wi-Fi) and started
/// again on the same port (back in range); the outbox is active for the fixture's context.
final class FaultFixture: Sendable {
    let data: TemporaryDirectory
    let live: LiveFixture
    private let again = Locked<DemoInstance?>(nil)

    init(member: DemoMember = .supervisor, capabilities: [Capability] = Capability.all) async throws {
        let data = try TemporaryDirectory(prefix: "guestcraft-fault-demo")
        self.data = data
        live = try await LiveFixture(member: member) { configuration in
            configuration.dataDirectory = data.url
            configuration.capabilities = capabilities
        }
        await live.outbox.activate(live.context)
    }

    deinit { again.withLock { $0?.stop() } }

    var work: LiveWork { live.work }
    var store: OfflineStore { live.services.offline }
    var admin: DemoAdminClient { live.admin }
    var demo: DemoInstance { again.withLock { $0 } ?? live.demo }

    /// Out of reach: nothing listens on the instance's port (a connection is refused).
    func stopDemo() { demo.stop() }

    /// Back in reach: the same instance, data and port.
    func startDemoAgain() throws {
        var configuration = live.demo.configuration
        configuration.port = live.demo.port
        let started = try DemoInstance.start(configuration)
        again.withLock { $0 = started }
    }

    func entries() throws -> [OutboxEntry] { try store.pendingEntries(live.context.partition) }

    func counts() throws -> OutboxCounts { try store.outboxCounts(live.context.partition) }

    /// A report of `number`'s room with an optional block from `from` to `to`.
    static func request(unit: UnitID, block kind: BlockKind? = nil, from: String = "2026-11-02", to: String = "2026-11-03",
                        task: TaskID? = nil) -> MaintenanceTicketRequest {
        MaintenanceTicketRequest(
            unitID: unit, taskID: task, category: .plumbing, description: "Water leaking under the bathroom sink",
            priority: .high,
            block: kind.map { BlockRequest(kind: $0, from: BusinessDate(from)!, to: BusinessDate(to)!, reason: "Leak") })
    }
}

extension FaultReportOutcome {
    var ids: FaultReportIDs? {
        switch self {
        case .sent(let sent): sent.ids
        case .queued(let queued): queued.ids
        case .refused(let refusal): refusal.ids
        case .photosRefused(let refused): refused.ids
        case .notSaved: nil
        }
    }
}
