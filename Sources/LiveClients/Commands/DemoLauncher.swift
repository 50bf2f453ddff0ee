import AppCore
import Catalog
import DemoInstance
import Foundation
import GuestCraftAPI
import InstanceClient
import OfflineStore

/// `guestcraft --demo`: starts the demo instance inside the app on 127.0.0.1 with its data in
/// the state directory (`demo/`), pairs this device with it as the chosen member (a session of
/// another member is signed out first) and opens it.
public enum DemoLauncher {
    public struct Started: Sendable {
        public let origin: InstanceOrigin
        /// The generated property (the one `--rooms` sizes), chosen without asking.
        public let preferredProperty: PropertyID?
        public let notice: String
        let instance: DemoInstance

        public func stop() { instance.stop() }
    }

    /// The generated property of the demo, sized by `--rooms`.
    static let generatedProperty = PropertyID("prp_garden")

    public static func start(_ options: GuestcraftCommand.DemoOptions, services: LiveServices) async -> Result<Started, StartupError> {
        let directory = services.stateDirectory.appendingPathComponent("demo", isDirectory: true)
        let files = DemoFiles(directory: directory)
        // The hotel lives on today's date at the property: one made on another day is made again,
        // so the demo always shows a working morning (arrivals to check in, departures to check out).
        let today = DemoConfiguration.dateAtProperties(Instant(Date()))
        if let rooms = options.rooms, files.rooms != rooms {
            files.removeData()
        } else if files.day != today {
            files.removeData()
        }
        let rooms = options.rooms ?? files.rooms ?? 120
        let instance: DemoInstance
        do {
            instance = try startInstance(port: files.port ?? 0, rooms: rooms, directory: directory, today: today,
                                         log: { [log = services.log] line in log.write("demo: \(line)") })
        } catch {
            services.log.write("demo: \(error)")
            return .failure(StartupError(L("cli.demo_failed")))
        }
        files.save(port: instance.port, rooms: rooms, day: instance.configuration.startingBusinessDate)
        services.log.write("demo: listening on \(instance.origin)")
        guard let origin = InstanceOrigin(string: instance.origin),
              let member = DemoMember(rawValue: options.member.rawValue) else {
            instance.stop()
            services.log.write("demo: no usable origin in \(instance.origin)")
            return .failure(StartupError(L("cli.demo_failed")))
        }
        forgetEarlierDemo(at: files.origin, now: origin, services: services)
        files.save(origin: origin)
        do {
            try await signIn(member, at: origin, demo: instance, services: services)
        } catch {
            instance.stop()
            services.log.write("demo: signing in failed: \(error)")
            return .failure(StartupError(L("cli.demo_failed")))
        }
        let notice = L("demo.started", ["address": origin.displayHost, "member": RoleNames.phrase(member.role)])
        return .success(Started(origin: origin, preferredProperty: generatedProperty, notice: notice, instance: instance))
    }

    /// Starts on the port of last time (the saved instance keeps its address), else on a free one.
    /// The instance logs to the app's log file: the screen is the app's while it runs.
    static func startInstance(port: UInt16, rooms: Int, directory: URL, today: BusinessDate,
                              log: @escaping @Sendable (String) -> Void) throws(DemoError) -> DemoInstance {
        var configuration = DemoConfiguration(host: "127.0.0.1", port: port, dataDirectory: directory, rooms: rooms,
                                              businessDate: today, log: log)
        do {
            return try DemoInstance.start(configuration)
        } catch .couldNotListen where port != 0 {
            configuration.port = 0
            return try DemoInstance.start(configuration)
        }
    }

    /// A demo of an earlier run on another port is removed from this device (it is not running).
    static func forgetEarlierDemo(at earlier: InstanceOrigin?, now origin: InstanceOrigin, services: LiveServices) {
        guard let earlier, earlier != origin,
              let saved = try? services.credentials.instance(for: earlier) else { return }
        _ = try? services.offline.forgetInstance(saved.key)
        _ = try? services.credentials.removeInstance(earlier)
        services.log.write("demo: removed the demo of an earlier run at \(earlier)")
    }

    /// Keeps a working session of `member`; otherwise pairs. The demo opens signed in as that
    /// member alone: the other members' accounts on it are signed out.
    static func signIn(_ member: DemoMember, at origin: InstanceOrigin, demo: DemoInstance,
                       services: LiveServices) async throws {
        var kept = false
        for session in try services.credentials.sessions(for: origin) {
            let client = services.client(for: session)
            if session.user.id == member.userID {
                do throws(GuestCraftError) {
                    _ = try await client.workspaces()
                    kept = true
                    continue
                } catch .unauthorized {
                    services.log.write("demo: the saved session no longer works; pairing again")
                } catch {
                    kept = true  // the app explains what fails
                    continue
                }
            } else {
                _ = try await services.credentials.signOut(client)
            }
            if let saved = try services.credentials.instance(for: origin) {
                _ = try services.offline.forgetAccount(Account(instanceKey: saved.key, personID: session.user.id.rawValue))
            }
            _ = try? services.credentials.forget(token: session.token)
        }
        if kept { return }
        let pairing = Pairing(connector: services.connector, credentials: services.credentials)
        let candidate = try await pairing.check(try demo.pairingURL(for: member))
        let deviceName = services.preferences.load().deviceName ?? DefaultDeviceName.make()
        _ = try await pairing.exchange(candidate, deviceName: deviceName)
        services.log.write("demo: paired as \(member.rawValue)")
    }
}

/// What `--demo` remembers beside the demo's data: the port, the room count, the day the hotel
/// was made for and the address of the last run.
struct DemoFiles {
    let directory: URL

    var port: UInt16? { read("port").flatMap { UInt16($0) } }
    var rooms: Int? { read("rooms").flatMap { Int($0) } }
    var origin: InstanceOrigin? { read("origin").flatMap { InstanceOrigin(string: $0) } }
    /// The business date the hotel was made on.
    var day: BusinessDate? { read("day").flatMap { BusinessDate($0) } }

    func save(port: UInt16, rooms: Int, day: BusinessDate) {
        write("port", String(port))
        write("rooms", String(rooms))
        write("day", day.description)
    }

    func save(origin: InstanceOrigin) { write("origin", origin.string) }

    /// Deletes the demo's database (another room count makes a new hotel).
    func removeData() {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(DemoInstance.databaseFileName + suffix))
        }
    }

    private func read(_ name: String) -> String? {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func write(_ name: String, _ value: String) {
        let url = directory.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data((value + "\n").utf8),
                                       attributes: [.posixPermissions: 0o600])
    }
}
