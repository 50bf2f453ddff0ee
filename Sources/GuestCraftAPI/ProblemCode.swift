import Foundation

/// A stable problem code (`unit.status_conflict`): what the app keys its sentences on, never shown raw.
public struct ProblemCode: OpenVocabulary {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    // Generic
    public static let requestMalformed: ProblemCode = "request.malformed"
    public static let requestInvalid: ProblemCode = "request.invalid"
    public static let authUnauthenticated: ProblemCode = "auth.unauthenticated"
    public static let authForbidden: ProblemCode = "auth.forbidden"
    public static let propertyOutOfScope: ProblemCode = "property.out_of_scope"
    public static let routeNotFound: ProblemCode = "route.not_found"
    public static let requestMethodNotAllowed: ProblemCode = "request.method_not_allowed"
    public static let requestTooLarge: ProblemCode = "request.too_large"
    public static let requestUnsupportedMediaType: ProblemCode = "request.unsupported_media_type"
    public static let preconditionRequired: ProblemCode = "precondition.required"
    public static let rateLimited: ProblemCode = "rate_limited"
    public static let internalError: ProblemCode = "internal.error"
    public static let instanceUnavailable: ProblemCode = "instance.unavailable"
    public static let idempotencyKeyReused: ProblemCode = "idempotency.key_reused"
    public static let idempotencyInProgress: ProblemCode = "idempotency.in_progress"

    // Not found
    public static let workspaceNotFound: ProblemCode = "workspace.not_found"
    public static let propertyNotFound: ProblemCode = "property.not_found"
    public static let reservationNotFound: ProblemCode = "reservation.not_found"
    public static let stayNotFound: ProblemCode = "stay.not_found"
    public static let guestNotFound: ProblemCode = "guest.not_found"
    public static let roomTypeNotFound: ProblemCode = "room_type.not_found"
    public static let unitNotFound: ProblemCode = "unit.not_found"
    public static let taskNotFound: ProblemCode = "task.not_found"
    public static let maintenanceTicketNotFound: ProblemCode = "maintenance_ticket.not_found"
    public static let maintenancePhotoNotFound: ProblemCode = "maintenance_photo.not_found"
    public static let deviceSessionNotFound: ProblemCode = "device_session.not_found"

    // Device sessions
    public static let deviceSessionInvalidGrant: ProblemCode = "device_session.invalid_grant"
    public static let deviceSessionInvalidRequest: ProblemCode = "device_session.invalid_request"
    public static let deviceSessionVersionMismatch: ProblemCode = "device_session.version_mismatch"

    // Front desk
    public static let searchQueryTooShort: ProblemCode = "search.query_too_short"
    public static let reservationVersionMismatch: ProblemCode = "reservation.version_mismatch"
    public static let checkInNotConfirmed: ProblemCode = "check_in.not_confirmed"
    public static let checkInOutsideStay: ProblemCode = "check_in.outside_stay"
    public static let checkInNoUnit: ProblemCode = "check_in.no_unit"
    public static let checkInUnitNotReady: ProblemCode = "check_in.unit_not_ready"
    public static let checkInUnitOccupied: ProblemCode = "check_in.unit_occupied"
    public static let checkOutNotCheckedIn: ProblemCode = "check_out.not_checked_in"
    public static let folioOpenBalance: ProblemCode = "folio.open_balance"
    public static let undoNotBusinessDate: ProblemCode = "undo.not_business_date"
    public static let undoNotApplicable: ProblemCode = "undo.not_applicable"
    public static let assignmentUnitUnavailable: ProblemCode = "assignment.unit_unavailable"
    public static let assignmentStayNotReserved: ProblemCode = "assignment.stay_not_reserved"

    // Housekeeping and tasks
    public static let unitStatusConflict: ProblemCode = "unit.status_conflict"
    public static let unitStatusInvalid: ProblemCode = "unit.status_invalid"
    public static let taskVersionMismatch: ProblemCode = "task.version_mismatch"
    public static let taskTransitionInvalid: ProblemCode = "task.transition_invalid"
    public static let taskReasonRequired: ProblemCode = "task.reason_required"

    // Maintenance
    public static let ticketInvalid: ProblemCode = "ticket.invalid"
    public static let ticketIDReused: ProblemCode = "ticket.id_reused"
    public static let blockOverlap: ProblemCode = "block.overlap"
    public static let blockAssignedStay: ProblemCode = "block.assigned_stay"
    public static let blockInPast: ProblemCode = "block.in_past"
    public static let photoTooLarge: ProblemCode = "photo.too_large"
    public static let photoInvalid: ProblemCode = "photo.invalid"
    public static let photoIDReused: ProblemCode = "photo.id_reused"

    // Demo admin
    public static let demoAdminKeyRequired: ProblemCode = "demo.admin_key_required"

    /// The HTTP status each code of api.md is answered with, and its title (the problem document's `title`).
    public static let catalog: [ProblemCode: (status: Int, title: String)] = [
        .requestMalformed: (400, "Malformed request"),
        .requestInvalid: (422, "Invalid value"),
        .authUnauthenticated: (401, "Not signed in"),
        .authForbidden: (403, "Not allowed for this role"),
        .propertyOutOfScope: (403, "Property out of scope"),
        .routeNotFound: (404, "No such route"),
        .requestMethodNotAllowed: (405, "Method not allowed"),
        .requestTooLarge: (413, "Request too large"),
        .requestUnsupportedMediaType: (415, "Unsupported media type"),
        .preconditionRequired: (428, "Precondition required"),
        .rateLimited: (429, "Too many requests"),
        .internalError: (500, "Internal error"),
        .instanceUnavailable: (503, "Instance unavailable"),
        .idempotencyKeyReused: (422, "Idempotency key reused"),
        .idempotencyInProgress: (409, "Request still in progress"),
        .workspaceNotFound: (404, "Workspace not found"),
        .propertyNotFound: (404, "Property not found"),
        .reservationNotFound: (404, "Reservation not found"),
        .stayNotFound: (404, "Stay not found"),
        .guestNotFound: (404, "Guest not found"),
        .roomTypeNotFound: (404, "Room type not found"),
        .unitNotFound: (404, "Unit not found"),
        .taskNotFound: (404, "Task not found"),
        .maintenanceTicketNotFound: (404, "Maintenance ticket not found"),
        .maintenancePhotoNotFound: (404, "Maintenance photo not found"),
        .deviceSessionNotFound: (404, "Device session not found"),
        .deviceSessionInvalidGrant: (400, "Invalid grant"),
        .deviceSessionInvalidRequest: (400, "Invalid device session request"),
        .deviceSessionVersionMismatch: (412, "Device session changed"),
        .searchQueryTooShort: (400, "Search text too short"),
        .reservationVersionMismatch: (412, "Reservation changed"),
        .checkInNotConfirmed: (422, "Reservation not confirmed"),
        .checkInOutsideStay: (422, "Business date outside the stay"),
        .checkInNoUnit: (422, "No room assigned"),
        .checkInUnitNotReady: (422, "Room not ready"),
        .checkInUnitOccupied: (422, "Room occupied"),
        .checkOutNotCheckedIn: (422, "Stay not checked in"),
        .folioOpenBalance: (422, "Open balance"),
        .undoNotBusinessDate: (422, "Not made on the business date"),
        .undoNotApplicable: (422, "Nothing to undo"),
        .assignmentUnitUnavailable: (422, "Room not available"),
        .assignmentStayNotReserved: (422, "Stay cannot be reassigned"),
        .unitStatusConflict: (409, "Room status changed"),
        .unitStatusInvalid: (422, "Status cannot be set"),
        .taskVersionMismatch: (412, "Task changed"),
        .taskTransitionInvalid: (409, "Task status change not possible"),
        .taskReasonRequired: (422, "Reason required"),
        .ticketInvalid: (422, "Invalid maintenance ticket"),
        .ticketIDReused: (409, "Ticket identifier reused"),
        .blockOverlap: (422, "Block overlaps another"),
        .blockAssignedStay: (422, "Room assigned to a stay"),
        .blockInPast: (422, "Block in the past"),
        .photoTooLarge: (413, "Photo too large"),
        .photoInvalid: (400, "Not a JPEG photo"),
        .photoIDReused: (409, "Photo identifier reused"),
        .demoAdminKeyRequired: (401, "Demo admin key required"),
    ]

    /// The HTTP status api.md gives this code, or nil for a code it does not name.
    public var status: Int? { ProblemCode.catalog[self]?.status }

    /// The `<thing>.not_found` code for a path parameter name such as `unit_id`.
    public static func notFound(forParameter name: String) -> ProblemCode {
        let thing = name.hasSuffix("_id") ? String(name.dropLast(3)) : name
        return ProblemCode(rawValue: "\(thing).not_found")
    }
}
