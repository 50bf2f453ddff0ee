import Foundation
import FuzzChecks
import Testing
@testable import GuestCraftAPI

/// How a fixture of one operation is decoded: by the body and answer types of its `Endpoint`.
struct FixtureCodec: Sendable {
    let request: (@Sendable (Data) throws -> Void)?
    let response: (@Sendable (Data) throws -> Void)?
    let unknownMembersKeepValue: (@Sendable (String, Data) throws -> Void)

    static func roundTrip<T: Codable & Equatable & Sendable>(_ type: T.Type) -> @Sendable (Data) throws -> Void {
        { data in
            let decoded = try APIJSON.decode(T.self, from: data)
            let encoded = try APIJSON.encode(decoded)
            // Our encoder writes exactly the example (as a JSON value): members, nulls, formats.
            #expect(try JSONValue.parse(encoded) == JSONValue.parse(data), "re-encoded \(T.self) differs from its example")
            #expect(try APIJSON.decode(T.self, from: encoded) == decoded)
        }
    }

    static func tolerant<T: Codable & Equatable & Sendable>(_ type: T.Type) -> @Sendable (Data) throws -> Void {
        { data in
            let plain = try APIJSON.decode(T.self, from: data)
            let extended = try JSONValue.parse(data).withUnknownMembers()
            #expect(try APIJSON.decode(T.self, from: extended.data) == plain)
        }
    }

    init<B, A: Codable & Equatable & Sendable>(_ endpoint: Endpoint<B, A>) where B: Codable & Equatable & Sendable {
        let hasRequest = B.self != NoBody.self
        request = hasRequest ? FixtureCodec.roundTrip(B.self) : nil
        response = A.self == NoBody.self ? nil : FixtureCodec.roundTrip(A.self)
        let requestTolerant = FixtureCodec.tolerant(B.self)
        let responseTolerant = FixtureCodec.tolerant(A.self)
        unknownMembersKeepValue = { kind, data in
            if kind == "request" { try requestTolerant(data) } else { try responseTolerant(data) }
        }
    }

    /// The demo's stored photo: no JSON either way (its problems are checked as problems).
    init(_ endpoint: Endpoint<NoBody, DemoStoredPhoto>) {
        request = nil
        response = nil
        unknownMembersKeepValue = { _, _ in }
    }

    /// Photo uploads: the request is JPEG bytes, never a JSON fixture.
    init<A: Codable & Equatable & Sendable>(_ endpoint: Endpoint<JPEGBody, A>) {
        request = nil
        response = FixtureCodec.roundTrip(A.self)
        let responseTolerant = FixtureCodec.tolerant(A.self)
        unknownMembersKeepValue = { _, data in try responseTolerant(data) }
    }
}

enum Fixtures {
    static let p: PropertyID = "prp_x"
    static let r: ReservationID = "rsv_x"
    static let s: StayID = "sty_x"

    /// One codec per operation, built from the operation's constructor in `Endpoints`.
    static let codecs: [OperationID: FixtureCodec] = [
        .instanceDiscovery: FixtureCodec(Endpoints.instanceDiscovery()),
        .instanceGet: FixtureCodec(Endpoints.instanceGet()),
        .deviceSessionsCreate: FixtureCodec(Endpoints.deviceSessionsCreate()),
        .deviceSessionsList: FixtureCodec(Endpoints.deviceSessionsList()),
        .deviceSessionsRevoke: FixtureCodec(Endpoints.deviceSessionsRevoke(id: "dvs_x")),
        .devicePairingsCreate: FixtureCodec(Endpoints.devicePairingsCreate()),
        .workspacesList: FixtureCodec(Endpoints.workspacesList()),
        .workspacesProperties: FixtureCodec(Endpoints.workspacesProperties(workspaceID: "wsp_x", cursor: nil)),
        .todayGet: FixtureCodec(Endpoints.todayGet(propertyID: p)),
        .search: FixtureCodec(Endpoints.search(propertyID: p, query: "ha")),
        .reservationsGet: FixtureCodec(Endpoints.reservationsGet(propertyID: p, reservationID: r)),
        .guestsGet: FixtureCodec(Endpoints.guestsGet(workspaceID: "wsp_x", guestID: "gst_x")),
        .foliosBalance: FixtureCodec(Endpoints.foliosBalance(propertyID: p, reservationID: r)),
        .staysCheckoutQuote: FixtureCodec(Endpoints.staysCheckoutQuote(propertyID: p, reservationID: r, stayID: s)),
        .unitsAvailable: FixtureCodec(Endpoints.unitsAvailable(propertyID: p, roomTypeID: "rmt_x",
                                                               from: BusinessDate("2026-11-02")!, to: BusinessDate("2026-11-03")!)),
        .staysAssign: FixtureCodec(Endpoints.staysAssign(propertyID: p, reservationID: r, stayID: s)),
        .staysUnassign: FixtureCodec(Endpoints.staysUnassign(propertyID: p, reservationID: r, stayID: s)),
        .staysCheckIn: FixtureCodec(Endpoints.staysCheckIn(propertyID: p, reservationID: r, stayID: s)),
        .staysCheckOut: FixtureCodec(Endpoints.staysCheckOut(propertyID: p, reservationID: r, stayID: s)),
        .staysUndoCheckIn: FixtureCodec(Endpoints.staysUndoCheckIn(propertyID: p, reservationID: r, stayID: s)),
        .staysUndoCheckOut: FixtureCodec(Endpoints.staysUndoCheckOut(propertyID: p, reservationID: r, stayID: s)),
        .unitsList: FixtureCodec(Endpoints.unitsList(propertyID: p)),
        .unitsGet: FixtureCodec(Endpoints.unitsGet(propertyID: p, unitID: "unt_x")),
        .unitsHousekeeping: FixtureCodec(Endpoints.unitsHousekeeping(propertyID: p, unitID: "unt_x")),
        .tasksList: FixtureCodec(Endpoints.tasksList(propertyID: p)),
        .tasksGet: FixtureCodec(Endpoints.tasksGet(propertyID: p, taskID: "tsk_x")),
        .tasksStatus: FixtureCodec(Endpoints.tasksStatus(propertyID: p, taskID: "tsk_x")),
        .tasksNote: FixtureCodec(Endpoints.tasksNote(propertyID: p, taskID: "tsk_x")),
        .maintenanceTicketsPut: FixtureCodec(Endpoints.maintenanceTicketsPut(propertyID: p, ticketID: "mtk_x")),
        .maintenancePhotosPut: FixtureCodec(Endpoints.maintenancePhotosPut(propertyID: p, ticketID: "mtk_x", photoID: "mph_x")),
        .demoPairings: FixtureCodec(Endpoints.demoPairings()),
        .demoUnitHousekeeping: FixtureCodec(Endpoints.demoUnitHousekeeping(number: "101")),
        .demoNightAudit: FixtureCodec(Endpoints.demoNightAudit()),
        .demoFaults: FixtureCodec(Endpoints.demoFaults()),
        .demoStats: FixtureCodec(Endpoints.demoStats()),
        .demoMaintenancePhotos: FixtureCodec(Endpoints.demoMaintenancePhotos(photoID: "mph_x")),
    ]

    /// Splits `units.housekeeping.problem.status_conflict.json` into the operation and the kind of document.
    static func parse(_ name: String) -> (operation: OperationID, kind: String)? {
        guard name.hasSuffix(".json") else { return nil }
        let stem = String(name.dropLast(".json".count))
        for kind in ["request", "response", "problem"] {
            for operation in OperationID.allCases {
                let prefix = "\(operation.rawValue).\(kind)"
                if stem == prefix || stem.hasPrefix(prefix + ".") { return (operation, kind) }
            }
        }
        return nil
    }
}

@Suite("Examples in docs/api.md are the fixtures in docs/examples")
struct ExampleFixtureTests {
    @Test("every marker is followed by a json block equal to its file")
    func markersMatchFiles() throws {
        let markers = try RepositoryFiles.markers()
        #expect(markers.count >= 60)
        for marker in markers {
            let block = try #require(marker.block, "api.md line \(marker.line): no ```json block after the marker of \(marker.name)")
            let file = try #require(String(data: try RepositoryFiles.example(marker.name), encoding: .utf8),
                                    "\(marker.name) is not UTF-8")
            #expect(block == file.trimmingCharacters(in: .newlines),
                    "api.md line \(marker.line): the block differs from docs/examples/\(marker.name)")
        }
    }

    @Test("every example file is referenced by a marker")
    func everyFileReferenced() throws {
        let referenced = Set(try RepositoryFiles.markers().map(\.name))
        let files = try RepositoryFiles.exampleNames()
        #expect(!files.isEmpty)
        for file in files {
            #expect(referenced.contains(file), "docs/examples/\(file) is not shown in api.md")
        }
    }

    @Test("every example is named for an operation and a kind of document")
    func namesMapToOperations() throws {
        for file in try RepositoryFiles.exampleNames() {
            #expect(Fixtures.parse(file) != nil, "\(file) does not start with <operation id>.<request|response|problem>")
        }
    }

    @Test("every example decodes with the type of its operation and re-encodes to the same document")
    func decodeEveryFixture() throws {
        for file in try RepositoryFiles.exampleNames() {
            do {
                try decodeFixture(file)
            } catch {
                Issue.record("docs/examples/\(file): \(error)")
            }
        }
    }

    func decodeFixture(_ file: String) throws {
        let (operation, kind) = try #require(Fixtures.parse(file))
        let data = try RepositoryFiles.example(file)
        let codec = try #require(Fixtures.codecs[operation], "no codec for \(operation)")
        switch kind {
        case "problem":
            try FixtureCodec.roundTrip(ProblemDocument.self)(data)
            let problem = try APIJSON.decode(ProblemDocument.self, from: data)
            #expect(problem.status == problem.code.status, "\(file): status \(problem.status) is not the status of \(problem.code)")
            #expect(problem.type == ProblemDocument.typeURI(for: problem.code), "\(file): type")
            #expect(problem.title == ProblemCode.catalog[problem.code]?.title, "\(file): title")
        case "request":
            let decode = try #require(codec.request, "\(file): \(operation) takes no JSON request body")
            try decode(data)
        default:
            let decode = try #require(codec.response, "\(file): \(operation) answers no JSON body")
            try decode(data)
        }
    }

    @Test("every example still decodes to the same value with unknown members in every object")
    func unknownMembersIgnored() throws {
        for file in try RepositoryFiles.exampleNames() {
            let (operation, kind) = try #require(Fixtures.parse(file))
            let data = try RepositoryFiles.example(file)
            if kind == "problem" {
                try FixtureCodec.tolerant(ProblemDocument.self)(data)
            } else {
                try #require(Fixtures.codecs[operation]).unknownMembersKeepValue(kind, data)
            }
        }
    }

    @Test("every operation that answers JSON has a response example, every JSON body a request example")
    func everyOperationIllustrated() throws {
        let files = try RepositoryFiles.exampleNames().compactMap(Fixtures.parse)
        for (operation, codec) in Fixtures.codecs {
            if codec.response != nil {
                #expect(files.contains { $0.operation == operation && $0.kind == "response" }, "\(operation) has no response example")
            }
            if codec.request != nil {
                #expect(files.contains { $0.operation == operation && $0.kind == "request" }, "\(operation) has no request example")
            }
        }
        let browserPages: Set<OperationID> = [.mobileAuthorize, .mobileAuthorizeSubmit, .mobilePair]
        for operation in OperationID.allCases where !browserPages.contains(operation) {
            #expect(Fixtures.codecs[operation] != nil, "\(operation) has no codec in the fixture table")
        }
    }

    @Test("identifiers in the examples carry their kind's prefix")
    func examplePrefixes() throws {
        let reservation = try APIJSON.decode(Reservation.self, from: RepositoryFiles.example("reservations.get.response.json"))
        #expect(reservation.id.hasExpectedPrefix)
        #expect(reservation.propertyID.hasExpectedPrefix)
        #expect(reservation.guest.id.hasExpectedPrefix)
        for stay in reservation.rooms {
            #expect(stay.id.hasExpectedPrefix)
            #expect(stay.roomType.id.hasExpectedPrefix)
            #expect(stay.unit?.id.hasExpectedPrefix ?? true)
        }
        let units = try APIJSON.decode(UnitList.self, from: RepositoryFiles.example("units.list.response.json"))
        #expect(units.units.allSatisfy { $0.id.hasExpectedPrefix })
        let tasks = try APIJSON.decode(TaskList.self, from: RepositoryFiles.example("tasks.list.response.json"))
        for task in tasks.tasks {
            #expect(task.id.hasExpectedPrefix)
            #expect(task.unit.id.hasExpectedPrefix)
            #expect(task.assignee?.id.hasExpectedPrefix ?? true)
        }
        let created = try APIJSON.decode(DeviceSessionCreated.self, from: RepositoryFiles.example("device_sessions.create.response.json"))
        #expect(CredentialPrefix.isDeviceToken(created.token))
        #expect(created.deviceSession.id.hasExpectedPrefix && created.user.id.hasExpectedPrefix)
        let grant = try APIJSON.decode(DeviceSessionGrant.self, from: RepositoryFiles.example("device_sessions.create.request.pairing.json"))
        guard case .pairing(let pairing) = grant else { Issue.record("the pairing example decoded as \(grant)"); return }
        #expect(CredentialPrefix.isPairingCode(pairing.pairingCode))
        let issued = try APIJSON.decode(DevicePairingIssued.self, from: RepositoryFiles.example("device_pairings.create.response.json"))
        #expect(PairingLink(issued.pairingURL)?.pairingCode == issued.pairingCode)
    }

    @Test("the examples tell one consistent story of seed 1")
    func seedConsistency() throws {
        let units = try APIJSON.decode(UnitList.self, from: RepositoryFiles.example("units.list.response.json"))
        let byID = Dictionary(uniqueKeysWithValues: units.units.map { ($0.id, $0) })
        let today = try APIJSON.decode(TodayOverview.self, from: RepositoryFiles.example("today.get.response.json"))
        #expect(today.businessDate == units.businessDate)
        for stay in today.arrivals + today.departures + today.inHouse {
            if let unit = stay.unit { #expect(byID[unit.id]?.number == unit.number, "\(stay.stayID) names \(unit.number)") }
        }
        let tasks = try APIJSON.decode(TaskList.self, from: RepositoryFiles.example("tasks.list.response.json"))
        for task in tasks.tasks {
            #expect(byID[task.unit.id]?.number == task.unit.number)
            #expect(task.dueDate == units.businessDate)
        }
        // Arriving first, then by unit number.
        let order = tasks.tasks.map { "\($0.guestArriving ? 0 : 1) \($0.unit.number)" }
        #expect(order == order.sorted())
        let change = try APIJSON.decode(HousekeepingChange.self, from: RepositoryFiles.example("units.housekeeping.request.json"))
        let changed = try APIJSON.decode(RoomUnit.self, from: RepositoryFiles.example("units.housekeeping.response.json"))
        let before = try #require(byID[changed.id])
        #expect(change.expectedHousekeepingVersion == before.housekeepingVersion)
        #expect(changed.housekeepingVersion == before.housekeepingVersion + 1 && changed.housekeepingStatus == change.status)
        #expect(changed.housekeepingUpdatedAt > before.housekeepingUpdatedAt)
        let folio = try APIJSON.decode(FolioBalance.self, from: RepositoryFiles.example("folios.balance.response.json"))
        let charged: Int = folio.charges.map(\.amountMinor).reduce(0, +)
        let paid: Int = folio.payments.map(\.amountMinor).reduce(0, +)
        #expect(folio.balanceMinor == charged - paid)
        let quote = try APIJSON.decode(CheckoutQuote.self, from: RepositoryFiles.example("stays.checkout_quote.response.json"))
        #expect(quote.reservationID == folio.reservationID && quote.remainingBalanceMinor == folio.balanceMinor && quote.needsApproval)
        let reservation = try APIJSON.decode(Reservation.self, from: RepositoryFiles.example("reservations.get.response.json"))
        #expect(reservation.nights == reservation.arrival.days(until: reservation.departure))
        let checkedIn = try APIJSON.decode(Reservation.self, from: RepositoryFiles.example("stays.check_in.response.json"))
        #expect(checkedIn.id == reservation.id && checkedIn.version == reservation.version + 1)
        let undone = try APIJSON.decode(Reservation.self, from: RepositoryFiles.example("stays.undo_check_in.response.json"))
        #expect(undone.version == checkedIn.version + 1 && undone.rooms == reservation.rooms)
    }
}
