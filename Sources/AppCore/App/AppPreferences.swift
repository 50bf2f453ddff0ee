import Foundation
import GuestCraftAPI
import ClientModel

/// The app's own settings, kept beside the credentials: the instance opened last and the
/// workspace and property each person chose on each instance (so a start, offline too, opens
/// where the person was). Holds no credential.
public struct AppPreferences: Codable, Equatable, Sendable {
    /// The key of the instance opened last.
    public var lastInstanceKey: String?
    /// The person opened last there (several people can be signed in to one instance).
    public var lastPersonID: String?
    /// The device name the person chose last.
    public var deviceName: String?
    public var choices: [WorkChoice]
    /// Per account: the idle time chosen for its lock and its wrong PINs (never a PIN or its hash).
    public var locks: [LockSetting]

    public init(lastInstanceKey: String? = nil, lastPersonID: String? = nil, deviceName: String? = nil,
                choices: [WorkChoice] = [], locks: [LockSetting] = []) {
        self.lastInstanceKey = lastInstanceKey
        self.lastPersonID = lastPersonID
        self.deviceName = deviceName
        self.choices = choices
        self.locks = locks
    }

    enum CodingKeys: String, CodingKey {
        case lastInstanceKey = "last_instance_key"
        case lastPersonID = "last_person_id"
        case deviceName = "device_name"
        case choices, locks
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lastInstanceKey = try container.decodeIfPresent(String.self, forKey: .lastInstanceKey)
        lastPersonID = try container.decodeIfPresent(String.self, forKey: .lastPersonID)
        deviceName = try container.decodeIfPresent(String.self, forKey: .deviceName)
        choices = try container.decodeIfPresent([WorkChoice].self, forKey: .choices) ?? []
        // Files written before the lock (#15) have none.
        locks = try container.decodeIfPresent([LockSetting].self, forKey: .locks) ?? []
    }

    /// The lock setting of an account (the default one when none was kept).
    public func lock(_ account: Account) -> LockSetting {
        locks.first { $0.instanceKey == account.instanceKey && $0.personID == account.personID }
            ?? LockSetting(account: account)
    }

    /// Keeps `setting` as its account's.
    public mutating func remember(_ setting: LockSetting) {
        locks.removeAll { $0.instanceKey == setting.instanceKey && $0.personID == setting.personID }
        if setting != LockSetting(account: Account(instanceKey: setting.instanceKey, personID: setting.personID)) {
            locks.append(setting)
        }
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
        locks.removeAll { $0.instanceKey == instanceKey && (personID == nil || $0.personID == personID) }
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

/// An account's lock as the preferences keep it: the idle time its person chose and the wrong
/// PINs typed since the last right one (so that a restart does not clear a wait).
public struct LockSetting: Codable, Equatable, Sendable {
    public var instanceKey: String
    public var personID: String
    public var idle: IdleChoice
    public var attempts: LockAttempts

    public init(account: Account, idle: IdleChoice = .standard, attempts: LockAttempts = LockAttempts()) {
        instanceKey = account.instanceKey
        personID = account.personID
        self.idle = idle
        self.attempts = attempts
    }

    enum CodingKeys: String, CodingKey {
        case instanceKey = "instance_key"
        case personID = "person_id"
        case idle, attempts
    }
}
