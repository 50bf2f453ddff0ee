import Foundation
import PhotoEncoding
import ProcessSpawn
import TestSupport
import Testing

/// `PhotoEncoder` against the real `guestcraft-photo` built beside the tests. Serialized: each
/// test checks that no helper process of this test process is left behind.
@Suite(.serialized) struct PhotoEncoderTests {
    let encoder = PhotoEncoder(helper: PhotoFixtures.helper)

    /// Tags a stripped JPEG may still show: the file system's, exiftool's and the JPEG's own frame.
    static let structureTags: Set<String> = [
        "SourceFile", "ExifTool:ExifToolVersion", "File:FileType", "File:FileTypeExtension", "File:MIMEType",
        "File:ImageWidth", "File:ImageHeight", "File:EncodingProcess", "File:BitsPerSample", "File:ColorComponents",
        "File:YCbCrSubSampling", "Composite:ImageSize", "Composite:Megapixels",
    ]

    @Test func aCameraPhotoComesOutUprightAt1200By1600Quality80WithNoMetadata() async throws {
        let fixtures = try PhotoFixtures()
        let camera = try fixtures.cameraPhoto()
        let before = try PhotoFixtures.metadataTags(camera)
        for tag in ["GPS:GPSLatitude", "XMP-dc:Description", "IPTC:Keywords", "File:Comment", "IFD0:Orientation", "IFD1:ThumbnailImage"] {
            #expect(before.contains(tag), "the fixture carries \(tag): \(before)")
        }

        let photo = try await encoder.encode(camera).get()
        #expect(photo.width == 1200 && photo.height == 1600)
        let out = try fixtures.save(photo.jpeg, as: "out.jpg")
        #expect(try PhotoFixtures.run("vipsheader", [out]).hasPrefix("\(out): 1200x1600 uchar, 3 bands, srgb"))
        // Upright: the stored top-left quarter (red) is the viewed top-right after a 90° turn clockwise.
        let topRight = try PhotoFixtures.pixel(out, x: 1100, y: 100)
        let topLeft = try PhotoFixtures.pixel(out, x: 100, y: 100)
        #expect(topRight.count == 3 && topRight[0] > 230 && topRight[1] < 30 && topRight[2] < 30, "\(topRight)")
        #expect(topLeft.allSatisfy { abs($0 - 128) < 8 }, "\(topLeft)")
        #expect(PhotoFixtures.luminanceTable(photo.jpeg) == PhotoFixtures.libjpegLuminanceTable(quality: 80))

        let after = Set(try PhotoFixtures.metadataTags(out).filter { !$0.hasPrefix("System:") })
        #expect(after.subtracting(Self.structureTags).isEmpty, "left in the JPEG: \(after.subtracting(Self.structureTags).sorted())")
        #expect(PhotoFixtures.helperChildren().isEmpty)
    }

    @Test func aPNGAndAWebPAreAcceptedAndASmallPhotoIsNotEnlarged() async throws {
        let fixtures = try PhotoFixtures()
        for name in ["small.png", "small.webp"] {
            let photo = try await encoder.encode(try fixtures.plainImage(name, width: 1000, height: 800)).get()
            #expect(photo.width == 1000 && photo.height == 800, "\(name)")
            #expect(photo.jpeg.starts(with: [0xFF, 0xD8]), "\(name)")
        }
        // A transparent PNG comes out white, not black.
        let clear = try await encoder.encode(try fixtures.plainImage("clear.png", width: 300, height: 200, bands: 4)).get()
        #expect(clear.width == 300 && clear.height == 200)
        let pixel = try PhotoFixtures.pixel(try fixtures.save(clear.jpeg, as: "clear.jpg"), x: 150, y: 100)
        #expect(pixel.allSatisfy { $0 > 250 }, "\(pixel)")
    }

    @Test func aHEICIsAccepted() async throws {
        // Debian's libvips reads HEIC through libheif and libde265 (and writes it through x265).
        let fixtures = try PhotoFixtures()
        let photo = try await encoder.encode(try fixtures.plainImage("phone.heic", width: 640, height: 480)).get()
        #expect(photo.width == 640 && photo.height == 480)
    }

    @Test func aPathThatLooksLikeAnOptionIsStillAPath() async throws {
        let fixtures = try PhotoFixtures()
        let odd = fixtures.path("--memory-mib")
        try FileManager.default.moveItem(atPath: try fixtures.plainImage("odd.png", width: 40, height: 30), toPath: odd)
        let photo = try await encoder.encode(odd).get()
        #expect(photo.width == 40 && photo.height == 30)
    }

    @Test func aLargePNGIsShrunkToFitTheLongSide() async throws {
        let fixtures = try PhotoFixtures()
        let photo = try await encoder.encode(try fixtures.plainImage("wide.png", width: 4000, height: 1000)).get()
        #expect(photo.width == 1600 && photo.height == 400)
    }

    /// A truncated JPEG, text named .jpg, a 30000×30000 PNG bomb, and formats whose loaders are
    /// blocked (an SVG named .jpg, a TIFF libvips reads elsewhere).
    @Test(arguments: ["truncated", "text", "bomb", "svg", "tiff"])
    func aHostileOrDamagedFileFailsQuicklyAndLeavesNoChild(_ kind: String) async throws {
        let fixtures = try PhotoFixtures()
        let file: String
        let expected: PhotoFailure
        switch kind {
        case "truncated": file = try fixtures.truncated(try fixtures.cameraPhoto()); expected = .unreadable
        case "text": file = try fixtures.textNamedAsPhoto(); expected = .unreadable
        case "svg": file = try fixtures.svgNamedAsPhoto(); expected = .unreadable
        case "tiff": file = try fixtures.plainImage("scan.tif", width: 200, height: 100); expected = .unreadable
        default: file = try fixtures.pngBomb(); expected = .tooLarge
        }
        // The failure itself says it came quickly: a helper that ran to the wall time and was
        // killed is `.tookTooLong`, not these (no timer asserted: a loaded run's scheduler drifts).
        let result = await encoder.encode(file)
        #expect(result == .failure(expected))
        #expect(PhotoFixtures.helperChildren().isEmpty, "no helper left running or unreaped")
    }

    @Test func theHelperAloneSaysEachOutcomeWithItsOwnExitStatus() throws {
        let fixtures = try PhotoFixtures()
        func run(_ arguments: [String]) throws -> (SpawnedProcess.Termination, String) {
            let output = try SpawnPipe()
            let process = try SpawnedProcess(PhotoFixtures.helper, arguments: arguments, stdout: .pipe(output))
            let line = String(decoding: output.reader.readDataToEndOfFile(), as: UTF8.self)
            return (process.wait(), line)
        }
        let written = try run([try fixtures.plainImage("a.png", width: 64, height: 48), fixtures.path("a.jpg")])
        #expect(written.0 == .exited(0))
        #expect(written.1.hasPrefix(#"{"width":64,"height":48,"max_rss_kib":"#))
        let attributes = try FileManager.default.attributesOfItem(atPath: fixtures.path("a.jpg"))
        #expect(attributes[.posixPermissions] as? Int == 0o600)

        let unreadable = try run([try fixtures.textNamedAsPhoto(), fixtures.path("b.jpg")])
        #expect(unreadable.0 == .exited(3))
        #expect(unreadable.1.hasPrefix(#"{"failure":"unreadable""#))
        #expect(!FileManager.default.fileExists(atPath: fixtures.path("b.jpg")))
        let tooLarge = try run([try fixtures.pngBomb(), fixtures.path("c.jpg")])
        #expect(tooLarge.0 == .exited(4))
        #expect(tooLarge.1.hasPrefix(#"{"failure":"too_large""#))
        #expect(try run(["only-one-argument"]).0 == .exited(2))
        #expect(try run(["--memory-mib", "lots", "in.jpg", "out.jpg"]).0 == .exited(2))
    }

    /// The helper is stopped (SIGSTOP) once it runs, so nothing but the wall time can end it; the
    /// test waits for the encoder's answer, not for a time (#33: a bound of 2 s on it flaked in
    /// loaded sanitizer runs), and the time limit is only the net should the kill never come.
    @Test(.timeLimit(.minutes(2)))
    func theWallTimeKillsTheHelper() async throws {
        let fixtures = try PhotoFixtures()
        let camera = try fixtures.cameraPhoto()
        let hurried = PhotoEncoder(helper: PhotoFixtures.helper,
                                   limits: PhotoLimits(memoryMiB: 512, cpuSeconds: 20, wallSeconds: 0.5, maxPixels: 100_000_000))
        let encoding = Task { await hurried.encode(camera) }
        let helper = try await Self.runningHelper()
        kill(helper, SIGSTOP)
        #expect(await Self.answer(of: encoding, killingOnTimeLimit: helper) == .failure(.tookTooLong))
        #expect(PhotoFixtures.helperChildren().isEmpty)
    }

    /// The encoder's answer; should the test's time limit come first, the helper is killed so the
    /// encoder answers and the run goes on (the issue the limit records fails the test).
    static func answer(of encoding: Task<Result<EncodedPhoto, PhotoFailure>, Never>,
                       killingOnTimeLimit helper: pid_t) async -> Result<EncodedPhoto, PhotoFailure> {
        await withTaskCancellationHandler {
            await encoding.value
        } onCancel: {
            kill(helper, SIGKILL)
        }
    }

    /// The helper child of this process, once there is one (looked for every millisecond: its
    /// start is no event this process sees; the test's time limit ends a wait for one never started).
    static func runningHelper() async throws -> pid_t {
        while !Task.isCancelled {
            if let pid = PhotoFixtures.helperChildren().first { return pid }
            try? await Task.sleep(for: .milliseconds(1))
        }
        throw CancellationError()
    }

    // Under a sanitizer the helper's address space starts with terabytes of shadow memory, so its
    // wall is the budget on top of that (guestcraft-photo's limit) and 128 MiB is enough.
    @Test(.disabled(if: Sanitizer.active, "a sanitizer's shadow memory moves the address-space wall"))
    func theMemoryLimitIsTheSecondWall() async throws {
        // libvips and its modules map about 130 MiB before decoding, a 12 MP decode about 200 MiB
        // in all: 128 MiB cannot hold it (where it runs out decides which failure it is).
        let fixtures = try PhotoFixtures()
        let camera = try fixtures.cameraPhoto()
        let starved = PhotoEncoder(helper: PhotoFixtures.helper,
                                   limits: PhotoLimits(memoryMiB: 128, cpuSeconds: 20, wallSeconds: 20, maxPixels: 100_000_000))
        let result = await starved.encode(camera)
        #expect(result == .failure(.tooLarge) || result == .failure(.unreadable), "\(result)")
        #expect(PhotoFixtures.helperChildren().isEmpty)
    }

    /// Cancelled while the helper works: the helper is stopped first (so it cannot finish by
    /// itself, as it could while a test slept 10 ms on a loaded machine) and its wall time is an
    /// hour, so only the cancellation's kill ends it; the time limit is the net.
    @Test(.timeLimit(.minutes(2)))
    func cancellingTheTaskKillsTheHelper() async throws {
        let fixtures = try PhotoFixtures()
        let camera = try fixtures.cameraPhoto()
        let patient = PhotoEncoder(helper: PhotoFixtures.helper,
                                   limits: PhotoLimits(memoryMiB: 512, cpuSeconds: 20, wallSeconds: 3600, maxPixels: 100_000_000))
        let task = Task { await patient.encode(camera) }
        let helper = try await Self.runningHelper()
        kill(helper, SIGSTOP)
        task.cancel()
        #expect(await Self.answer(of: task, killingOnTimeLimit: helper) == .failure(.tookTooLong))
        #expect(PhotoFixtures.helperChildren().isEmpty)
    }

    @Test func aMissingHelperIsEncoderMissing() async throws {
        let fixtures = try PhotoFixtures()
        let missing = PhotoEncoder(helper: fixtures.path("no-such-helper"))
        #expect(await missing.encode(try fixtures.textNamedAsPhoto()) == .failure(.encoderMissing))
    }

    @Test func theHelperIsFoundByTheEnvironmentThenBesideTheExecutable() {
        #expect(PhotoEncoder.helperPath(environment: ["GUESTCRAFT_PHOTO_HELPER": "/opt/x/guestcraft-photo"]) == "/opt/x/guestcraft-photo")
        // The test runner is in the build folder, beside the helper.
        let beside = PhotoEncoder.helperPath(environment: [:])
        #expect(URL(fileURLWithPath: beside).resolvingSymlinksInPath() == URL(fileURLWithPath: PhotoFixtures.builtHelper).resolvingSymlinksInPath())
    }

    @Test func anInstalledHelperIsFoundInLibGuestcraftBesideBin() throws {
        let prefix = try TemporaryDirectory()
        let helper = prefix.path("lib/guestcraft/guestcraft-photo")
        try FileManager.default.createDirectory(atPath: prefix.path("lib/guestcraft"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: helper, contents: Data("#!/bin/sh\n".utf8),
                                               attributes: [.posixPermissions: 0o755]))
        #expect(PhotoEncoder.helperPath(environment: [:], executable: prefix.path("bin/guestcraft")) == helper)
        #expect(PhotoEncoder.helperPath(environment: [:], executable: prefix.path("elsewhere/bin/guestcraft"))
                == "/usr/lib/guestcraft/guestcraft-photo")
    }

    @Test func eachFailureHasASentence() {
        #expect(PhotoFailure.unreadable.sentence == "This photo could not be read.")
        for failure in [PhotoFailure.unreadable, .tooLarge, .tookTooLong, .encoderMissing] {
            #expect(failure.sentence.hasPrefix("This photo") || failure.sentence.hasPrefix("Photos"), "\(failure)")
        }
    }
}
