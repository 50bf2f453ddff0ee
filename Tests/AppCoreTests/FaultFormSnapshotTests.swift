import Foundation
import GuestCraftAPI
import Testing
@testable import AppCore

/// The fault form at 40 × 12 and 80 × 24, over the room detail on Housekeeping, in the app's frame.
@Suite struct FaultFormSnapshotTests {
    /// The Housekeeping tab with the form open over room 203's detail.
    static func tab(_ form: FaultForm.State) -> HousekeepingTab.State {
        var feature = HousekeepingFeature.State(list: RoomList(units: HotelFixture.units), businessDate: HotelFixture.date,
                                                focus: "unt_h203", freshness: .current, lastUpdated: "09:21",
                                                hasLoaded: true)
        feature.detail = HousekeepingFeature.RoomDetail(unitID: "unt_h203", freshness: .current, focus: 3, fault: form)
        return HousekeepingTab.State(feature: feature)
    }

    /// The screen as the app frames it; `from` is the form the person was on before (the screen
    /// keeps its scroll position from one frame to the next, as the terminal does).
    func snap(_ form: FaultForm.State, _ name: String, from before: FaultForm.State? = nil,
              sourceLocation: SourceLocation = #_sourceLocation) {
        let state = Self.tab(form)
        let screen = HousekeepingTab.content(state).framed(.housekeeping, editing: HousekeepingTab.isEditingText(state))
        var previous: Screen?
        if let before {
            let earlier = Self.tab(before)
            previous = HousekeepingTab.content(earlier).framed(.housekeeping, editing: HousekeepingTab.isEditingText(earlier))
        }
        for (width, height) in [(40, 12), (80, 24)] {
            let viewport = previous.map { ScreenLayout.layout($0, width: width, height: height).viewport } ?? Viewport()
            let grid = ScreenLayout.layout(screen, width: width, height: height, viewport: viewport).grid
            assertSnapshot(TextGrid.snapshot(grid), file: "\(name).\(width)x\(height).txt", sourceLocation: sourceLocation)
        }
    }

    static let supervisor = FaultWorld()

    @Test func empty() {
        snap(FaultFixture.opened(Self.supervisor), "fault-empty")
    }

    @Test func filledWithTwoPhotosAndABlock() {
        snap(FaultFixture.filled(Self.supervisor), "fault-filled")
    }

    @Test func filledOnTheDescription() {
        snap(FaultFixture.filled(Self.supervisor, focus: .description), "fault-filled-description",
             from: FaultFixture.filled(Self.supervisor, focus: .priority))
    }

    /// A housekeeper (no block) on an instance without `maintenance_photos`, from a task.
    @Test func noPhotoCapability() {
        let world = FaultWorld(permissions: FaultWorld.housekeeper,
                               capabilities: Capability.all.filter { $0 != .maintenancePhotos })
        var form = FaultFixture.filled(world, focus: .send)
        form.photos = []
        form.block = nil
        form.taskID = "tsk_0006"
        form.taskKind = .cleanStayover
        snap(form, "fault-no-photos")
    }

    @Test func aPhotoThatCannotBeReadAndOneBeingPrepared() {
        var form = FaultFixture.filled(Self.supervisor, focus: .photo(2))
        form.photos[1].status = .failed(.unreadable)
        form.photos.append(FaultForm.Photo(id: 3, name: "IMG_2041.jpg", path: "/home/hk/Pictures/IMG_2041.jpg"))
        snap(form, "fault-photos", from: FaultFixture.filled(Self.supervisor, focus: .description))
    }

    static func refused(_ refusal: FaultRefusal) -> FaultForm.State {
        var form = FaultFixture.filled(supervisor)
        _ = FaultForm(environment: supervisor.environment).reduce(into: &form, action: .submitted(.refused(refusal)))
        return form
    }

    /// Each refusal next to the line it names, as the screen shows it coming back from "Send report".
    @Test(arguments: [
        ("fault-refused-description", FaultRefusal(status: 422, code: "ticket.invalid", field: "description",
                                                   detail: "description must have 1 to 2000 characters")),
        ("fault-refused-overlap", FaultRefusal(status: 422, code: "block.overlap", field: "block.from",
                                               detail: "Room 203 is already out of order from 2026-11-01 to 2026-11-04.")),
        ("fault-refused-in-past", FaultRefusal(status: 422, code: "block.in_past", field: "block.from",
                                               detail: "The block starts before the business date 2026-11-03.")),
        ("fault-refused-assigned-stay", FaultRefusal(status: 422, code: "block.assigned_stay", field: "block.to",
                                                     detail: "Reservation HV-1007 is assigned to room 203 on 2026-11-02.")),
    ])
    func refused(name: String, refusal: FaultRefusal) {
        snap(Self.refused(refusal), name, from: FaultFixture.filled(Self.supervisor))
    }

    @Test func aBlockThatOverbooks() {
        var form = FaultFixture.filled(Self.supervisor)
        let ticket = FaultFixture.ticket(block: FaultFixture.block(overbooked: [HotelFixture.date, HotelFixture.date.adding(days: 1)]))
        _ = FaultForm(environment: Self.supervisor.environment).reduce(into: &form, action: .submitted(.sent(ticket, refusedPhotos: [])))
        snap(form, "fault-overbooked")
    }

    @Test func aPhotoRefusedForGood() {
        var form = FaultFixture.filled(Self.supervisor)
        let refusal = FaultPhotoRefusal(token: "tok:sink.jpg", code: "photo.too_large",
                                        detail: "A photo may have at most 5000000 bytes.")
        _ = FaultForm(environment: Self.supervisor.environment)
            .reduce(into: &form, action: .submitted(.sent(FaultFixture.ticket(), refusedPhotos: [refusal])))
        snap(form, "fault-photo-refused")
    }

    @Test func notSaved() {
        var form = FaultFixture.filled(Self.supervisor)
        _ = FaultForm(environment: Self.supervisor.environment).reduce(into: &form, action: .submitted(.notSaved(.deviceFull)))
        snap(form, "fault-not-saved")
    }

    @Test func theCategoryList() {
        var form = FaultFixture.opened(Self.supervisor)
        form.mode = .choosing(FaultForm.ChoiceList(choice: .category, focus: 2))
        snap(form, "fault-category-list")
    }

    @Test func thePhotoChooser() {
        var form = FaultFixture.opened(Self.supervisor, focus: .addPhoto)
        let files = [FaultFixture.files[1], FaultFixture.files[2], FaultFixture.files[0]]
        form.mode = .photos(FaultForm.PhotoChooser(directory: "~/Pictures",
                                                   files: files.map { .init(file: $0, time: HotelFixture.formatTime($0.modifiedAt)) },
                                                   focus: 0))
        snap(form, "fault-photo-chooser")
    }

    @Test func leaving() {
        var form = FaultFixture.filled(Self.supervisor, focus: .description)
        form.mode = .leaving
        snap(form, "fault-leaving")
    }
}
