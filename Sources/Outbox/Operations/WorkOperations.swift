import InstanceClient

extension OutboxRegistry where Client == InstanceClient {
    /// Registers the housekeeping operations under their stable names: `units.housekeeping`,
    /// `tasks.status`, `tasks.note`.
    public mutating func registerHousekeepingOperations() {
        register(RoomStatusOperation())
        register(TaskStatusOperation())
        register(TaskNoteOperation())
    }
}
