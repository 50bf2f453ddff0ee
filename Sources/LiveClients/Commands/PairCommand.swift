import AppCore
import Catalog
import GuestCraftAPI
import InstanceClient

/// `guestcraft pair <link> [--yes] [--device-name NAME]`: pairs this device without the full
/// screen. The instance's name and host are shown and confirmed (y/N) before the code is sent,
/// unless `--yes`.
public enum PairCommand {
    public static func run(link: String, assumeYes: Bool, deviceName: String?, services: LiveServices) async -> Int32 {
        let pairing = Pairing(connector: services.connector, credentials: services.credentials)
        let name = deviceName ?? services.preferences.load().deviceName ?? DefaultDeviceName.make()
        if case .failure(let problem) = DeviceName.validate(name) {
            Terminal.error(ErrorText.deviceName(problem))
            return 2
        }
        let candidate: PairingCandidate
        do {
            candidate = try await pairing.check(link)
        } catch {
            services.log.write("pair: link refused: \(error)")
            Terminal.error(ErrorText.pairing(error))
            return 1
        }
        let place = Terminal.inert(candidate.name) + " (" + Terminal.inert(candidate.host) + ")"
        if !assumeYes {
            guard Terminal.confirm(L("cli.pair_question", ["instance": place])) else {
                Terminal.error(L("pair.not_sent"))
                return 1
            }
        }
        do {
            let session = try await pairing.exchange(candidate, deviceName: name)
            // The person's changes a 401 kept (#35) go with the next `guestcraft send`.
            if let instance = try? services.credentials.instance(for: session.origin) {
                services.signedIn(session, at: instance)
            }
            Terminal.out(L("cli.paired", ["instance": place, "person": Terminal.inert(session.user.name)]))
            return 0
        } catch {
            services.log.write("pair: exchange failed: \(error)")
            Terminal.error(ErrorText.pairing(error))
            return 1
        }
    }
}
