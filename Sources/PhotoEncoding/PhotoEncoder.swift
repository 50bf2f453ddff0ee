import Catalog
import Foundation

/// A photo re-encoded for a fault report: a JPEG of at most 1,600 pixels on its long side,
/// quality 80, upright, with no metadata.
public struct EncodedPhoto: Sendable, Equatable {
    public let jpeg: Data
    public let width: Int
    public let height: Int

    public init(jpeg: Data, width: Int, height: Int) {
        self.jpeg = jpeg
        self.width = width
        self.height = height
    }
}

/// Why a photo could not be re-encoded.
public enum PhotoFailure: Error, Sendable, Equatable {
    /// Not a JPEG, PNG, WebP or HEIF file, damaged, truncated, or not a regular file.
    case unreadable
    /// More pixels than the budget (checked on the header, before decoding), or more memory than
    /// the helper may use.
    case tooLarge
    /// The helper ran past the wall time (and was killed), or past its CPU time.
    case tookTooLong
    /// `guestcraft-photo` is not where it was looked for, cannot be started, or did not
    /// understand its arguments.
    case encoderMissing

    /// The sentence a person reads.
    public var sentence: String {
        switch self {
        case .unreadable: L("photo.unreadable")
        case .tooLarge: L("photo.too_large")
        case .tookTooLong: L("photo.took_too_long")
        case .encoderMissing: L("photo.encoder_missing")
        }
    }
}

/// What the helper process may use.
public struct PhotoLimits: Sendable, Equatable {
    /// Its address space (`RLIMIT_AS`): libvips and its libraries map about 300 MiB before a
    /// pixel is decoded (docs/performance.md).
    public var memoryMiB: Int
    /// Its CPU time (`RLIMIT_CPU`, set by the helper itself).
    public var cpuSeconds: Int
    /// From its start until it is killed (the parent's clock).
    public var wallSeconds: Double
    /// Width × height in the header above which the photo is refused before decoding.
    public var maxPixels: Int

    public init(memoryMiB: Int, cpuSeconds: Int, wallSeconds: Double, maxPixels: Int) {
        self.memoryMiB = memoryMiB
        self.cpuSeconds = cpuSeconds
        self.wallSeconds = wallSeconds
        self.maxPixels = maxPixels
    }

    public static let standard = PhotoLimits(memoryMiB: 512, cpuSeconds: 20, wallSeconds: 20, maxPixels: 100_000_000)
}

/// Re-encodes photos in a child process, `guestcraft-photo` (the only code that links libvips):
/// image decoders are where hostile files attack, so none runs in the app.
public struct PhotoEncoder: Sendable {
    public let helper: String
    public let limits: PhotoLimits

    public init(helper: String, limits: PhotoLimits = .standard) {
        self.helper = helper
        self.limits = limits
    }

    /// The helper: `GUESTCRAFT_PHOTO_HELPER`, else `guestcraft-photo` next to the running
    /// executable (the build folder), else in `../lib/guestcraft` from it (`make install` into any
    /// prefix, the .deb), else `/usr/lib/guestcraft/guestcraft-photo`.
    public static func helperPath(environment: [String: String] = ProcessInfo.processInfo.environment,
                                  executable: String? = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        -> String {
        if let path = environment["GUESTCRAFT_PHOTO_HELPER"], !path.isEmpty { return path }
        if let executable {
            let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
            for candidate in [folder.appendingPathComponent("guestcraft-photo"),
                              folder.deletingLastPathComponent().appendingPathComponent("lib/guestcraft/guestcraft-photo")]
            where FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate.path
            }
        }
        return "/usr/lib/guestcraft/guestcraft-photo"
    }

    /// Re-encodes the photo at `path`. The helper runs on a thread of its own (it blocks while
    /// the child works); cancelling the task kills the child.
    public func encode(_ path: String) async -> Result<EncodedPhoto, PhotoFailure> {
        let run: PhotoHelperRun
        do {
            run = try PhotoHelperRun(helper: helper, input: path, limits: limits)
        } catch {
            return .failure(error)
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<EncodedPhoto, PhotoFailure>, Never>) in
                Thread.detachNewThread { continuation.resume(returning: run.finish()) }
            }
        } onCancel: {
            run.kill()
        }
    }
}
