import Foundation
import ProcessSpawn
import Testing
import TestSupport

/// Photos made for a test with the `vips` command line, `exiftool` and `python3` (Makefile's
/// TEST_PKGS), in a temporary directory of its own; and what the tests read back from them.
final class PhotoFixtures: Sendable {
    /// `guestcraft-photo`, built beside the test runner (`swift build --build-tests` builds it).
    static let builtHelper = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("guestcraft-photo").path

    /// The helper these tests run: a link of its own to the built one, so its processes have a name
    /// of their own. The app's flows in the same test process (AppFlowTests' fault reports, #33)
    /// run the built helper too, and a count of "this test's helpers" must not count theirs.
    static let helper: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gc-photo-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let link = directory.appendingPathComponent(helperName).path
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil {
            try? FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: builtHelper)
        }
        return link
    }()

    /// The link's name; the kernel names its processes by its first 15 characters.
    static let helperName = "gc-photo-fixture"

    let directory: TemporaryDirectory

    init() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.builtHelper), "build guestcraft-photo first: \(Self.builtHelper)")
        directory = try TemporaryDirectory(prefix: "guestcraft-photo-tests")
    }

    func path(_ name: String) -> String { directory.path(name) }

    /// A camera's 4000×3000 JPEG (Q95), grey with its top-left quarter red, carrying EXIF with GPS,
    /// XMP, IPTC, a comment, an EXIF thumbnail and Orientation=6 (turn 90° clockwise to view).
    func cameraPhoto() throws -> String {
        let pixels = path("camera.v")
        try Self.run("vips", ["black", pixels, "4000", "3000", "--bands", "3"])
        try Self.run("vips", ["linear", pixels, path("grey.v"), "1 1 1", "128 128 128", "--uchar"])
        try Self.run("vips", ["draw_rect", path("grey.v"), "255 0 0", "0", "0", "1000", "750", "--fill"])
        let photo = path("camera.jpg")
        try Self.run("vips", ["jpegsave", path("grey.v"), photo, "--Q", "95"])
        try Self.run("vips", ["thumbnail", photo, path("thumb.jpg"), "160"])
        try Self.run("exiftool", ["-q", "-overwrite_original", "-n",
                                  "-GPSLatitude=48.8566", "-GPSLatitudeRef=N", "-GPSLongitude=2.3522", "-GPSLongitudeRef=E",
                                  "-XMP:Description=Room 104, the sink", "-XMP:Creator=Housekeeper",
                                  "-IPTC:Keywords=leak", "-Comment=a comment", "-Orientation=6",
                                  "-ThumbnailImage<=\(path("thumb.jpg"))", photo])
        return photo
    }

    /// A `width`×`height` image saved by vips in the format of `name`'s extension; `bands: 4`
    /// makes it fully transparent black.
    func plainImage(_ name: String, width: Int, height: Int, bands: Int = 3) throws -> String {
        try Self.run("vips", ["black", path("\(name).v"), "\(width)", "\(height)", "--bands", "\(bands)"])
        if bands == 3 {
            try Self.run("vips", ["linear", path("\(name).v"), path("\(name)-grey.v"), "1 1 1", "128 128 128", "--uchar"])
        } else {
            try Self.run("vips", ["cast", path("\(name).v"), path("\(name)-grey.v"), "uchar"])
        }
        try Self.run("vips", ["copy", path("\(name)-grey.v"), path(name)])
        return path(name)
    }

    /// A PNG whose header says 30000×30000 (900 megapixels) over a few kilobytes: a small zlib
    /// stream of zeros (`rows` rows of the image).
    func pngBomb(rows: Int = 100) throws -> String {
        let bomb = path("bomb.png")
        try Self.run("python3", ["-c", """
            import struct, sys, zlib
            w = h = 30000
            def chunk(kind, data):
                return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
            z = zlib.compressobj(9)
            idat = b''.join(z.compress(b'\\0' * (w + 1)) for _ in range(int(sys.argv[2]))) + z.flush()
            open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
                                          + chunk(b'IDAT', idat) + chunk(b'IEND', b''))
            """, bomb, "\(rows)"])
        return bomb
    }

    /// The first third of `photo`'s bytes.
    func truncated(_ photo: String) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        let cut = path("truncated.jpg")
        try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: cut))
        return cut
    }

    /// Text saved under a photo's name.
    func textNamedAsPhoto() throws -> String {
        let fake = path("notes.jpg")
        try Data("Room 104: the sink drips.\n".utf8).write(to: URL(fileURLWithPath: fake))
        return fake
    }

    /// An SVG (librsvg would draw it) saved under a photo's name.
    func svgNamedAsPhoto() throws -> String {
        let fake = path("drawing.jpg")
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>"#
        try Data(svg.utf8).write(to: URL(fileURLWithPath: fake))
        return fake
    }

    /// Writes `jpeg` to a file of its own (for `vips` and `exiftool` to read).
    func save(_ jpeg: Data, as name: String) throws -> String {
        try jpeg.write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    // What the tools say.

    /// `vips getpoint`: the pixel's band values.
    static func pixel(_ image: String, x: Int, y: Int) throws -> [Double] {
        try run("vips", ["getpoint", image, "\(x)", "\(y)"]).split(separator: " ").compactMap { Double($0) }
    }

    /// Every tag exiftool finds, as "Group:Tag" (`-G1`: the group is the block it was found in).
    static func metadataTags(_ file: String) throws -> [String] {
        let json = try run("exiftool", ["-j", "-a", "-G1", file])
        let objects = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        return objects?.first?.keys.sorted() ?? []
    }

    /// The JPEG's first quantization table (luminance) in zigzag order, from its DQT segment.
    static func luminanceTable(_ jpeg: Data) -> [Int]? {
        let bytes = [UInt8](jpeg)
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xDB, index + 4 + 65 <= bytes.count, bytes[index + 4] == 0x00 {   // 8-bit, table 0
                return bytes[(index + 5)..<(index + 69)].map { Int($0) }
            }
            if marker == 0xDA { return nil }
            index += 2 + length
        }
        return nil
    }

    /// libjpeg's luminance table for `quality` (jpeg_set_quality with baseline tables), zigzag order.
    static func libjpegLuminanceTable(quality: Int) -> [Int] {
        let natural = [16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
                       14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
                       18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
                       49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99]
        let zigzag = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,
                      7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31,
                      39, 46, 53, 60, 61, 54, 47, 55, 62, 63]
        let scale = quality < 50 ? 5000 / quality : 200 - 2 * quality
        return zigzag.map { min(max((natural[$0] * scale + 50) / 100, 1), 255) }
    }

    /// The helper processes these tests started that are still there (running or zombies): /proc
    /// entries whose parent is this process and whose name is the fixtures' link's (`helper`).
    static func helperChildren() -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return false }
            let name = stat[stat.index(after: open)..<close]
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return name == helperName.prefix(15) && fields.count > 1 && Int32(fields[1]) == me
        }
    }

    /// Runs a tool found on the PATH; its stdout. Fails the test on a non-zero exit.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        let executable = try #require(path, "\(tool) is not installed (make deps)")
        let output = try SpawnPipe()
        let process = try SpawnedProcess(executable, arguments: arguments, stdout: .pipe(output))
        let text = String(decoding: output.reader.readDataToEndOfFile(), as: UTF8.self)
        let ended = process.wait()
        try #require(ended == .exited(0), "\(tool) \(arguments.joined(separator: " ")): \(ended)")
        return text
    }
}
