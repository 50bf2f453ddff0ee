import AppCore
import Foundation
import GuestCraftAPI
import PhotoEncoding
import Locking

/// The photos a fault report form re-encoded and holds by token until the report is saved (the
/// outbox then keeps the bytes) or the person drops them; and, per room, the refused report a
/// corrected one replaces. One for the app's run, shared by every form (`LiveServices.faultPhotos`).
final class FaultPhotoStore: Sendable {
    private struct State {
        var photos: [String: FaultReportPhoto] = [:]
        /// The photo id each photo was saved under (to drop one the instance refused).
        var photoIDs: [String: MaintenancePhotoID] = [:]
        /// The last refused report of a room: the next report of that room replaces it.
        var refused: [UnitID: MaintenanceTicketID] = [:]
        var next = 0
    }

    private let state = Locked(State())

    func keep(_ photo: FaultReportPhoto) -> String {
        state.withLock { s in
            s.next += 1
            let token = "photo-\(s.next)"
            s.photos[token] = photo
            return token
        }
    }

    func photos(_ tokens: [String]) -> [FaultReportPhoto] { state.withLock { s in tokens.compactMap { s.photos[$0] } } }

    func release(_ tokens: [String]) {
        state.withLock { s in for token in tokens { s.photos[token] = nil } }
    }

    func saved(_ tokens: [String], as ids: [MaintenancePhotoID]) {
        state.withLock { s in
            for (token, id) in zip(tokens, ids) {
                s.photoIDs[token] = id
                s.photos[token] = nil
            }
        }
    }

    func photoID(_ token: String) -> MaintenancePhotoID? { state.withLock { $0.photoIDs[token] } }

    func refused(_ unit: UnitID) -> MaintenanceTicketID? { state.withLock { $0.refused[unit] } }

    func setRefused(_ unit: UnitID, _ ticket: MaintenanceTicketID?) { state.withLock { $0.refused[unit] = ticket } }
}

extension LiveWork {
    /// The fault report form's clients: the photos folder, the re-encoder (a child process:
    /// `guestcraft-photo`), and the report saved and sent through the outbox (`reportFault`).
    var faultForm: FaultFormEnvironment {
        let zone = context.property.timeZone
        let store = services.faultPhotos
        let environment = services.environment
        let log = services.log
        return FaultFormEnvironment(
            photoFolder: {
                let directory = PhotoFolder.directory(environment: environment)
                var isDirectory: ObjCBool = false
                let readable = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
                    && isDirectory.boolValue && FileManager.default.isReadableFile(atPath: directory)
                let files = PhotoFolder.list(directory).map {
                    FolderPhoto(name: $0.name, path: $0.path, modifiedAt: $0.modified, byteCount: $0.size)
                }
                return PhotoFolderListing(directory: directory, files: files, isReadable: readable)
            },
            encodePhoto: { path in
                // The helper is looked for when a photo is chosen, not when a work context opens
                // (#18: its search was a `readlink` and three `stat`s before the first frame).
                let encoder = PhotoEncoder(helper: PhotoEncoder.helperPath(environment: environment))
                switch await encoder.encode(path) {
                case .success(let photo):
                    let name = (path as NSString).lastPathComponent
                    let token = store.keep(FaultReportPhoto(name: name, jpeg: photo.jpeg, width: photo.width, height: photo.height))
                    return .success(FaultPhotoInfo(token: token, name: name, width: photo.width, height: photo.height,
                                                   byteCount: photo.jpeg.count))
                case .failure(let failure):
                    log.write("photo \(InertText.sanitize((path as NSString).lastPathComponent)): \(failure)")
                    switch failure {
                    case .unreadable: return .failure(.unreadable)
                    case .tooLarge: return .failure(.tooLarge)
                    case .tookTooLong, .encoderMissing: return .failure(.failed)
                    }
                }
            },
            releasePhotos: { tokens in store.release(tokens) },
            submit: { draft in await self.submitFault(draft, store: store) },
            dropPhoto: { token in
                guard let id = store.photoID(token) else { return false }
                return await self.discardFaultPhoto(id)
            },
            propertyDate: { PropertyDate.today(in: zone) },
            formatTime: LiveWork.formatTime,
            permissions: context.permissions,
            capabilities: context.capabilities)
    }

    /// Saves the form's report with its photos (one transaction) and says what became of it in
    /// the form's terms; a corrected report replaces the room's refused one.
    func submitFault(_ draft: FaultDraft, store: FaultPhotoStore) async -> FaultSubmitResult {
        let tokens = draft.photos.map(\.token)
        let unit = draft.ticket.unitID
        let outcome = await reportFault(draft.ticket, number: draft.number, photos: store.photos(tokens),
                                        replacing: store.refused(unit))
        switch outcome {
        case .sent(let sent):
            store.setRefused(unit, nil)
            store.saved(tokens, as: sent.ids.photos)
            return .sent(sent.ticket, refusedPhotos: [])
        case .queued(let queued):
            store.setRefused(unit, nil)
            store.saved(tokens, as: queued.ids.photos)
            return .saved
        case .refused(let refusal):
            // The form keeps its photos for the corrected report, which replaces this one.
            store.setRefused(unit, refusal.ticket)
            return .refused(FaultRefusal(status: refusal.status ?? 422, code: refusal.code, field: refusal.field,
                                         detail: refusal.sentence))
        case .photosRefused(let refused):
            store.setRefused(unit, nil)
            store.saved(tokens, as: refused.ids.photos)
            let tokenOf = Dictionary(zip(refused.ids.photos, tokens), uniquingKeysWith: { first, _ in first })
            return .sent(refused.ticket, refusedPhotos: refused.refused.compactMap { photo in
                tokenOf[photo.photo].map { FaultPhotoRefusal(token: $0, code: photo.code, detail: photo.sentence) }
            })
        case .notSaved(.notOffered):
            return .notSaved(.unavailable)
        case .notSaved(.expired):
            return .notSaved(.expired)
        case .notSaved(.failed):
            return .notSaved(.storage)
        }
    }
}
