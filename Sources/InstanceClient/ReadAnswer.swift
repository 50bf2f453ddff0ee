import Foundation
import GuestCraftAPI

/// A read that came back with a body: the value, its ETag (for the next `If-None-Match`) and
/// what it cost on the wire.
public struct Fresh<Value: Sendable>: Sendable {
    public let value: Value
    public let etag: ETag?
    /// Header and body bytes received.
    public let wireBytes: Int
    /// The JSON the value was read from (decompressed): saved as it came, rather than encoded
    /// again from the value (empty for an answer without a body).
    public let body: Data

    public init(value: Value, etag: ETag?, wireBytes: Int, body: Data = Data()) {
        self.value = value
        self.etag = etag
        self.wireBytes = wireBytes
        self.body = body
    }
}

extension Fresh: Equatable where Value: Equatable {}

/// The answer of a conditional read: a fresh value, or 304 (the saved copy is still current).
public enum ReadAnswer<Value: Sendable>: Sendable {
    case fresh(Fresh<Value>)
    /// 304: nothing changed since the ETag sent; the saved copy stands.
    case notModified(etag: ETag, wireBytes: Int)

    /// The value of a fresh answer, nil for 304.
    public var value: Value? {
        if case .fresh(let fresh) = self { return fresh.value }
        return nil
    }

    /// The ETag to send next time.
    public var etag: ETag? {
        switch self {
        case .fresh(let fresh): fresh.etag
        case .notModified(let etag, _): etag
        }
    }

    /// Header and body bytes received.
    public var wireBytes: Int {
        switch self {
        case .fresh(let fresh): fresh.wireBytes
        case .notModified(_, let bytes): bytes
        }
    }

    public var isNotModified: Bool {
        if case .notModified = self { return true }
        return false
    }
}

extension ReadAnswer: Equatable where Value: Equatable {}
