import DemoInstance
import Foundation
import GuestCraftAPI
@testable import InstanceClient
import Testing

/// Every device-token operation of docs/api.md as a typed call against the demo's seed 1.
@Suite struct OperationsTests {
    let harbour = PropertyID("prp_harbour")
    let today = BusinessDate("2026-11-02")!

    @Test func workspacesAndProperties() async throws {
        let demo = try Demo(DemoConfiguration(rooms: 8, extraProperties: 120))
        let client = try await signIn(demo, as: "manager").client
        let list = try #require(try await client.workspaces().value)
        let workspace = try #require(list.workspaces.first)
        #expect(workspace.id == "wsp_demo")
        #expect(workspace.properties.count == 100)
        let cursor = try #require(workspace.nextPropertiesCursor)
        let next = try #require(try await client.properties(workspace: workspace.id, cursor: cursor).value)
        #expect(next.properties.count == 22)
        #expect(next.nextCursor == nil)
        let first = try #require(try await client.properties(workspace: workspace.id).value)
        #expect(first.properties == workspace.properties)
        #expect(await failure { try await client.properties(workspace: "wsp_other") }?.problemCode == .workspaceNotFound)
        #expect(await failure { try await client.properties(workspace: workspace.id, cursor: "nonsense") }?.problemCode
                == .requestMalformed)
    }

    @Test func frontDeskReadsAndActions() async throws {
        let demo = try Demo()
        let client = try await signIn(demo, as: "manager").client
        let overview = try #require(try await client.today(property: harbour).value)
        #expect(overview.businessDate == today)
        #expect(overview.arrivals.map(\.reservation.code).contains("HV-1001"))
        let found = try #require(try await client.search(property: harbour, query: "hart").value)
        #expect(found.reservations?.map(\.id) == ["rsv_0001"])
        #expect(found.guests?.map(\.id) == ["gst_0001"])
        let tooShort = await failure { try await client.search(property: harbour, query: "h") }
        #expect(tooShort?.status == 400 && tooShort?.problemCode == "search.query_too_short")
        let guest = try #require(try await client.guest(workspace: "wsp_demo", id: "gst_0001").value)
        #expect(guest.guest.name == "Amelia Hart")
        #expect(await failure { try await client.reservation(property: harbour, id: "rsv_9999") }?.problemCode
                == .reservationNotFound)

        // Assign a free twin to HV-1004 for its night, then take it away again.
        let stay4 = StayReference(property: harbour, reservation: "rsv_0004", stay: "sty_0004")
        let reservation4 = try #require(try await client.reservation(property: harbour, id: "rsv_0004").value)
        let free = try await client.availableUnits(property: harbour, roomType: "rmt_twn", from: today, to: today.adding(days: 1))
        #expect(free.units.map(\.id).contains("unt_h203"))
        let assigned = try await client.assign(stay4, StayAssignment(unitID: "unt_h203"), version: reservation4.etag)
        #expect(assigned.rooms.first?.unit?.id == "unt_h203")
        #expect(assigned.version > reservation4.version)
        let stale = await failure { try await client.unassign(stay4, version: reservation4.etag) }
        #expect(stale?.status == 412 && stale?.problemCode == "reservation.version_mismatch")
        let unassigned = try await client.unassign(stay4, version: assigned.etag)
        #expect(unassigned.rooms.first?.unit == nil)

        // Check in HV-1005's room 103 (inspected), with a key: a repeat answers the first answer.
        let stay5 = StayReference(property: harbour, reservation: "rsv_0005", stay: "sty_0005")
        let reservation5 = try #require(try await client.reservation(property: harbour, id: "rsv_0005").value)
        let checkedIn = try await client.checkIn(stay5, CheckInRequest(), version: reservation5.etag, idempotencyKey: "in-5")
        let repeated = try await client.checkIn(stay5, CheckInRequest(), version: reservation5.etag, idempotencyKey: "in-5")
        #expect(repeated == checkedIn)
        #expect(checkedIn.rooms.first { $0.id == "sty_0005" }?.checkedInAt != nil)
        let undone = try await client.undoCheckIn(stay5, version: checkedIn.etag)
        #expect(undone.rooms.first { $0.id == "sty_0005" }?.checkedInAt == nil)

        // Check out HV-1002 with money owed, as a manager with a reason, then undo it.
        let stay2 = StayReference(property: harbour, reservation: "rsv_0002", stay: "sty_0002")
        let balance = try #require(try await client.folioBalance(property: harbour, reservation: "rsv_0002").value)
        #expect(balance.balanceMinor == 12150)
        let quote = try #require(try await client.checkoutQuote(stay2).value)
        #expect(quote.remainingBalanceMinor == 12150 && quote.lastRoom)
        let reservation2 = try #require(try await client.reservation(property: harbour, id: "rsv_0002").value)
        let owed = await failure { try await client.checkOut(stay2, CheckOutRequest(), version: reservation2.etag) }
        #expect(owed?.problemCode == "folio.open_balance")
        let checkedOut = try await client.checkOut(stay2, CheckOutRequest(approvalReason: "Invoiced to the company"),
                                                   version: reservation2.etag)
        #expect(checkedOut.rooms.first?.checkedOutAt != nil)
        let back = try await client.undoCheckOut(stay2, version: checkedOut.etag)
        #expect(back.rooms.first?.checkedOutAt == nil)
        // Without If-Match's version, nothing changes.
        let wrong = await failure { try await client.checkOut(stay2, CheckOutRequest(approvalReason: "x"), version: ETag("1")) }
        #expect(wrong?.status == 412)
    }

    @Test func housekeepingTasksAndMaintenance() async throws {
        let demo = try Demo()
        let client = try await signIn(demo, as: "supervisor").client
        let units = try #require(try await client.units(property: harbour).value)
        let room = try #require(units.units.first { $0.number == "101" })
        let detail = try #require(try await client.unit(property: harbour, id: room.id).value)
        #expect(detail.unit == room)
        let next: HousekeepingStatus = room.housekeepingStatus == .clean ? .inspected : .clean
        let changed = try await client.setHousekeeping(
            property: harbour, unit: room.id,
            HousekeepingChange(status: next, expectedHousekeepingVersion: room.housekeepingVersion), idempotencyKey: "hk-1")
        #expect(changed.housekeepingStatus == next && changed.housekeepingVersion == room.housekeepingVersion + 1)
        let conflict = await failure {
            try await client.setHousekeeping(property: harbour, unit: room.id,
                                             HousekeepingChange(status: .dirty, expectedHousekeepingVersion: room.housekeepingVersion),
                                             idempotencyKey: "hk-2")
        }
        #expect(conflict?.status == 409 && conflict?.problemCode == "unit.status_conflict")
        #expect(await failure {
            try await client.setHousekeeping(property: harbour, unit: room.id,
                                             HousekeepingChange(status: .dirty, expectedHousekeepingVersion: changed.housekeepingVersion),
                                             idempotencyKey: "not a valid key")
        } == .noAnswer(.notSent("a malformed Idempotency-Key")))

        let tasks = try #require(try await client.tasks(property: harbour, assignedToMe: false).value)
        let open = try #require(tasks.tasks.first { $0.status == .open })
        let task = try #require(try await client.task(property: harbour, id: open.id).value)
        let started = try await client.setTaskStatus(property: harbour, task: task.id, TaskStatusChange(status: .inProgress),
                                                     version: task.etag, idempotencyKey: "task-1")
        #expect(started.status == .inProgress && started.version == task.version + 1)
        let noted = try await client.setTaskNote(property: harbour, task: task.id, TaskNoteChange(note: "Extra pillows"),
                                                 version: started.etag)
        #expect(noted.note == "Extra pillows")
        let overtaken = await failure {
            try await client.setTaskStatus(property: harbour, task: task.id, TaskStatusChange(status: .done), version: task.etag)
        }
        #expect(overtaken?.status == 412 && overtaken?.problemCode == "task.version_mismatch")

        let ticketID = MaintenanceTicketID("mtk_9c2f4e7a1b3d5e60")
        let request = MaintenanceTicketRequest(unitID: "unt_h201", taskID: nil, category: .plumbing,
                                               description: "Shower drains slowly", priority: .normal, block: nil)
        let ticket = try await client.putMaintenanceTicket(property: harbour, id: ticketID, request)
        #expect(ticket.id == ticketID && ticket.unit.number == "201")
        #expect(try await client.putMaintenanceTicket(property: harbour, id: ticketID, request) == ticket)
        var jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])
        jpeg.append(Data(repeating: 0x42, count: 2048))
        let photo = try await client.putMaintenancePhoto(property: harbour, ticket: ticketID,
                                                         id: "mph_4b8e1f0a9d2c7e35", JPEGBody(jpeg))
        #expect(photo.byteCount == jpeg.count && photo.ticketID == ticketID)
        let notJPEG = await failure {
            try await client.putMaintenancePhoto(property: harbour, ticket: ticketID, id: "mph_0000000000000001",
                                                 JPEGBody(Data("GIF89a".utf8)))
        }
        #expect(notJPEG?.problemCode == "photo.invalid")
    }

    @Test func permissionsAndScopeAreProblems() async throws {
        let demo = try Demo()
        let client = try await signIn(demo, as: "housekeeper").client
        let forbidden = await failure { try await client.today(property: harbour) }
        #expect(forbidden?.status == 403 && forbidden?.problemCode == .authForbidden)
        let scope = await failure { try await client.units(property: "prp_garden") }
        #expect(scope?.status == 403 && scope?.problemCode == .propertyOutOfScope)
        #expect(try await client.tasks(property: harbour).value?.tasks.allSatisfy { $0.assignee?.id == "usr_housekeeper" } == true)
    }
}
