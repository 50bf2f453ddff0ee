import Foundation

/// One constructor per operation of docs/api.md, typed by body and answer.
public enum Endpoints {
    static func build<B, A>(_ operation: OperationID, _ parameters: [String: String] = [:],
                            query: [QueryItem] = []) -> Endpoint<B, A> {
        // Parameters come from typed identifiers or numbers; an empty one still yields a path the server refuses.
        let path = operation.descriptor.path(filling: parameters.mapValues { $0.isEmpty ? "_" : $0 }) ?? operation.descriptor.pathTemplate
        return Endpoint(operation: operation, path: path, queryItems: query)
    }

    // MARK: Instance and sign-in

    public static func instanceDiscovery() -> Endpoint<NoBody, InstanceDescription> { build(.instanceDiscovery) }
    public static func instanceGet() -> Endpoint<NoBody, InstanceDescription> { build(.instanceGet) }

    /// The browser sign-in URL's path and query (PKCE S256; the person opens it in a browser).
    public static func mobileAuthorize(redirectURI: String, codeChallenge: String, state: String,
                                       deviceName: String) -> Endpoint<NoBody, NoBody> {
        build(.mobileAuthorize, query: [
            QueryItem(name: "response_type", value: "code"),
            QueryItem(name: "redirect_uri", value: redirectURI),
            QueryItem(name: "code_challenge", value: codeChallenge),
            QueryItem(name: "code_challenge_method", value: "S256"),
            QueryItem(name: "state", value: state),
            QueryItem(name: "device_name", value: deviceName),
        ])
    }

    public static func deviceSessionsCreate() -> Endpoint<DeviceSessionGrant, DeviceSessionCreated> { build(.deviceSessionsCreate) }
    public static func deviceSessionsList() -> Endpoint<NoBody, DeviceSessionList> { build(.deviceSessionsList) }
    public static func deviceSessionsRevoke(id: DeviceSessionID) -> Endpoint<NoBody, NoBody> {
        build(.deviceSessionsRevoke, ["device_session_id": id.rawValue])
    }
    public static func devicePairingsCreate() -> Endpoint<NoBody, DevicePairingIssued> { build(.devicePairingsCreate) }

    // MARK: Workspaces

    public static func workspacesList() -> Endpoint<NoBody, WorkspaceList> { build(.workspacesList) }
    public static func workspacesProperties(workspaceID: WorkspaceID, cursor: String?) -> Endpoint<NoBody, PropertyPage> {
        build(.workspacesProperties, ["workspace_id": workspaceID.rawValue],
              query: cursor.map { [QueryItem(name: "cursor", value: $0)] } ?? [])
    }

    // MARK: Front desk

    public static func todayGet(propertyID: PropertyID) -> Endpoint<NoBody, TodayOverview> {
        build(.todayGet, ["property_id": propertyID.rawValue])
    }
    public static func search(propertyID: PropertyID, query: String) -> Endpoint<NoBody, SearchResults> {
        build(.search, ["property_id": propertyID.rawValue], query: [QueryItem(name: "q", value: query)])
    }
    public static func reservationsGet(propertyID: PropertyID, reservationID: ReservationID) -> Endpoint<NoBody, Reservation> {
        build(.reservationsGet, ["property_id": propertyID.rawValue, "reservation_id": reservationID.rawValue])
    }
    public static func guestsGet(workspaceID: WorkspaceID, guestID: GuestID) -> Endpoint<NoBody, GuestDetail> {
        build(.guestsGet, ["workspace_id": workspaceID.rawValue, "guest_id": guestID.rawValue])
    }
    public static func foliosBalance(propertyID: PropertyID, reservationID: ReservationID) -> Endpoint<NoBody, FolioBalance> {
        build(.foliosBalance, ["property_id": propertyID.rawValue, "reservation_id": reservationID.rawValue])
    }
    public static func staysCheckoutQuote(propertyID: PropertyID, reservationID: ReservationID,
                                          stayID: StayID) -> Endpoint<NoBody, CheckoutQuote> {
        build(.staysCheckoutQuote, stayParameters(propertyID, reservationID, stayID))
    }
    public static func unitsAvailable(propertyID: PropertyID, roomTypeID: RoomTypeID, from: BusinessDate,
                                      to: BusinessDate) -> Endpoint<NoBody, AvailableUnits> {
        build(.unitsAvailable, ["property_id": propertyID.rawValue], query: [
            QueryItem(name: "room_type_id", value: roomTypeID.rawValue),
            QueryItem(name: "from", value: from.description),
            QueryItem(name: "to", value: to.description),
        ])
    }
    public static func staysAssign(propertyID: PropertyID, reservationID: ReservationID,
                                   stayID: StayID) -> Endpoint<StayAssignment, Reservation> {
        build(.staysAssign, stayParameters(propertyID, reservationID, stayID))
    }
    public static func staysUnassign(propertyID: PropertyID, reservationID: ReservationID,
                                     stayID: StayID) -> Endpoint<NoBody, Reservation> {
        build(.staysUnassign, stayParameters(propertyID, reservationID, stayID))
    }
    public static func staysCheckIn(propertyID: PropertyID, reservationID: ReservationID,
                                    stayID: StayID) -> Endpoint<CheckInRequest, Reservation> {
        build(.staysCheckIn, stayParameters(propertyID, reservationID, stayID))
    }
    public static func staysCheckOut(propertyID: PropertyID, reservationID: ReservationID,
                                     stayID: StayID) -> Endpoint<CheckOutRequest, Reservation> {
        build(.staysCheckOut, stayParameters(propertyID, reservationID, stayID))
    }
    public static func staysUndoCheckIn(propertyID: PropertyID, reservationID: ReservationID,
                                        stayID: StayID) -> Endpoint<NoBody, Reservation> {
        build(.staysUndoCheckIn, stayParameters(propertyID, reservationID, stayID))
    }
    public static func staysUndoCheckOut(propertyID: PropertyID, reservationID: ReservationID,
                                         stayID: StayID) -> Endpoint<NoBody, Reservation> {
        build(.staysUndoCheckOut, stayParameters(propertyID, reservationID, stayID))
    }

    // MARK: Housekeeping

    public static func unitsList(propertyID: PropertyID) -> Endpoint<NoBody, UnitList> {
        build(.unitsList, ["property_id": propertyID.rawValue])
    }
    public static func unitsGet(propertyID: PropertyID, unitID: UnitID) -> Endpoint<NoBody, UnitDetail> {
        build(.unitsGet, ["property_id": propertyID.rawValue, "unit_id": unitID.rawValue])
    }
    public static func unitsHousekeeping(propertyID: PropertyID, unitID: UnitID) -> Endpoint<HousekeepingChange, RoomUnit> {
        build(.unitsHousekeeping, ["property_id": propertyID.rawValue, "unit_id": unitID.rawValue])
    }
    /// The business date's tasks: the caller's own (`assignee=me`) or, with `assignedToMe: false`, everyone's.
    public static func tasksList(propertyID: PropertyID, assignedToMe: Bool = true) -> Endpoint<NoBody, TaskList> {
        build(.tasksList, ["property_id": propertyID.rawValue],
              query: assignedToMe ? [QueryItem(name: "assignee", value: "me")] : [])
    }
    public static func tasksGet(propertyID: PropertyID, taskID: TaskID) -> Endpoint<NoBody, HousekeepingTask> {
        build(.tasksGet, ["property_id": propertyID.rawValue, "task_id": taskID.rawValue])
    }
    public static func tasksStatus(propertyID: PropertyID, taskID: TaskID) -> Endpoint<TaskStatusChange, HousekeepingTask> {
        build(.tasksStatus, ["property_id": propertyID.rawValue, "task_id": taskID.rawValue])
    }
    public static func tasksNote(propertyID: PropertyID, taskID: TaskID) -> Endpoint<TaskNoteChange, HousekeepingTask> {
        build(.tasksNote, ["property_id": propertyID.rawValue, "task_id": taskID.rawValue])
    }

    // MARK: Maintenance

    public static func maintenanceTicketsPut(propertyID: PropertyID,
                                             ticketID: MaintenanceTicketID) -> Endpoint<MaintenanceTicketRequest, MaintenanceTicket> {
        build(.maintenanceTicketsPut, ["property_id": propertyID.rawValue, "ticket_id": ticketID.rawValue])
    }
    public static func maintenancePhotosPut(propertyID: PropertyID, ticketID: MaintenanceTicketID,
                                            photoID: MaintenancePhotoID) -> Endpoint<JPEGBody, MaintenancePhoto> {
        build(.maintenancePhotosPut, ["property_id": propertyID.rawValue, "ticket_id": ticketID.rawValue,
                                      "photo_id": photoID.rawValue])
    }

    // MARK: Demo admin

    public static func demoPairings() -> Endpoint<DemoPairingRequest, DemoPairingCreated> { build(.demoPairings) }
    /// A desk change of unit `number` at `propertyID` (the first property when nil).
    public static func demoUnitHousekeeping(number: String, propertyID: PropertyID? = nil) -> Endpoint<DemoHousekeepingRequest, RoomUnit> {
        build(.demoUnitHousekeeping, ["number": number],
              query: propertyID.map { [QueryItem(name: "property_id", value: $0.rawValue)] } ?? [])
    }
    public static func demoNightAudit() -> Endpoint<NoBody, DemoNightAuditResult> { build(.demoNightAudit) }
    public static func demoFaults() -> Endpoint<DemoFaultRequest, DemoFault> { build(.demoFaults) }
    public static func demoStats() -> Endpoint<NoBody, DemoStats> { build(.demoStats) }
    /// A photo's bytes exactly as the demo stored them.
    public static func demoMaintenancePhotos(photoID: MaintenancePhotoID) -> Endpoint<NoBody, DemoStoredPhoto> {
        build(.demoMaintenancePhotos, ["photo_id": photoID.rawValue])
    }

    static func stayParameters(_ propertyID: PropertyID, _ reservationID: ReservationID, _ stayID: StayID) -> [String: String] {
        ["property_id": propertyID.rawValue, "reservation_id": reservationID.rawValue, "stay_id": stayID.rawValue]
    }
}
