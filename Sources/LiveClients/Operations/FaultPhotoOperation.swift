import AppCore
import Catalog
import Foundation
import GuestCraftAPI
import InstanceClient
import Outbox

/// A photo of a fault report as the outbox keeps it: its report's ticket id, its own id made on
/// the device, the re-encoded JPEG, its file name and pixel size (`photo.ticket` reads the header's).
///
/// Saved as the entry's BLOB itself (`OutboxBytesPayload`): the header as one line of JSON, a
/// newline, then the JPEG bytes as they are — no base64, so a 500 KB photo costs 500 KB on disk
/// and reading the entry decodes only the header.
@dynamicMemberLookup
public struct FaultPhoto: Codable, Sendable, Equatable, OutboxBytesPayload {
    /// Everything but the bytes.
    public struct Header: Codable, Sendable, Equatable {
        public var property: PropertyID
        public var ticket: MaintenanceTicketID
        /// `mph_…`, made on the device when the report was saved.
        public var photo: MaintenancePhotoID
        /// The room of the report (its marks) and its number, for people.
        public var unit: UnitID
        public var number: String
        /// The file name the person chose, for people.
        public var name: String
        public var width: Int
        public var height: Int

        public init(property: PropertyID, ticket: MaintenanceTicketID, photo: MaintenancePhotoID, unit: UnitID,
                    number: String, name: String, width: Int, height: Int) {
            self.property = property
            self.ticket = ticket
            self.photo = photo
            self.unit = unit
            self.number = number
            self.name = name
            self.width = width
            self.height = height
        }
    }

    public var header: Header
    public var jpeg: Data

    public init(_ header: Header, jpeg: Data) {
        self.header = header
        self.jpeg = jpeg
    }

    public subscript<Value>(dynamicMember path: KeyPath<Header, Value>) -> Value { header[keyPath: path] }

    /// Not a payload this version wrote.
    struct Unreadable: Error {}

    public func outboxBytes() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // JSONEncoder escapes every control character inside strings: the header holds no newline.
        var bytes = try encoder.encode(header)
        bytes.append(0x0A)
        bytes.append(jpeg)
        return bytes
    }

    public init(outboxBytes bytes: Data) throws {
        guard let newline = bytes.firstIndex(of: 0x0A) else { throw Unreadable() }
        self.init(try JSONDecoder().decode(Header.self, from: bytes[bytes.startIndex..<newline]),
                  jpeg: Data(bytes[(newline + 1)...]))
    }
}

/// `maintenance_photos.put` through the outbox: the JPEG under its ticket and the id made on the
/// device (a resend with the same bytes is answered the first answer). Subject
/// `ticket:<id>/photo:<id>`, which depends on its report's `ticket:<id>`: it is sent only after
/// the report was accepted (rounds go in order and stop at a report that waits for a connection;
/// a held report stops its photos), it goes with the report when that is discarded, and a refused
/// photo stops only itself. Its entries mark the report's room as a waiting or held fault report.
public struct FaultPhotoOperation: WorkOperation {
    /// The stable name saved with each entry.
    public static let name = "maintenance_photos.put"

    public init() {}

    public var name: String { Self.name }

    public func subject(_ payload: FaultPhoto) -> String {
        FaultReportOperation.subject(payload.ticket) + Self.separator + payload.photo.rawValue
    }

    static let separator = "/photo:"

    public func parentSubject(of subject: String) -> String? {
        subject.range(of: Self.separator).map { String(subject[..<$0.lowerBound]) }
    }

    public func send(_ client: InstanceClient, _ payload: FaultPhoto,
                     _ context: OutboxSendContext) async throws -> MaintenancePhoto {
        try await client.putMaintenancePhoto(property: payload.property, ticket: payload.ticket, id: payload.photo,
                                             JPEGBody(payload.jpeg), cancellation: context.httpCancellation())
    }

    public func sentence(_ payload: FaultPhoto) -> String {
        L("outbox.maintenance_photos.put", ["unit": InertText.sanitize(payload.number),
                                             "name": InertText.sanitize(payload.name)])
    }

    public func mark(_ payload: FaultPhoto, entry: OutboxEntry, into marks: inout WorkMarks) {
        if entry.hold != nil {
            marks.faults.held.insert(payload.unit)
        } else {
            marks.faults.waiting.insert(payload.unit)
        }
    }
}
