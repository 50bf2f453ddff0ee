import AppCore
import Foundation
import GuestCraftAPI
import InstanceClient
import OfflineStore
import Outbox

// The live side of a fault report (SPEC §5): the form's environment calls `LiveWork.reportFault`
// with what the person entered and the photos the re-encoder made, and shows the outcome. Every
// type here is a plain value, so AppCore's side can mirror it case by case:
//
//   .sent          → "Reported"; the ticket's block (`sent.block`) and the nights it overbooks.
//   .queued        → "Saved; it goes when the instance can be reached" ("N to send" counts it).
//   .refused       → back to the form: `refusal.sentence` beside `refusal.field` (`block.from`,
//                    `description`, …); the corrected report is sent with
//                    `reportFault(…, replacing: refusal.ticket)` (new ids; the old entries go).
//   .photosRefused → the report went; each refused photo says why, with Discard
//                    (`discardFaultPhoto(photo.photo)`).
//   .notSaved      → nothing was saved: say why (`notOffered`, `expired`, `failed`).

/// A photo attached to a report, as the re-encoder gives it (`EncodedPhoto`) with its file name.
public struct FaultReportPhoto: Sendable, Equatable {
    /// The file name the person chose (shown, never trusted: drawn inert).
    public var name: String
    /// The re-encoded JPEG, sent as it is.
    public var jpeg: Data
    public var width: Int
    public var height: Int

    public init(name: String, jpeg: Data, width: Int, height: Int) {
        self.name = name
        self.jpeg = jpeg
        self.width = width
        self.height = height
    }
}

/// The ids a report was saved under, made on the device: a resend never makes a second one.
public struct FaultReportIDs: Sendable, Equatable {
    public var ticket: MaintenanceTicketID
    /// In the order the photos were given (only those that go: see `photosLeftOut`).
    public var photos: [MaintenancePhotoID]
}

/// What `LiveWork.reportFault` made of a report.
public enum FaultReportOutcome: Sendable, Equatable {
    /// The instance accepted the report and every photo sent with it.
    case sent(FaultReportSent)
    /// Saved; the report (or some of its photos, after the report was accepted) waits for a
    /// connection and goes by itself.
    case queued(FaultReportQueued)
    /// The instance refused the report (a 4xx): it is held with its photos, never sent by itself.
    case refused(FaultReportRefusal)
    /// The report was accepted; these photos were refused for good and are held (Discard drops them).
    case photosRefused(FaultPhotosRefused)
    /// Nothing was saved.
    case notSaved(FaultReportNotSaved)
}

public struct FaultReportSent: Sendable, Equatable {
    public var ids: FaultReportIDs
    public var ticket: MaintenanceTicket
    public var photos: [MaintenancePhoto]
    /// Photos given but not sent: the instance does not offer `maintenance_photos`.
    public var photosLeftOut: Int

    /// The block the instance placed, if one was asked for (the room's new status follows it).
    public var block: Block? { ticket.block }
    /// The nights the block overbooks the room type (empty when none).
    public var overbookedNights: [BusinessDate] { ticket.block?.overbookedNights ?? [] }
}

public struct FaultReportQueued: Sendable, Equatable {
    public var ids: FaultReportIDs
    /// The ticket when the instance already accepted it (then only photos wait).
    public var accepted: MaintenanceTicket?
    public var photosLeftOut: Int
}

public struct FaultReportRefusal: Sendable, Equatable {
    public var ids: FaultReportIDs
    /// The outbox entry held (Account's Discard takes its photos with it).
    public var entry: Int64
    public var reason: HoldReason
    public var status: Int?
    /// The problem code (`block.overlap`, `ticket.invalid`, …) for the catalog's sentence.
    public var code: String?
    /// The instance's own sentence (its problem's `detail`), made inert; nil when it gave none.
    public var sentence: String?
    /// The request member it names (`block.from`, `block.to`, `description`, …): where the sentence goes.
    public var field: String?

    /// The ticket id to pass as `replacing:` when the corrected report is sent.
    public var ticket: MaintenanceTicketID { ids.ticket }
}

public struct FaultPhotoRefused: Sendable, Equatable {
    public var photo: MaintenancePhotoID
    /// The file name, made inert.
    public var name: String
    public var entry: Int64
    public var status: Int?
    /// `photo.too_large` (413), `request.unsupported_media_type` (415), `photo.invalid` (400), …
    public var code: String?
    public var sentence: String?
}

public struct FaultPhotosRefused: Sendable, Equatable {
    public var ids: FaultReportIDs
    public var ticket: MaintenanceTicket
    public var sent: [MaintenancePhoto]
    public var refused: [FaultPhotoRefused]
    /// Photos still waiting for a connection.
    public var waiting: Int
}

public enum FaultReportNotSaved: Sendable, Equatable {
    /// The instance does not offer `maintenance` (tickets).
    case notOffered
    /// The context ended (signed out, another property or workspace) before it was saved.
    case expired
    /// The offline store could not save it (the log says why).
    case failed
}

/// A report kept in the outbox (a refused one, to put back in its form).
public struct SavedFaultReport: Sendable, Equatable {
    public var request: MaintenanceTicketRequest
    public var number: String
    public var photos: [FaultReportPhoto]
    /// Set when the instance refused it.
    public var refusal: FaultReportRefusal?
}

extension LiveWork {
    /// Saves a report and its photos in one transaction (ids made here, on the device), then lets
    /// the outbox send the report, then each photo; answers what became of them. Without the
    /// `maintenance_photos` capability the report goes without its photos (`photosLeftOut`).
    /// `replacing`: the ticket of a refused report this one corrects; once this one is saved, the
    /// held report and its photos are discarded (a report that is not held is left alone).
    func reportFault(_ request: MaintenanceTicketRequest, number: String, photos: [FaultReportPhoto],
                     replacing: MaintenanceTicketID? = nil) async -> FaultReportOutcome {
        guard context.has(.maintenance) else { return .notSaved(.notOffered) }
        guard await engine.activePartition == context.partition else { return .notSaved(.expired) }
        let going = context.has(.maintenancePhotos) ? photos : []
        let report = FaultReport(property: property, ticket: .deviceMade(), request: request, number: number,
                                 roomStatus: Self.statusWhileBlocked(request.block, on: context.property.businessDate))
        let payloads = going.map { photo in
            FaultPhoto(FaultPhoto.Header(property: property, ticket: report.ticket, photo: .deviceMade(), unit: request.unitID,
                                         number: number, name: photo.name, width: photo.width, height: photo.height),
                       jpeg: photo.jpeg)
        }
        let ids = FaultReportIDs(ticket: report.ticket, photos: payloads.map(\.photo))
        let outcomes: [ChangeOutcome<any Sendable>]
        do {
            let changes = try [OutboxChange(FaultReportOperation(), report)]
                + payloads.map { try OutboxChange(FaultPhotoOperation(), $0) }
            outcomes = try await engine.submit(together: changes)
        } catch {
            services.log.write("outbox: fault report not saved: \(error)")
            return .notSaved(.failed)
        }
        if let replacing, faultEntries(replacing).report?.hold != nil {
            await discardFaultReport(replacing)
        }
        return Self.outcome(ids, outcomes, photosLeftOut: photos.count - going.count, entries: faultEntries(report.ticket))
    }

    /// Discards a report's entries (the report and the photos that wait on it); true when there was one.
    @discardableResult
    func discardFaultReport(_ ticket: MaintenanceTicketID) async -> Bool {
        guard let entry = faultEntries(ticket).report else { return false }
        return (try? await engine.discard(entry.id)) ?? false
    }

    /// Discards one photo's entry (a photo refused for good); true when there was one.
    @discardableResult
    func discardFaultPhoto(_ photo: MaintenancePhotoID) async -> Bool {
        guard let entry = entries().first(where: {
            $0.operation == FaultPhotoOperation.name && $0.subject.hasSuffix(FaultPhotoOperation.separator + photo.rawValue)
        }) else { return false }
        return (try? await engine.discard(entry.id)) ?? false
    }

    /// The report of `ticket` as the outbox keeps it, with its photos and, when held, the refusal.
    func savedFaultReport(_ ticket: MaintenanceTicketID) -> SavedFaultReport? {
        let found = faultEntries(ticket)
        guard let entry = found.report, let report = FaultReportOperation().payload(of: entry) else { return nil }
        let photos = found.photos.compactMap { FaultPhotoOperation().payload(of: $0) }
        let ids = FaultReportIDs(ticket: ticket, photos: photos.map(\.photo))
        return SavedFaultReport(
            request: report.request, number: report.number,
            photos: photos.map { FaultReportPhoto(name: $0.name, jpeg: $0.jpeg, width: $0.width, height: $0.height) },
            refusal: Self.refusal(ids, entry))
    }

    /// The entries of one report: its own and its photos', in order.
    func faultEntries(_ ticket: MaintenanceTicketID) -> (report: OutboxEntry?, photos: [OutboxEntry]) {
        let subject = FaultReportOperation.subject(ticket)
        let all = entries()
        return (all.first { $0.operation == FaultReportOperation.name && $0.subject == subject },
                all.filter { $0.operation == FaultPhotoOperation.name && FaultPhotoOperation().parentSubject(of: $0.subject) == subject })
    }

    /// The status a block gives the room at once: when it covers `date` (the business date).
    static func statusWhileBlocked(_ block: BlockRequest?, on date: BusinessDate) -> HousekeepingStatus? {
        guard let block, block.from <= date, date < block.to else { return nil }
        switch block.kind {
        case .outOfOrder: return .outOfOrder
        case .outOfService: return .outOfService
        case .unknown: return nil
        }
    }

    static func outcome(_ ids: FaultReportIDs, _ outcomes: [ChangeOutcome<any Sendable>], photosLeftOut: Int,
                        entries: (report: OutboxEntry?, photos: [OutboxEntry])) -> FaultReportOutcome {
        guard let first = outcomes.first else { return .notSaved(.failed) }
        let ticket: MaintenanceTicket
        switch first {
        case .expired: return .notSaved(.expired)
        case .failed: return .notSaved(.failed)
        case .held:
            guard let entry = entries.report, let refusal = refusal(ids, entry) else {
                return .queued(FaultReportQueued(ids: ids, accepted: nil, photosLeftOut: photosLeftOut))
            }
            return .refused(refusal)
        case .queued: return .queued(FaultReportQueued(ids: ids, accepted: nil, photosLeftOut: photosLeftOut))
        case .sent(let result):
            guard let accepted = result as? MaintenanceTicket else { return .notSaved(.failed) }
            ticket = accepted
        }
        var sent: [MaintenancePhoto] = []
        var refused: [FaultPhotoRefused] = []
        var waiting = 0
        for (photo, outcome) in zip(ids.photos, outcomes.dropFirst()) {
            switch outcome {
            case .sent(let result as MaintenancePhoto): sent.append(result)
            case .held:
                let entry = entries.photos.first { $0.subject.hasSuffix(FaultPhotoOperation.separator + photo.rawValue) }
                if let entry, let hold = entry.hold {
                    let name = FaultPhotoOperation().payload(of: entry)?.name ?? ""
                    refused.append(FaultPhotoRefused(photo: photo, name: InertText.sanitize(name), entry: entry.id,
                                                     status: hold.status, code: hold.code,
                                                     sentence: hold.detail.map { InertText.sanitize($0) }))
                } else {
                    waiting += 1
                }
            case .sent, .queued, .expired, .failed: waiting += 1
            }
        }
        if !refused.isEmpty {
            return .photosRefused(FaultPhotosRefused(ids: ids, ticket: ticket, sent: sent, refused: refused, waiting: waiting))
        }
        if waiting > 0 { return .queued(FaultReportQueued(ids: ids, accepted: ticket, photosLeftOut: photosLeftOut)) }
        return .sent(FaultReportSent(ids: ids, ticket: ticket, photos: sent, photosLeftOut: photosLeftOut))
    }

    /// The refusal of a held report entry (nil when it is not held).
    static func refusal(_ ids: FaultReportIDs, _ entry: OutboxEntry) -> FaultReportRefusal? {
        guard let hold = entry.hold else { return nil }
        return FaultReportRefusal(ids: ids, entry: entry.id, reason: hold.reason, status: hold.status, code: hold.code,
                                  sentence: hold.detail.map { InertText.sanitize($0) }, field: hold.field)
    }
}
