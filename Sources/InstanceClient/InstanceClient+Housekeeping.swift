import Foundation
import GuestCraftAPI
import HTTPClient

extension InstanceClient {
    /// `units.list`: the property's units with their housekeeping status.
    public func units(property: PropertyID, ifNoneMatch: ETag? = nil,
                      cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<UnitList> {
        try await call(Endpoints.unitsList(propertyID: property), ifNoneMatch: ifNoneMatch, cancellation: cancellation)
    }

    /// `units.get`: one unit with its tasks of the business date.
    public func unit(property: PropertyID, id: UnitID, ifNoneMatch: ETag? = nil,
                     cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<UnitDetail> {
        try await call(Endpoints.unitsGet(propertyID: property, unitID: id), ifNoneMatch: ifNoneMatch,
                       cancellation: cancellation)
    }

    /// `units.housekeeping`: sets a unit's status; the change carries `expected_housekeeping_version`.
    public func setHousekeeping(property: PropertyID, unit: UnitID, _ change: HousekeepingChange,
                                idempotencyKey: String? = nil,
                                cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> RoomUnit {
        try await value(Endpoints.unitsHousekeeping(propertyID: property, unitID: unit), body: try Self.json(change),
                        contentType: Wire.jsonType, idempotencyKey: idempotencyKey, cancellation: cancellation)
    }

    /// `tasks.list`: the business date's tasks, the caller's own unless `assignedToMe` is false.
    public func tasks(property: PropertyID, assignedToMe: Bool = true, ifNoneMatch: ETag? = nil,
                      cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<TaskList> {
        try await call(Endpoints.tasksList(propertyID: property, assignedToMe: assignedToMe), ifNoneMatch: ifNoneMatch,
                       cancellation: cancellation)
    }

    /// `tasks.get`: a task; its ETag is its version.
    public func task(property: PropertyID, id: TaskID, ifNoneMatch: ETag? = nil,
                     cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> ReadAnswer<HousekeepingTask> {
        try await call(Endpoints.tasksGet(propertyID: property, taskID: id), ifNoneMatch: ifNoneMatch,
                       cancellation: cancellation)
    }

    /// `tasks.status`: starts, finishes, skips or reopens a task at `version`.
    public func setTaskStatus(property: PropertyID, task: TaskID, _ change: TaskStatusChange, version: ETag,
                              idempotencyKey: String? = nil,
                              cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> HousekeepingTask {
        try await value(Endpoints.tasksStatus(propertyID: property, taskID: task), body: try Self.json(change),
                        contentType: Wire.jsonType, ifMatch: version, idempotencyKey: idempotencyKey,
                        cancellation: cancellation)
    }

    /// `tasks.note`: replaces a task's note at `version`.
    public func setTaskNote(property: PropertyID, task: TaskID, _ change: TaskNoteChange, version: ETag,
                            idempotencyKey: String? = nil,
                            cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> HousekeepingTask {
        try await value(Endpoints.tasksNote(propertyID: property, taskID: task), body: try Self.json(change),
                        contentType: Wire.jsonType, ifMatch: version, idempotencyKey: idempotencyKey,
                        cancellation: cancellation)
    }

    /// `maintenance_tickets.put`: creates a ticket under an id made on the device (a resend answers the first answer).
    public func putMaintenanceTicket(property: PropertyID, id: MaintenanceTicketID, _ request: MaintenanceTicketRequest,
                                     cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> MaintenanceTicket {
        try await value(Endpoints.maintenanceTicketsPut(propertyID: property, ticketID: id), body: try Self.json(request),
                        contentType: Wire.jsonType, cancellation: cancellation)
    }

    /// `maintenance_photos.put`: uploads a JPEG of a ticket under an id made on the device.
    public func putMaintenancePhoto(property: PropertyID, ticket: MaintenanceTicketID, id: MaintenancePhotoID,
                                    _ photo: JPEGBody,
                                    cancellation: HTTPCancellation? = nil) async throws(GuestCraftError) -> MaintenancePhoto {
        try await value(Endpoints.maintenancePhotosPut(propertyID: property, ticketID: ticket, photoID: id),
                        body: photo.data, contentType: "image/jpeg", cancellation: cancellation)
    }
}
