import Foundation

/// Where a row belongs: the instance's key on this device, the person and the workspace.
/// Nothing is read or written outside its partition.
public struct Partition: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The instance's random key on this device (never reused for another address).
    public let instanceKey: String
    /// The signed-in person's identifier on that instance.
    public let personID: String
    /// The workspace in use.
    public let workspaceID: String

    public init(instanceKey: String, personID: String, workspaceID: String) {
        self.instanceKey = instanceKey
        self.personID = personID
        self.workspaceID = workspaceID
    }

    /// The account this partition belongs to.
    public var account: Account { Account(instanceKey: instanceKey, personID: personID) }

    public var description: String { "\(instanceKey)/\(personID)/\(workspaceID)" }
}

/// A person on an instance: what sign-out, a 401 and start-up clean-up delete, in every workspace.
public struct Account: Hashable, Sendable, Codable {
    public let instanceKey: String
    public let personID: String

    public init(instanceKey: String, personID: String) {
        self.instanceKey = instanceKey
        self.personID = personID
    }
}

/// One generation of a partition: saves carry it and insert only while it is live.
public struct GenerationID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

/// A generation that was ended, with its partition, so the app can cancel its requests.
public struct EndedGeneration: Hashable, Sendable {
    public let id: GenerationID
    public let partition: Partition

    public init(id: GenerationID, partition: Partition) {
        self.id = id
        self.partition = partition
    }
}

/// Which generations to end.
public enum GenerationScope: Hashable, Sendable {
    /// One generation.
    case generation(GenerationID)
    /// Every generation of one partition.
    case partition(Partition)
    /// Every generation of a person on an instance, in every workspace.
    case account(Account)
    /// Every generation of an instance.
    case instance(String)
}
