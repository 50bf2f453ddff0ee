import Foundation
import FuzzChecks
import Testing
@testable import GuestCraftAPI

/// Rules both sides apply: device names, secret shapes, pairing links, ETags.
@Suite("Shared validation")
struct ValidationTests {
    @Test("device names are trimmed and NFC-normalized")
    func normalizes() throws {
        #expect(try DeviceName.validate("  fd-desk-01 terminal \n").get() == "fd-desk-01 terminal")
        let decomposed = "Cafe\u{0301} terminal"
        let name = try DeviceName.validate(decomposed).get()
        #expect(name == "Café terminal")
        #expect(name.unicodeScalars.count == 13)
        #expect(try DeviceName.validate("李娜的终端").get() == "李娜的终端")
        #expect(try DeviceName.validate("Hana 👩‍👩‍👧 handheld").get() == "Hana 👩‍👩‍👧 handheld")
    }

    @Test("empty and too long names are refused")
    func length() {
        #expect(DeviceName.validate("   ") == .failure(.empty))
        #expect(DeviceName.validate("") == .failure(.empty))
        #expect((try? DeviceName.validate(String(repeating: "é", count: 100)).get())?.count == 100)
        #expect(DeviceName.validate(String(repeating: "a", count: 101)) == .failure(.tooLong(count: 101)))
    }

    @Test("control and invisible characters are refused", arguments: [
        ("desk\u{7}", DeviceName.Problem.controlCharacter(scalar: 0x07)),
        ("desk\tone", .controlCharacter(scalar: 0x09)),
        ("desk\u{1B}[31m", .controlCharacter(scalar: 0x1B)),
        ("desk\u{85}one", .controlCharacter(scalar: 0x85)),
        ("desk\u{200B}one", .invisibleCharacter(scalar: 0x200B)),
        ("desk\u{202E}eno", .invisibleCharacter(scalar: 0x202E)),
        ("desk\u{2066}one", .invisibleCharacter(scalar: 0x2066)),
        ("\u{FEFF}desk", .invisibleCharacter(scalar: 0xFEFF)),
        ("desk\u{2028}one", .invisibleCharacter(scalar: 0x2028)),
        ("desk\u{3164}", .invisibleCharacter(scalar: 0x3164)),
        ("desk\u{E000}", .invisibleCharacter(scalar: 0xE000)),
        ("a\u{200D}b", .invisibleCharacter(scalar: 0x200D)),
    ])
    func refused(name: String, problem: DeviceName.Problem) {
        #expect(DeviceName.validate(name) == .failure(problem))
        #expect(problem.description.contains("device name"))
    }

    @Test("secrets have a prefix and 43 base64url characters")
    func secretShapes() {
        let token = CredentialPrefix.make(prefix: CredentialPrefix.deviceToken, bytes: Array(repeating: 0xFB, count: 32))
        #expect(token.count == 47)
        #expect(CredentialPrefix.isDeviceToken(token))
        #expect(!token.contains("+") && !token.contains("/") && !token.contains("="))
        #expect(!CredentialPrefix.isPairingCode(token))
        #expect(!CredentialPrefix.isDeviceToken(String(token.dropLast())))
        #expect(!CredentialPrefix.isDeviceToken(String(token.dropLast()) + "!"))
        #expect(CredentialPrefix.isSignInCode(CredentialPrefix.make(prefix: "gcc_", bytes: Array(0..<32))))
    }

    @Test("pairing links have exactly the shape origin/mobile/pair#gcp_…")
    func pairingLinks() throws {
        let code = CredentialPrefix.make(prefix: CredentialPrefix.pairingCode, bytes: Array(0..<32))
        let link = try #require(PairingLink(" https://Hotel.Example.com/mobile/pair#\(code)\r\n"))
        #expect(link.origin == "https://hotel.example.com" && link.pairingCode == code && link.port == nil)
        let local = try #require(PairingLink("http://127.0.0.1:8080/mobile/pair#\(code)"))
        #expect(local.origin == "http://127.0.0.1:8080" && local.scheme == "http")
        for bad in ["https://hotel.example.com/mobile/pair?x=1#\(code)", "https://user:pw@hotel.example.com/mobile/pair#\(code)",
                    "https://hotel.example.com/mobile/pairing#\(code)", "https://hotel.example.com/mobile/pair#gcd_\(code.dropFirst(4))",
                    "https://hotel.example.com/mobile/pair#\(code)x", "ftp://hotel.example.com/mobile/pair#\(code)",
                    "hotel.example.com/mobile/pair#\(code)", "https://hotel.example.com/mobile/pair"] {
            #expect(PairingLink(bad) == nil, "\(bad)")
        }
    }

    @Test("ETags are quoted, strong, and compared as RFC 9110 says")
    func etags() {
        let tag = ETag.version(7)
        #expect(tag.headerValue == "\"7\"" && tag.version == 7)
        #expect(ETag(header: " \"7\" ") == tag)
        #expect(ETag(header: "7") == nil && ETag(header: "W/\"7\"") == nil)
        #expect(tag.matches(ifNoneMatch: "\"3\", W/\"7\""))
        #expect(tag.matches(ifNoneMatch: "*"))
        #expect(!tag.matches(ifNoneMatch: "\"8\""))
        #expect(tag.matches(ifMatch: "\"7\""))
        #expect(!tag.matches(ifMatch: "W/\"7\""))
        #expect(!tag.matches(ifMatch: "\"6\""))
        // A proxy that compresses answers makes their ETags weak: still a validator for If-None-Match,
        // by its opaque text (weak comparison), never for If-Match.
        #expect(ETag(validator: "W/\"7\"") == tag && ETag(validator: " \"7\"") == tag)
        #expect(ETag(validator: "7") == nil && ETag(validator: "W/7") == nil && ETag(validator: "w/\"7\"") == nil)
        #expect(ETag(validator: "W/\"7\"")?.headerValue == "\"7\"")
        let session = DeviceSession(id: "dvs_x", name: "n", createdAt: Instant(rfc3339: "2026-11-02T07:58:12Z")!,
                                    lastUsedAt: nil, current: true)
        #expect(session.etag.headerValue == "\"2026-11-02T07:58:12Z\"")
    }

    @Test("task transitions follow the table of tasks.status")
    func taskTransitions() {
        #expect(TaskStatus.open.allowedNext == [.inProgress, .done, .skipped])
        #expect(TaskStatus.skipped.allowedNext == [.open])
        for status in TaskStatus.knownCases { #expect(!status.allowedNext.contains(status)) }
        #expect(TaskStatus.unknown("paused").allowedNext.isEmpty)
    }

    @Test("problem documents are filled from the catalog and leave out absent members")
    func problems() throws {
        let problem = ProblemDocument(code: .unitStatusConflict, detail: "Room 101 changed.", field: "expected_housekeeping_version")
        #expect(problem.status == 409 && problem.title == "Room status changed")
        #expect(problem.type == "urn:guestcraft:problem:unit.status_conflict")
        let json = try JSONValue.parse(APIJSON.encode(problem))
        guard case .object(let members) = json else { Issue.record("not an object"); return }
        #expect(members["retry_after"] == nil && members["field"] == .string("expected_housekeeping_version"))
        let limited = ProblemDocument(code: .rateLimited, detail: "Wait.", retryAfter: 3)
        #expect(try APIJSON.decode(ProblemDocument.self, from: APIJSON.encode(limited)) == limited)
        #expect(ProblemCode.notFound(forParameter: "unit_id") == .unitNotFound)
        #expect(ProblemCode.notFound(forParameter: "ticket_id").rawValue == "ticket.not_found")
        #expect(ProblemCode("something.new").status == nil)
    }

    @Test("demo roles hold the permissions of the table")
    func roles() {
        #expect(Role.housekeeper.demoPermissions == [.inventoryRead, .housekeepingWrite, .tasksWork])
        #expect(Set(Role.manager.demoPermissions) == Set(Permission.all))
        #expect(!Role.supervisor.demoPermissions.contains(.foliosApproveOpenBalance))
        #expect(Role("guest_relations").demoPermissions.isEmpty)
    }

    @Test("ticket and photo ids made on the device are the prefix and 16 lowercase hex digits")
    func deviceMadeIdentifiers() {
        struct Fixed: RandomNumberGenerator {
            var value: UInt64
            mutating func next() -> UInt64 { value }
        }
        var small = Fixed(value: 0xAB)
        #expect(MaintenanceTicketID.deviceMade(using: &small) == "mtk_00000000000000ab")
        var large = Fixed(value: .max)
        #expect(MaintenancePhotoID.deviceMade(using: &large) == "mph_ffffffffffffffff")
        let made = (0..<50).map { _ in MaintenanceTicketID.deviceMade() }
        #expect(made.allSatisfy(\.isDeviceMade) && Set(made).count == 50)
        #expect(!MaintenanceTicketID("mtk_ABC").isDeviceMade)
        #expect(!MaintenanceTicketID("mtk_00000000000000AB").isDeviceMade)
        #expect(!MaintenancePhotoID("mtk_00000000000000ab").isDeviceMade)
    }
}
