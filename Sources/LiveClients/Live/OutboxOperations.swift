import InstanceClient
import Outbox

/// The outbox operations this build knows, by their stable names.
///
/// SLOT: the room status and task operations (`units.housekeeping`, `tasks.status`,
/// `tasks.note`, in `Sources/Outbox/Operations`) register here. An entry whose operation is not
/// registered is held for the person's decision, so an engine without operations is never
/// activated (`LiveServices.outboxEnabled`).
enum OutboxOperations {
    static func registry() -> OutboxRegistry<InstanceClient> {
        var registry = OutboxRegistry<InstanceClient>()
        registry.registerHousekeepingOperations()
        return registry
    }
}
