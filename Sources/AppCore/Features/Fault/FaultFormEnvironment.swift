import Catalog
import Foundation
import GuestCraftAPI

/// A photos folder as the fault form's chooser shows it: the directory and its files.
public struct PhotoFolderListing: Sendable, Equatable {
    /// The directory, as the person reads it (`~/Pictures`).
    public var directory: String
    /// Its files (the form shows the newest first).
    public var files: [FolderPhoto]
    /// False when the directory could not be read (missing, no permission): the form says so
    /// and offers the typed path.
    public var isReadable: Bool

    public init(directory: String, files: [FolderPhoto], isReadable: Bool = true) {
        self.directory = directory
        self.files = files
        self.isReadable = isReadable
    }
}

/// One file of the photos folder.
public struct FolderPhoto: Sendable, Equatable {
    public var name: String
    /// What `encodePhoto` is given.
    public var path: String
    public var modifiedAt: Date
    public var byteCount: Int

    public init(name: String, path: String, modifiedAt: Date, byteCount: Int) {
        self.name = name
        self.path = path
        self.modifiedAt = modifiedAt
        self.byteCount = byteCount
    }
}

/// A photo re-encoded by the live layer (a JPEG of at most 1,600 pixels, no metadata): the form
/// keeps only this, never the bytes.
public struct FaultPhotoInfo: Sendable, Equatable {
    /// The live layer's handle for the re-encoded bytes (opaque to the form).
    public var token: String
    /// The file's name, as chosen.
    public var name: String
    public var width: Int
    public var height: Int
    /// The re-encoded JPEG's size.
    public var byteCount: Int

    public init(token: String, name: String, width: Int, height: Int, byteCount: Int) {
        self.token = token
        self.name = name
        self.width = width
        self.height = height
        self.byteCount = byteCount
    }
}

/// Why a photo could not be re-encoded; the report can go without it.
public enum FaultPhotoProblem: Error, Sendable, Equatable {
    /// The file is missing or cannot be opened.
    case unreadable
    /// The file is not an image the encoder knows.
    case notAnImage
    /// Too large to send even re-encoded (over `maintenance_photos.put`'s 5,000,000 bytes).
    case tooLarge
    /// The encoder failed (its child process, the disk).
    case failed
}

/// A fault report as the form sends it: the ticket's body, the room's number (for the
/// sentences and the outbox's marks) and the photos, in order.
public struct FaultDraft: Sendable, Equatable {
    public var ticket: MaintenanceTicketRequest
    public var number: String
    public var photos: [FaultPhotoInfo]

    public init(ticket: MaintenanceTicketRequest, number: String, photos: [FaultPhotoInfo]) {
        self.ticket = ticket
        self.number = number
        self.photos = photos
    }
}

/// The instance's refusal of a report (4xx but 401): nothing was made.
public struct FaultRefusal: Sendable, Equatable {
    public var status: Int
    public var code: String?
    /// The request member the problem names (`description`, `block.from`…).
    public var field: String?
    /// The instance's own sentence (problem `detail`), drawn inert.
    public var detail: String?

    public init(status: Int, code: String?, field: String? = nil, detail: String? = nil) {
        self.status = status
        self.code = code
        self.field = field
        self.detail = detail
    }
}

/// A photo the instance refused for good (`photo.too_large`, `photo.invalid`…).
public struct FaultPhotoRefusal: Sendable, Equatable {
    /// The photo's token (`FaultPhotoInfo.token`).
    public var token: String
    public var code: String?
    public var detail: String?

    public init(token: String, code: String?, detail: String? = nil) {
        self.token = token
        self.code = code
        self.detail = detail
    }
}

/// Why a report could not be saved on this device; the form keeps everything.
public enum FaultNotSaved: Sendable, Equatable {
    /// No room left on the device's disk.
    case deviceFull
    /// Another failure of the device's storage (the live layer logs it).
    case storage
    /// The account or workspace is no longer in use.
    case expired
    /// This app cannot save fault reports here yet.
    case unavailable
}

/// What became of a submitted report.
public enum FaultSubmitResult: Sendable, Equatable {
    /// Sent: the ticket the instance made (its block, with the nights it overbooks); the photos
    /// it refused for good, if any (the others are sent or wait in the outbox).
    case sent(MaintenanceTicket, refusedPhotos: [FaultPhotoRefusal])
    /// Saved with its photos; sent when the instance can be reached.
    case saved
    /// Refused by the instance: the form shows why next to the field and stays.
    case refused(FaultRefusal)
    /// Not saved on this device: the form stays with everything.
    case notSaved(FaultNotSaved)
    /// 401: the session is over.
    case sessionEnded
}

/// What the fault report form needs from outside: closures over the photo re-encoder and the
/// outbox that the live layer builds (`LiveWork.reportFault`) and tests build over fakes, and
/// the role's grants.
public struct FaultFormEnvironment: Sendable {
    /// The photos folder, its files with name, time and size.
    public var photoFolder: @Sendable () async -> PhotoFolderListing
    /// Re-encodes the photo at a path (a child process in the live layer).
    public var encodePhoto: @Sendable (_ path: String) async -> Result<FaultPhotoInfo, FaultPhotoProblem>
    /// The photos taken out of the form, or left with it unsent: their bytes may go.
    public var releasePhotos: @Sendable (_ tokens: [String]) async -> Void
    /// Saves the report and its photos together in the outbox and sends them when it can.
    public var submit: @Sendable (FaultDraft) async -> FaultSubmitResult
    /// Drops a photo the instance refused for good (its outbox entry); answers whether it was there.
    public var dropPhoto: @Sendable (_ token: String) async -> Bool
    /// Today at the property (its time zone, not the terminal's), for a block's dates when the
    /// business date is not known.
    public var propertyDate: @Sendable () -> BusinessDate?
    /// A time as the person reads it ("09:41").
    public var formatTime: @Sendable (Date) -> String
    /// The grants of the person's role.
    public var permissions: [Permission]
    /// The instance's capabilities.
    public var capabilities: [Capability]

    public init(photoFolder: @escaping @Sendable () async -> PhotoFolderListing,
                encodePhoto: @escaping @Sendable (String) async -> Result<FaultPhotoInfo, FaultPhotoProblem>,
                releasePhotos: @escaping @Sendable ([String]) async -> Void,
                submit: @escaping @Sendable (FaultDraft) async -> FaultSubmitResult,
                dropPhoto: @escaping @Sendable (String) async -> Bool,
                propertyDate: @escaping @Sendable () -> BusinessDate?,
                formatTime: @escaping @Sendable (Date) -> String,
                permissions: [Permission], capabilities: [Capability]) {
        self.photoFolder = photoFolder
        self.encodePhoto = encodePhoto
        self.releasePhotos = releasePhotos
        self.submit = submit
        self.dropPhoto = dropPhoto
        self.propertyDate = propertyDate
        self.formatTime = formatTime
        self.permissions = permissions
        self.capabilities = capabilities
    }

    /// What the form may offer, as its state keeps it.
    public var grants: FaultGrants { FaultGrants(permissions: permissions, capabilities: capabilities) }
}

/// What the role and the instance allow the fault form: reporting, the blocks, photos.
public struct FaultGrants: Sendable, Equatable {
    public var permissions: [Permission]
    public var capabilities: [Capability]

    public init(permissions: [Permission] = [], capabilities: [Capability] = []) {
        self.permissions = permissions
        self.capabilities = capabilities
    }

    /// Why "Report a fault" cannot be chosen; nil when it can (`maintenance`, and
    /// `housekeeping.write` or `tasks.work`).
    public var reportBlocked: String? {
        if !capabilities.contains(.maintenance) { return L("fault.blocked.no_capability") }
        if !permissions.contains(.housekeepingWrite) && !permissions.contains(.tasksWork) {
            return L("fault.blocked.role")
        }
        return nil
    }

    /// The block kinds the role may place, in the contract's order.
    public var blockKinds: [BlockKind] {
        BlockKind.knownCases.filter { $0.requiredPermission.map(permissions.contains) ?? false }
    }

    public var takesPhotos: Bool { capabilities.contains(.maintenancePhotos) }
}
