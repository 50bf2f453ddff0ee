import AppCore
import Foundation
import GuestCraftAPI
import Locking

extension FaultFormEnvironment {
    /// The form's clients that record their name in `fail` and answer nothing useful; the grants
    /// let a housekeeper report (so a tab's `.appeared` leaves "Report a fault" as it is).
    static func failing(_ fail: @escaping @Sendable (String) -> Void,
                        permissions: [Permission] = [.housekeepingWrite, .tasksWork],
                        capabilities: [Capability] = Capability.all) -> FaultFormEnvironment {
        FaultFormEnvironment(
            photoFolder: { fail("fault.photoFolder"); return PhotoFolderListing(directory: "", files: []) },
            encodePhoto: { _ in fail("fault.encodePhoto"); return .failure(.failed) },
            releasePhotos: { _ in fail("fault.releasePhotos") },
            submit: { _ in fail("fault.submit"); return .notSaved(.storage) },
            dropPhoto: { _ in fail("fault.dropPhoto"); return false },
            propertyDate: { fail("fault.propertyDate"); return nil },
            formatTime: { _ in "" }, permissions: permissions, capabilities: capabilities)
    }
}

/// A scripted world behind the fault form: the photos folder, each photo's re-encoding, the
/// outcome of each submit and drop; every call is recorded.
final class FaultWorld: Sendable {
    enum Call: Equatable, Sendable {
        case folder
        case encode(String)
        case release([String])
        case submit(FaultDraft)
        case drop(String)
    }

    static let housekeeper: [Permission] = [.inventoryRead, .housekeepingWrite, .tasksWork]
    static let supervisor: [Permission] = Role.supervisor.demoPermissions
    static let everything: [Capability] = Capability.all

    let permissions: [Permission]
    let capabilities: [Capability]
    let today: BusinessDate?
    let folder = Locked(PhotoFolderListing(directory: "~/Pictures", files: FaultFixture.files))
    let encodings = Locked<[String: Result<FaultPhotoInfo, FaultPhotoProblem>]>([:])
    let outcomes = Locked<[FaultSubmitResult]>([])
    let recorded = Locked<[Call]>([])

    init(permissions: [Permission] = FaultWorld.supervisor, capabilities: [Capability] = FaultWorld.everything,
         today: BusinessDate? = HotelFixture.date) {
        self.permissions = permissions
        self.capabilities = capabilities
        self.today = today
    }

    func answerSubmits(_ results: FaultSubmitResult...) { outcomes.withLock { $0 += results } }
    var calls: [Call] { recorded.withLock { $0 } }
    var drafts: [FaultDraft] { calls.compactMap { if case .submit(let draft) = $0 { draft } else { nil } } }

    var environment: FaultFormEnvironment {
        FaultFormEnvironment(
            photoFolder: {
                self.recorded.withLock { $0.append(.folder) }
                return self.folder.withLock { $0 }
            },
            encodePhoto: { path in
                self.recorded.withLock { $0.append(.encode(path)) }
                return self.encodings.withLock { $0[path] } ?? .success(FaultFixture.info(path))
            },
            releasePhotos: { tokens in self.recorded.withLock { $0.append(.release(tokens)) } },
            submit: { draft in
                self.recorded.withLock { $0.append(.submit(draft)) }
                return self.outcomes.withLock { $0.isEmpty ? .saved : $0.removeFirst() }
            },
            dropPhoto: { token in
                self.recorded.withLock { $0.append(.drop(token)) }
                return true
            },
            propertyDate: { self.today },
            formatTime: HotelFixture.formatTime,
            permissions: permissions, capabilities: capabilities)
    }
}

enum FaultFixture {
    static let room203 = UnitRef(id: "unt_h203", number: "203")
    static let folderTime = Date(timeIntervalSince1970: 1_793_611_260)   // 2026-11-02 09:21 UTC

    /// The photos folder, given oldest first (the chooser shows the newest first).
    static let files: [FolderPhoto] = [
        FolderPhoto(name: "IMG_2038.jpg", path: "/home/hk/Pictures/IMG_2038.jpg",
                  modifiedAt: folderTime.addingTimeInterval(-3_600), byteCount: 2_140_000),
        FolderPhoto(name: "leak-under-sink.jpg", path: "/home/hk/Pictures/leak-under-sink.jpg",
                  modifiedAt: folderTime, byteCount: 3_412_000),
        FolderPhoto(name: "IMG_2040.heic", path: "/home/hk/Pictures/IMG_2040.heic",
                  modifiedAt: folderTime.addingTimeInterval(-60), byteCount: 846_000),
    ]

    /// What the re-encoder answers for a photo: a token named after its path.
    static func info(_ path: String, width: Int = 1_600, height: Int = 1_200) -> FaultPhotoInfo {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return FaultPhotoInfo(token: "tok:" + name, name: name, width: width, height: height, byteCount: 412_000)
    }

    /// The form as `.appeared` leaves it on room 203.
    static func opened(_ world: FaultWorld, focus: FaultForm.Line = .category) -> FaultForm.State {
        FaultForm.State(unit: FaultFixture.room203, businessDate: HotelFixture.date, from: "2026-11-02", to: "2026-11-03",
                        focus: focus, grants: world.environment.grants)
    }

    /// A form filled in: plumbing, high, a description, two photos, out of order with a reason.
    static func filled(_ world: FaultWorld, focus: FaultForm.Line = .send) -> FaultForm.State {
        var state = opened(world, focus: focus)
        state.category = .plumbing
        state.priority = .high
        state.description.set("Water leaking under the bathroom sink")
        state.photos = [FaultForm.Photo(id: 1, name: "leak-under-sink.jpg", path: "/home/hk/Pictures/leak-under-sink.jpg",
                                        status: .ready(FaultFixture.info("/home/hk/Pictures/leak-under-sink.jpg"))),
                        FaultForm.Photo(id: 2, name: "sink.jpg", path: "/mnt/usb/sink.jpg",
                                        status: .ready(FaultFixture.info("/mnt/usb/sink.jpg", width: 1_200, height: 1_600)))]
        state.nextPhotoID = 3
        state.block = .outOfOrder
        state.reason.set("Leak under the bathroom sink")
        return state
    }

    static func draft(_ state: FaultForm.State, block: BlockRequest?) -> FaultDraft {
        FaultDraft(ticket: MaintenanceTicketRequest(unitID: "unt_h203", taskID: state.taskID, category: .plumbing,
                                                    description: "Water leaking under the bathroom sink",
                                                    priority: .high, block: block),
                   number: "203", photos: state.photos.compactMap(\.info))
    }

    static let leakBlock = BlockRequest(kind: .outOfOrder, from: HotelFixture.date, to: HotelFixture.date.adding(days: 1),
                                        reason: "Leak under the bathroom sink")

    /// `state` with the category and description a report needs.
    static func filledFrom(_ state: FaultForm.State) -> FaultForm.State {
        var state = state
        state.category = .plumbing
        state.description.set("Water leaking under the bathroom sink")
        return state
    }

    static func ticket(block: Block? = nil, task: TaskID? = nil) -> MaintenanceTicket {
        MaintenanceTicket(id: "mtk_9c2f4e7a1b3d5e60", propertyID: "prp_harbour", unit: room203, taskID: task,
                          category: .plumbing, description: "Water leaking under the bathroom sink", priority: .high,
                          status: .open, reportedBy: UserRef(id: "usr_supervisor", name: "Samir Haddad"),
                          createdAt: Instant(millisecondsSinceEpoch: 1_793_613_753_000), block: block)
    }

    static func block(overbooked: [BusinessDate] = []) -> Block {
        Block(id: "blk_0002", kind: .outOfOrder, from: HotelFixture.date, to: HotelFixture.date.adding(days: 1),
              reason: "Leak under the bathroom sink", overbookedNights: overbooked)
    }
}
