import AppCore
import Catalog
import DeviceServices
import Foundation
import Glibc
import GuestCraftAPI
import InstanceClient
import OfflineStore

/// `guestcraft report today [--format text|csv] [--output FILE]`: the downtime report of the
/// chosen property from the copies saved on this device (never the network): arrivals,
/// departures, in house and every room's status, headed by the property, the business date and
/// when the copies were saved (the property's local time, in its time zone). Exit status: 0 printed or written,
/// 2 an error, 3 no account signed in, 4 nothing saved yet for the property.
public enum ReportCommand {
    /// The exit status when nothing is saved for the property (or none is chosen).
    public static let nothingSavedStatus: Int32 = 4

    public static func run(_ options: GuestcraftCommand.ReportOptions, services: LiveServices, now: Date = Date()) -> Int32 {
        let accounts: [(SavedInstance, StoredSession)]
        do {
            accounts = try StatusCommand.signedInAccounts(services)
        } catch {
            services.log.write("report: \(error)")
            Terminal.error(L("cli.credentials_failed", ["path": services.stateDirectory.path]))
            return 2
        }
        let preferences = services.preferences.load()
        // The account opened last (instance and person), else the instance's, else the last one saved.
        guard let (instance, session) = accounts.last(where: {
            $0.0.key == preferences.lastInstanceKey && $0.1.user.id.rawValue == preferences.lastPersonID
        }) ?? accounts.last(where: { $0.0.key == preferences.lastInstanceKey }) ?? accounts.last
        else {
            Terminal.error(L("cli.status_no_account"))
            return StatusCommand.noAccountStatus
        }
        guard let choice = preferences.choice(instanceKey: instance.key, personID: session.user.id.rawValue) else {
            Terminal.error(L("report.no_property"))
            return nothingSavedStatus
        }
        let partition = WorkContext.partition(instance: instance, session: session, workspace: choice.workspace.id)
        let report: String?
        do {
            report = try render(choice.property, partition: partition, format: options.format, services: services, now: now)
        } catch {
            services.log.write("report: \(error)")
            Terminal.error(ErrorText.offline(error))
            return 2
        }
        guard let report else {
            Terminal.error(L("report.nothing_saved"))
            return nothingSavedStatus
        }
        guard let path = options.output else {
            // Through `Terminal`: a reader that goes (`| head`) ends the command quietly; a
            // FileHandle write trapped on EPIPE (#35, exit 132).
            Terminal.write(report, to: STDOUT_FILENO)
            return 0
        }
        if let reason = writePrivately(Data(report.utf8), to: path) {
            Terminal.error(L("report.write_failed", ["path": path, "reason": reason]))
            return 2
        }
        Terminal.out(L("report.written", ["path": path]))
        return 0
    }

    /// The report of `property` from the copies saved in `partition` (the command's and Today's
    /// `p`), nil when neither Today nor the rooms are saved.
    static func render(_ property: Property, partition: Partition, format: DowntimeReport.Format, services: LiveServices,
                       now: Date) throws(OfflineStoreError) -> String? {
        let today = try saved(LiveWork.todayKey(property.id), as: TodayOverview.self, partition: partition,
                              services: services, now: now)
        let units = try saved(LiveWork.unitsKey(property.id), as: UnitList.self, partition: partition,
                              services: services, now: now)
        guard today != nil || units != nil else { return nil }
        // The older copy: nothing in the report is newer than this.
        let savedAt = [today?.savedAt, units?.savedAt].compactMap { $0 }.min() ?? now
        return DowntimeReport.render(propertyName: property.name, today: today?.value, units: units?.value,
                                     asOf: LocalTime.stamp(savedAt, timeZone: property.timeZone), format: format)
    }

    /// A saved read of the partition and its time, as the work tabs read it (72 hours, this
    /// app's version); nil when none is saved or it cannot be decoded.
    static func saved<Value: Codable>(_ key: String, as: Value.Type, partition: Partition, services: LiveServices,
                                      now: Date) throws(OfflineStoreError) -> (value: Value, savedAt: Date)? {
        guard let read = try services.offline.savedRead(key, partition: partition, now: now, appVersion: AppVersion.current)
        else { return nil }
        guard let answer = SavedAnswer<Value>.decode(read.body) else {
            services.log.write("report: the saved \(key) cannot be read; left out")
            return nil
        }
        return (answer.value, read.savedAt)
    }

    /// Writes `data` to `path` with mode 0600 (an existing file too); the reason it failed, or nil.
    static func writePrivately(_ data: Data, to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        guard fchmod(fd, 0o600) == 0 else { return String(cString: strerror(errno)) }
        let failure: String? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
        return failure
    }
}
