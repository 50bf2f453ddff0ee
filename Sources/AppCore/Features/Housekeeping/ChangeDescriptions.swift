import Catalog
import ClientModel

/// The sentence naming an outbox change of these tabs (room status, task status, task note),
/// for the Account screen's list of changes; nil for an operation of another feature.
public enum ChangeDescriptions {
    public static func text(_ description: OutboxDescription) -> String? {
        let unit = InertText.sanitize(description.placeholders["unit"] ?? "")
        let reason = InertText.sanitize(description.placeholders["reason"] ?? "")
        switch description.catalogKey {
        case "outbox.units.housekeeping": return L("outbox.units.housekeeping", ["unit": unit])
        case "outbox.units.housekeeping.dirty": return L("outbox.units.housekeeping.dirty", ["unit": unit])
        case "outbox.units.housekeeping.clean": return L("outbox.units.housekeeping.clean", ["unit": unit])
        case "outbox.units.housekeeping.inspected": return L("outbox.units.housekeeping.inspected", ["unit": unit])
        case "outbox.units.housekeeping.out_of_order": return L("outbox.units.housekeeping.out_of_order", ["unit": unit])
        case "outbox.units.housekeeping.out_of_service":
            return L("outbox.units.housekeeping.out_of_service", ["unit": unit])
        case "outbox.tasks.status": return L("outbox.tasks.status", ["unit": unit])
        case "outbox.tasks.status.open": return L("outbox.tasks.status.open", ["unit": unit])
        case "outbox.tasks.status.in_progress": return L("outbox.tasks.status.in_progress", ["unit": unit])
        case "outbox.tasks.status.done": return L("outbox.tasks.status.done", ["unit": unit])
        case "outbox.tasks.status.skipped": return L("outbox.tasks.status.skipped", ["unit": unit, "reason": reason])
        case "outbox.tasks.note": return L("outbox.tasks.note", ["unit": unit])
        default: return nil
        }
    }
}
