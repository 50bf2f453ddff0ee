import GuestCraftAPI
import ClientModel

/// Everything a work tab needs to read and change one property: the session, the chosen
/// workspace and property, the offline partition and its live generation. The app hands it to
/// the tabs when the context starts; a new context (another property, workspace, instance or
/// session) always comes with a new generation.
public struct WorkContext: Equatable, Sendable {
    public var instance: SavedInstance
    public var session: StoredSession
    public var workspace: Workspace
    public var property: Property
    /// The instance's capabilities as last read (tabs and actions follow them).
    public var capabilities: [Capability]
    /// Where this context's saved reads and outbox entries live.
    public var partition: Partition
    /// The live generation every save of this context goes through (the wipe barrier).
    public var generation: GenerationID
    /// Whose changes these are, for the sentences about a held change, when the device has more
    /// than one account ("Fatima Okafor"); nil with one.
    public var owner: String?

    public init(instance: SavedInstance, session: StoredSession, workspace: Workspace, property: Property,
                capabilities: [Capability], partition: Partition, generation: GenerationID, owner: String? = nil) {
        self.owner = owner
        self.instance = instance
        self.session = session
        self.workspace = workspace
        self.property = property
        self.capabilities = capabilities
        self.partition = partition
        self.generation = generation
    }

    /// The grants of the person's role in the workspace.
    public var permissions: [Permission] { workspace.permissions }

    public func allows(_ permission: Permission) -> Bool { workspace.allows(permission) }

    public func has(_ capability: Capability) -> Bool { capabilities.contains(capability) }

    /// The partition of a session and workspace: instance key on this device, person, workspace.
    public static func partition(instance: SavedInstance, session: StoredSession, workspace: WorkspaceID) -> Partition {
        Partition(instanceKey: instance.key, personID: session.user.id.rawValue, workspaceID: workspace.rawValue)
    }
}
