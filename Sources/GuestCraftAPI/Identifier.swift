import Foundation

/// What an identifier names; its prefix (`unt_`, `tsk_`, …) tells identifiers apart on the wire.
public protocol IdentifierKind: Sendable {
    static var prefix: String { get }
}

/// An opaque identifier of one kind of thing, typed so a unit id is never passed as a task id.
public struct Identifier<Kind: IdentifierKind>: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Whether the value starts with the prefix of its kind (servers check path parameters with it).
    public var hasExpectedPrefix: Bool { rawValue.hasPrefix(Kind.prefix) && rawValue.count > Kind.prefix.count }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A kind whose identifiers are made on the device (`mtk_`, `mph_`): the prefix and 16 lowercase hex digits
/// (64 random bits), so a resend of a creation names the same thing.
public protocol DeviceMadeKind: IdentifierKind {}

extension Identifier where Kind: DeviceMadeKind {
    /// A new identifier from 64 bits of `generator` (the system's secure generator by default).
    public static func deviceMade<G: RandomNumberGenerator>(using generator: inout G) -> Identifier {
        let digits = String(generator.next() as UInt64, radix: 16)
        return Identifier(Kind.prefix + String(repeating: "0", count: 16 - digits.count) + digits)
    }

    /// A new identifier from the system's secure random generator.
    public static func deviceMade() -> Identifier {
        var generator = SystemRandomNumberGenerator()
        return deviceMade(using: &generator)
    }

    /// Whether the value is the prefix and 16 lowercase hex digits.
    public var isDeviceMade: Bool {
        guard rawValue.hasPrefix(Kind.prefix) else { return false }
        let digits = rawValue.utf8.dropFirst(Kind.prefix.utf8.count)
        return digits.count == 16 && digits.allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
    }
}

/// Kinds of identifiers, one per prefix.
public enum IdentifierKinds {
    public enum Workspace: IdentifierKind { public static let prefix = "wsp_" }
    public enum Property: IdentifierKind { public static let prefix = "prp_" }
    public enum User: IdentifierKind { public static let prefix = "usr_" }
    public enum DeviceSession: IdentifierKind { public static let prefix = "dvs_" }
    public enum Reservation: IdentifierKind { public static let prefix = "rsv_" }
    public enum Stay: IdentifierKind { public static let prefix = "sty_" }
    public enum Guest: IdentifierKind { public static let prefix = "gst_" }
    public enum RoomType: IdentifierKind { public static let prefix = "rmt_" }
    public enum Unit: IdentifierKind { public static let prefix = "unt_" }
    public enum Task: IdentifierKind { public static let prefix = "tsk_" }
    public enum MaintenanceTicket: DeviceMadeKind { public static let prefix = "mtk_" }
    public enum MaintenancePhoto: DeviceMadeKind { public static let prefix = "mph_" }
    public enum Block: IdentifierKind { public static let prefix = "blk_" }
    public enum Charge: IdentifierKind { public static let prefix = "chg_" }
    public enum Payment: IdentifierKind { public static let prefix = "pay_" }
    public enum Fault: IdentifierKind { public static let prefix = "flt_" }
}

public typealias WorkspaceID = Identifier<IdentifierKinds.Workspace>
public typealias PropertyID = Identifier<IdentifierKinds.Property>
public typealias UserID = Identifier<IdentifierKinds.User>
public typealias DeviceSessionID = Identifier<IdentifierKinds.DeviceSession>
public typealias ReservationID = Identifier<IdentifierKinds.Reservation>
public typealias StayID = Identifier<IdentifierKinds.Stay>
public typealias GuestID = Identifier<IdentifierKinds.Guest>
public typealias RoomTypeID = Identifier<IdentifierKinds.RoomType>
public typealias UnitID = Identifier<IdentifierKinds.Unit>
public typealias TaskID = Identifier<IdentifierKinds.Task>
public typealias MaintenanceTicketID = Identifier<IdentifierKinds.MaintenanceTicket>
public typealias MaintenancePhotoID = Identifier<IdentifierKinds.MaintenancePhoto>
public typealias BlockID = Identifier<IdentifierKinds.Block>
public typealias ChargeID = Identifier<IdentifierKinds.Charge>
public typealias PaymentID = Identifier<IdentifierKinds.Payment>
public typealias FaultID = Identifier<IdentifierKinds.Fault>
