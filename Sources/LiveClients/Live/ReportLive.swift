import AppCore
import DeviceServices
import Foundation
import GuestCraftAPI
import ProcessSpawn

extension LiveWork {
    /// Today's `p`: the downtime report of the saved copies (the same as `guestcraft report
    /// today`) written to `<state>/reports/` (0700, the file 0600), and whether `lp` can print it.
    func writeDowntimeReport(now: Date = Date()) -> ReportWritten {
        let report: String?
        do {
            report = try ReportCommand.render(context.property, partition: context.partition, format: .text,
                                              services: services, now: now)
        } catch {
            services.log.write("report: \(error)")
            return .failed
        }
        guard let report else { return .nothingSaved }
        let folder = services.stateDirectory.appendingPathComponent("reports", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            services.log.write("report: cannot make \(folder.path): \(error)")
            return .failed
        }
        let name = "today-" + LocalTime.fileStamp(now) + ".txt"
        let path = folder.appendingPathComponent(name).path
        if let reason = ReportCommand.writePrivately(Data(report.utf8), to: path) {
            services.log.write("report: cannot write \(path): \(reason)")
            return .failed
        }
        services.log.write("report: written to \(path)")
        return .written(path: path, canPrint: LiveWork.printer(services.environment) != nil)
    }

    /// Sends a written report to `lp`; whether it took it (its exit status 0).
    func printReport(_ path: String) -> Bool {
        guard let lp = LiveWork.printer(services.environment) else { return false }
        do {
            let process = try SpawnedProcess(lp, arguments: [path])
            let ended = process.wait()
            services.log.write("report: lp \(path): \(ended)")
            return ended == .exited(0)
        } catch {
            services.log.write("report: lp: \(error)")
            return false
        }
    }

    /// `lp` on the PATH, if this machine has one.
    static func printer(_ environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { String($0) + "/lp" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
