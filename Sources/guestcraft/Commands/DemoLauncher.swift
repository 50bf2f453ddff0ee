import AppCore
import Catalog
import GuestCraftAPI
import InstanceClient

/// `guestcraft --demo`: starts the demo instance inside the app and pairs this device with it.
enum DemoLauncher {
    struct Started {
        let origin: InstanceOrigin
        let preferredProperty: PropertyID?
        let notice: String
        let stop: () -> Void
    }

    static func start(_ options: GuestcraftCommand.DemoOptions, services: LiveServices) async -> Result<Started, StartupError> {
        .failure(StartupError(L("cli.demo_failed", ["reason": "the demo instance is not part of this build yet"])))
    }
}
