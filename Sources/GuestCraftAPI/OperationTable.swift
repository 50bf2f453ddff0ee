import Foundation

extension OperationID {
    /// The route table row of this operation (docs/api.md).
    public var descriptor: OperationDescriptor {
        let api = "/api/v1"
        let property = "\(api)/properties/{property_id}"
        let reservation = "\(property)/reservations/{reservation_id}"
        let stay = "\(reservation)/stays/{stay_id}"
        let privateCache = "private, no-cache"
        let noStore = "no-store"

        func read(_ template: String, query: [String] = [], conditional: Bool = true,
                  cache: String = privateCache, credentials: CredentialKind = .deviceToken,
                  answer: AnswerEncoding = .json) -> OperationDescriptor {
            OperationDescriptor(id: self, method: .get, pathTemplate: template, credentials: credentials,
                                ifMatch: .notTaken, conditionalRead: conditional, idempotencyKey: .notTaken,
                                successStatuses: [200], requestEncoding: .none, answerEncoding: answer,
                                queryParameters: query, cacheControl: cache)
        }
        func write(_ method: HTTPMethod, _ template: String, body: RequestEncoding = .json,
                   answer: AnswerEncoding = .json, ifMatch: HeaderUse = .notTaken, idempotency: HeaderUse = .notTaken,
                   success: [Int] = [200], credentials: CredentialKind = .deviceToken, query: [String] = []) -> OperationDescriptor {
            OperationDescriptor(id: self, method: method, pathTemplate: template, credentials: credentials,
                                ifMatch: ifMatch, conditionalRead: false, idempotencyKey: idempotency,
                                successStatuses: success, requestEncoding: body, answerEncoding: answer,
                                queryParameters: query, cacheControl: noStore)
        }

        switch self {
        case .instanceDiscovery:
            return read("/.well-known/guestcraft", cache: "public, max-age=300", credentials: .none)
        case .instanceGet:
            return read("\(api)/instance", cache: "public, max-age=300", credentials: .none)
        case .mobileAuthorize:
            return OperationDescriptor(id: self, method: .get, pathTemplate: "/mobile/authorize", credentials: .none,
                                       ifMatch: .notTaken, conditionalRead: false, idempotencyKey: .notTaken,
                                       successStatuses: [200], requestEncoding: .none, answerEncoding: .html,
                                       queryParameters: ["response_type", "redirect_uri", "code_challenge",
                                                         "code_challenge_method", "state", "device_name"],
                                       cacheControl: noStore)
        case .mobileAuthorizeSubmit:
            return write(.post, "/mobile/authorize", body: .form, answer: .html, success: [200, 302], credentials: .none)
        case .mobilePair:
            return OperationDescriptor(id: self, method: .get, pathTemplate: "/mobile/pair", credentials: .none,
                                       ifMatch: .notTaken, conditionalRead: false, idempotencyKey: .notTaken,
                                       successStatuses: [200], requestEncoding: .none, answerEncoding: .html,
                                       queryParameters: [], cacheControl: noStore)
        case .deviceSessionsCreate:
            return write(.post, "\(api)/device_sessions", success: [201], credentials: .none)
        case .deviceSessionsList:
            return read("\(api)/device_sessions", conditional: false, cache: noStore)
        case .deviceSessionsRevoke:
            return write(.delete, "\(api)/device_sessions/{device_session_id}", body: .none, answer: .none,
                         ifMatch: .required, success: [204])
        case .devicePairingsCreate:
            return write(.post, "\(api)/device_pairings", body: .none, success: [201], credentials: .browserSession)
        case .workspacesList:
            return read("\(api)/workspaces")
        case .workspacesProperties:
            return read("\(api)/workspaces/{workspace_id}/properties", query: ["cursor"])
        case .todayGet:
            return read("\(property)/today")
        case .search:
            return read("\(property)/search", query: ["q"])
        case .reservationsGet:
            return read(reservation)
        case .guestsGet:
            return read("\(api)/workspaces/{workspace_id}/guests/{guest_id}")
        case .foliosBalance:
            return read("\(reservation)/folio")
        case .staysCheckoutQuote:
            return read("\(stay)/checkout_quote")
        case .unitsAvailable:
            return read("\(property)/units/available", query: ["room_type_id", "from", "to"], conditional: false, cache: noStore)
        case .staysAssign:
            return write(.put, "\(stay)/assignment", ifMatch: .required, idempotency: .optional)
        case .staysUnassign:
            return write(.delete, "\(stay)/assignment", body: .none, ifMatch: .required, idempotency: .optional)
        case .staysCheckIn:
            return write(.post, "\(stay)/check_in", ifMatch: .required, idempotency: .optional)
        case .staysCheckOut:
            return write(.post, "\(stay)/check_out", ifMatch: .required, idempotency: .optional)
        case .staysUndoCheckIn:
            return write(.post, "\(stay)/undo_check_in", body: .none, ifMatch: .required, idempotency: .optional)
        case .staysUndoCheckOut:
            return write(.post, "\(stay)/undo_check_out", body: .none, ifMatch: .required, idempotency: .optional)
        case .unitsList:
            return read("\(property)/units")
        case .unitsGet:
            return read("\(property)/units/{unit_id}")
        case .unitsHousekeeping:
            return write(.put, "\(property)/units/{unit_id}/housekeeping", idempotency: .optional)
        case .tasksList:
            return read("\(property)/tasks", query: ["assignee"])
        case .tasksGet:
            return read("\(property)/tasks/{task_id}")
        case .tasksStatus:
            return write(.put, "\(property)/tasks/{task_id}/status", ifMatch: .required, idempotency: .optional)
        case .tasksNote:
            return write(.put, "\(property)/tasks/{task_id}/note", ifMatch: .required, idempotency: .optional)
        case .maintenanceTicketsPut:
            return write(.put, "\(property)/maintenance_tickets/{ticket_id}", success: [200, 201])
        case .maintenancePhotosPut:
            return write(.put, "\(property)/maintenance_tickets/{ticket_id}/photos/{photo_id}", body: .jpeg,
                         success: [200, 201])
        case .demoPairings:
            return write(.post, "/demo/pairings", success: [201], credentials: .demoAdminKey)
        case .demoUnitHousekeeping:
            return write(.post, "/demo/units/{number}/housekeeping", credentials: .demoAdminKey, query: ["property_id"])
        case .demoNightAudit:
            return write(.post, "/demo/night_audit", body: .none, credentials: .demoAdminKey)
        case .demoFaults:
            return write(.post, "/demo/faults", success: [201], credentials: .demoAdminKey)
        case .demoStats:
            return read("/demo/stats", conditional: false, cache: noStore, credentials: .demoAdminKey)
        case .demoMaintenancePhotos:
            return read("/demo/maintenance_photos/{photo_id}", conditional: false, cache: noStore,
                        credentials: .demoAdminKey, answer: .bytes)
        }
    }

    /// Every row of the route table.
    public static let routeTable: [OperationDescriptor] = OperationID.allCases.map(\.descriptor)
}
