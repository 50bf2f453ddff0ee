import AppCore
import DemoInstance
import Foundation
@testable import LiveClients

/// What a one-shot command printed and its exit status.
public struct CommandResult: Sendable, CustomStringConvertible {
    public let status: Int32
    public let out: String
    public let error: String

    public var description: String { "exit \(status)\nstdout: \(out)\nstderr: \(error)" }
}

extension AppHarness {
    /// Runs a one-shot command (`status`, `send`, `pair LINK --yes`, `report …`) as `guestcraft`
    /// would in a process of its own over this home — its own services, its output captured — as
    /// main.swift dispatches it.
    public func command(_ arguments: [String]) async throws -> CommandResult {
        guard case .success(let command) = GuestcraftCommand.parse(arguments) else {
            throw HarnessError("not a command line: \(arguments)")
        }
        let services: LiveServices
        do {
            services = try LiveServices(environment: commandEnvironment)
        } catch {
            return CommandResult(status: 2, out: "", error: "guestcraft: " + error.message + "\n")
        }
        let capture = TerminalCapture()
        let status: Int32 = await Terminal.$capture.withValue(capture) {
            if let moved = services.offline.recoveredDamage?.movedTo { Terminal.error(ErrorText.damagedOfflineFile(movedTo: moved)) }
            switch command {
            case .status: return StatusCommand.run(services)
            case .send: return await SendCommand.run(services)
            case .report(let options): return ReportCommand.run(options, services: services)
            case .pair(let link, let assumeYes, let deviceName):
                return await PairCommand.run(link: link, assumeYes: assumeYes, deviceName: deviceName, services: services)
            case .run, .help, .version: return -1
            }
        }
        guard status >= 0 else { throw HarnessError("not a one-shot command: \(arguments)") }
        return CommandResult(status: status, out: capture.out, error: capture.error)
    }

    /// A new pairing link for `member` (what "Pair a device" shows on the instance).
    public func pairingLink(_ member: DemoMember) throws -> String { try demo.pairingURL(for: member) }
}
