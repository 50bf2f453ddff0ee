import Foundation
import Testing
@testable import DeviceServices

@Suite struct LogTests {
    func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("guestcraft-log-\(UUID().uuidString)").path
    }

    func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func theFileIsPrivateInAPrivateDirectory() throws {
        let directory = temporaryDirectory() + "/state/guestcraft"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = try Log(stateDirectory: directory)
        log.write("hello")
        #expect(try mode(directory) == 0o700)
        #expect(try mode(log.path) == 0o600)
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        #expect(text.hasSuffix(" hello\n"))
    }

    /// A line's time is UTC to the second, as Foundation's ISO 8601 style writes it, made without
    /// Foundation's formatter (a calendar, the current zone and a regex: 1.7 M instructions before
    /// the first frame, #18).
    @Test(arguments: [0, 1_764_484_860, 1_764_484_860.999, 951_782_400, 4_102_444_799, -1])
    func theTimeOfALineIsISO8601InUTC(_ seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(Log.timestamp(date) == date.formatted(.iso8601))
    }

    @Test func anExistingDirectoryIsMadePrivate() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        _ = try Log(stateDirectory: directory)
        #expect(try mode(directory) == 0o700)
    }

    @Test func tokensNeverReachTheFile() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = try Log(stateDirectory: directory)
        log.write("""
            POST /api/v1/device_sessions Authorization: Bearer gcd_s3cr3tTOKEN-value status=401 \
            pair=https://h.example/mobile/pair#gcp_PAIRCODE callback=/callback?code=abc123&state=xyz \
            {"code_verifier": "V3RIF"} token=tok problem=unit.status_conflict request=req_42
            """)
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        for secret in ["s3cr3tTOKEN", "PAIRCODE", "abc123", "xyz", "V3RIF", "token=tok"] {
            #expect(!text.contains(secret), "\(secret) leaked: \(text)")
        }
        #expect(text.contains("problem=unit.status_conflict"))
        #expect(text.contains("request=req_42"))
        #expect(text.contains("status=401"))
    }

    @Test func aPINIsRedactedWhereverItStartsAWordAndHousekeepingIsLeftAlone() {
        #expect(Log.redact("lock pin=4711 set") == "lock pin=[redacted] set")
        #expect(Log.redact("PIN: 4711") == "PIN: [redacted]")
        #expect(Log.redact("{\"pin\": \"4711\"}") == "{\"pin\": \"[redacted]\"}")
        #expect(!Log.redact("(pin=4711)").contains("4711"))
        let line = "units.housekeeping PUT status=200 problem=none spinner=3"
        #expect(Log.redact(line) == line)
    }

    @Test func aMessageIsOneInertLine() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = try Log(stateDirectory: directory)
        log.write("line one\nline two \u{1B}[31mred")
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1)
        #expect(!text.contains("\u{1B}"))
    }

    @Test func aLargeLogIsMovedAside() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/guestcraft.log"
        try Data(count: Log.rotationSize + 1).write(to: URL(fileURLWithPath: path))
        let log = try Log(stateDirectory: directory)
        log.write("fresh")
        #expect(FileManager.default.fileExists(atPath: path + ".1"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix(" fresh\n"))
    }
}
