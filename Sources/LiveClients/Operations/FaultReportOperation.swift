import AppCore
import Catalog
import GuestCraftAPI
import InstanceClient
import Outbox

/// A fault report as the outbox keeps it: the ticket id made on the device when it was saved,
/// the request as it goes on the wire (with its block, if any), and the room's number.
public struct FaultReport: Codable, Sendable, Equatable {
    public var property: PropertyID
    /// `mtk_…`, made on the device: every attempt sends the same one, so a resend is never a second ticket.
    public var ticket: MaintenanceTicketID
    public var request: MaintenanceTicketRequest
    /// The room number, for people (Account's sentence).
    public var number: String
    /// The status the room takes as soon as the instance applies the block (`out_of_order`,
    /// `out_of_service`), when the block covers the business date it was made on; the room shows it waiting.
    public var roomStatus: HousekeepingStatus?

    public init(property: PropertyID, ticket: MaintenanceTicketID, request: MaintenanceTicketRequest, number: String,
                roomStatus: HousekeepingStatus? = nil) {
        self.property = property
        self.ticket = ticket
        self.request = request
        self.number = number
        self.roomStatus = roomStatus
    }

    enum CodingKeys: String, CodingKey {
        case property, ticket, request, number
        case roomStatus = "room_status"
    }
}

/// `maintenance_tickets.put` through the outbox: the ticket under the id made on the device (a
/// resend with the same id and body is answered the first answer). Subject `ticket:<id>`; its
/// photos (`FaultPhotoOperation`) depend on it. Its entries mark the room: a fault report
/// waiting or held (`WorkMarks.faults`), and the block's status waiting while it is not sent.
public struct FaultReportOperation: WorkOperation {
    /// The stable name saved with each entry.
    public static let name = "maintenance_tickets.put"

    public init() {}

    public var name: String { Self.name }

    public func subject(_ payload: FaultReport) -> String { Self.subject(payload.ticket) }

    /// The subject of a report and the one its photos depend on (`ticket:<id>`).
    public static func subject(_ ticket: MaintenanceTicketID) -> String { "ticket:" + ticket.rawValue }

    public func send(_ client: InstanceClient, _ payload: FaultReport,
                     _ context: OutboxSendContext) async throws -> MaintenanceTicket {
        try await client.putMaintenanceTicket(property: payload.property, id: payload.ticket, payload.request,
                                              cancellation: context.httpCancellation())
    }

    public func sentence(_ payload: FaultReport) -> String {
        let unit = InertText.sanitize(payload.number)
        guard let block = payload.request.block else { return L("outbox.maintenance_tickets.put", ["unit": unit]) }
        let (from, to) = (block.from.description, block.to.description)
        switch block.kind {
        case .outOfOrder: return L("outbox.maintenance_tickets.put.out_of_order", ["unit": unit, "from": from, "to": to])
        case .outOfService: return L("outbox.maintenance_tickets.put.out_of_service", ["unit": unit, "from": from, "to": to])
        case .unknown: return L("outbox.maintenance_tickets.put", ["unit": unit])
        }
    }

    public func mark(_ payload: FaultReport, entry: OutboxEntry, into marks: inout WorkMarks) {
        let unit = payload.request.unitID
        if entry.hold != nil {
            marks.faults.held.insert(unit)
            marks.rooms.held.insert(unit)
        } else {
            marks.faults.waiting.insert(unit)
            if let status = payload.roomStatus { marks.rooms.queued[unit] = status }
        }
    }
}
