import AppCore
import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
@testable import LiveClients
import TerminalUI

/// What the front desk's flows need beside keys (#33, the ports of the frontdesk_*.sh, board.sh
/// and live_lists.sh scripts): another device of the same hotel, the focused line, a click on a
/// line, `guestcraft report today`, and the instance's own lists read with a token of their own.
extension AppHarness {
    // MARK: Another device

    /// Another device of the same hotel (the scripts' second `GUESTCRAFT_HOME` in a second tmux
    /// session): its own home, clock and terminal, paired as `member` with this harness's demo,
    /// which stays this harness's to stop.
    public func anotherDevice(member: DemoMember, width: Int = 80, height: Int = 24,
                              environment: [String: String] = [:]) async throws -> AppHarness {
        try await AppHarness(sameInstanceAs: self, member: member, width: width, height: height, environment: environment)
    }

    // MARK: The screen

    /// The number of the first line showing `text`, from 0 at the top.
    public func lineNumber(containing text: String) -> Int? { lines.firstIndex { $0.contains(text) } }

    /// A mouse press on the first line showing `text`, at its third column (as the script's
    /// `\e[<0;3;LINEM` did), then the program's work until it is idle.
    public func click(on text: String) async throws {
        guard let y = lineNumber(containing: text) else {
            throw HarnessError("no line shows \"\(text)\"", screen: screenText)
        }
        try await read([.mouse(x: 2, y: y, .press)])
    }

    // MARK: The command line

    /// `guestcraft report today` over this home (what the scripts ran after the app had ended):
    /// its exit status and the report, written to a file of the home and read back.
    public func reportToday(format: DowntimeReport.Format = .text) throws -> (status: Int32, text: String) {
        let path = home.url.appendingPathComponent("report-\(UUID().uuidString).txt").path
        let arguments = ["report", "today", "--output", path] + (format == .csv ? ["--format", "csv"] : [])
        guard case .success(.report(let options)) = GuestcraftCommand.parse(arguments) else {
            throw HarnessError("not a report's command line: \(arguments)")
        }
        let status = ReportCommand.run(options, services: services)
        return (status, (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }

    // MARK: The instance, read on its own

    /// `units.list` of `property` read with a device token of `member`'s own (not this device's):
    /// the instance's truth, to compare a screen with.
    public func instanceUnits(as member: DemoMember, property: PropertyID = "prp_harbour") async throws -> [RoomUnit] {
        let origin = try requireOrigin()
        let session = StoredSession(origin: origin, token: try demo.deviceToken(for: member, deviceName: "harness check"),
                                    sessionID: "dvs_harness_check", createdAt: Instant(millisecondsSinceEpoch: 0),
                                    user: User(id: member.userID, name: member.rawValue, email: "\(member.rawValue)@example.test"),
                                    deviceName: "harness check")
        guard let list = try await InstanceClient(session: session).units(property: property).value else {
            throw HarnessError("units.list answered 304 to a read without an ETag")
        }
        return list.units
    }

    private func requireOrigin() throws -> InstanceOrigin {
        guard let origin = InstanceOrigin(string: demo.origin) else { throw HarnessError("the demo's origin: \(demo.origin)") }
        return origin
    }
}

// MARK: Every frame, and the instance's own pace

extension AppHarness {
    /// How many frames have been drawn so far: a mark for `screens(since:)`.
    public var frameMark: Int { driver?.drawn ?? 0 }

    /// Every frame drawn since `mark`, oldest first, each as its text: what a person may have seen
    /// between two looks, not only the last frame (a sentence up for one frame counts).
    public func screens(since mark: Int) throws -> [String] {
        guard let driver else { throw HarnessError("the app is not running") }
        let count = driver.drawn - mark
        guard count <= driver.frames.count else {
            throw HarnessError("\(count) frames since the mark, only the last \(driver.frames.count) kept")
        }
        return driver.frames.suffix(count).map { TextGrid.lines($0).joined(separator: "\n") }
    }

    /// Waits until `condition` holds of the instance (its own threads work at their own pace: a
    /// delayed request let go, a write applied), looking every few milliseconds; the test's time
    /// limit is the only bound; when it ends the wait, the failure names `what`.
    public func untilInstance(_ what: String, _ condition: () async throws -> Bool) async throws {
        while try await !condition() {
            do { try await Task.sleep(for: .milliseconds(5)) } catch {
                throw HarnessError("the instance never came to: \(what)")
            }
        }
    }
}
