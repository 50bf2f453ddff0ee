import GuestCraftAPI

/// The app's own settings, kept beside the credentials: the instance opened last and the
/// workspace and property each person chose on each instance (so a start, offline too, opens
/// where the person was). Holds no credential.
public struct AppPreferences: Codable, Equatable, Sendable {
    /// The key of the instance opened last.
    public var lastInstanceKey: String?
    /// The device name the person chose last.
    public var deviceName: String?
    public var choices: [WorkChoice]

    public init(lastInstanceKey: String? = nil, deviceName: String? = nil, choices: [WorkChoice] = []) {
        self.lastInstanceKey = lastInstanceKey
        self.deviceName = deviceName
        self.choices = choices
    }

    enum CodingKeys: String, CodingKey {
        case lastInstanceKey = "last_instance_key"
        case deviceName = "device_name"
        case choices
    }

    /// The choice of a person on an instance, if any.
    public func choice(instanceKey: String, personID: String) -> WorkChoice? {
        choices.first { $0.instanceKey == instanceKey && $0.personID == personID }
    }

    /// Keeps `choice` as that person's choice on that instance.
    public mutating func remember(_ choice: WorkChoice) {
        choices.removeAll { $0.instanceKey == choice.instanceKey && $0.personID == choice.personID }
        choices.append(choice)
    }

    /// Forgets the choices of an instance (of one person when `personID` is given).
    public mutating func forget(instanceKey: String, personID: String? = nil) {
        choices.removeAll { $0.instanceKey == instanceKey && (personID == nil || $0.personID == personID) }
        if personID == nil, lastInstanceKey == instanceKey { lastInstanceKey = nil }
    }
}

/// A workspace and property a person chose on an instance, as last read.
public struct WorkChoice: Codable, Equatable, Sendable {
    public var instanceKey: String
    public var personID: String
    /// The workspace with its role and permissions (its property list is not kept).
    public var workspace: Workspace
    public var property: Property

    public init(instanceKey: String, personID: String, workspace: Workspace, property: Property) {
        self.instanceKey = instanceKey
        self.personID = personID
        var kept = workspace
        kept.properties = []
        kept.nextPropertiesCursor = nil
        self.workspace = kept
        self.property = property
    }

    enum CodingKeys: String, CodingKey {
        case instanceKey = "instance_key"
        case personID = "person_id"
        case workspace, property
    }
}
