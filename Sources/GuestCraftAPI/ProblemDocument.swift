import Foundation

/// An RFC 9457 problem document (`application/problem+json`) with GuestCraft's stable `code`.
public struct ProblemDocument: Codable, Sendable, Equatable, Error {
    /// The media type of a problem document.
    public static let mediaType = "application/problem+json"

    /// `urn:guestcraft:problem:<code>`.
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    public var code: ProblemCode
    /// The request member or header the problem concerns (`device_name`, `from`, `If-Match`), if one.
    public var field: String?
    /// Seconds to wait, mirrored from the `Retry-After` header (429, 503).
    public var retryAfter: Int?

    enum CodingKeys: String, CodingKey {
        case type, title, status, detail, code, field
        case retryAfter = "retry_after"
    }

    public init(type: String, title: String, status: Int, detail: String, code: ProblemCode,
                field: String? = nil, retryAfter: Int? = nil) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.code = code
        self.field = field
        self.retryAfter = retryAfter
    }

    /// A document for a code of api.md, with its status, title and type filled in.
    public init(code: ProblemCode, detail: String, field: String? = nil, retryAfter: Int? = nil, status: Int? = nil) {
        let entry = ProblemCode.catalog[code]
        self.init(type: ProblemDocument.typeURI(for: code), title: entry?.title ?? code.rawValue,
                  status: status ?? entry?.status ?? 400, detail: detail, code: code, field: field, retryAfter: retryAfter)
    }

    /// The `type` URI of a code.
    public static func typeURI(for code: ProblemCode) -> String { "urn:guestcraft:problem:\(code.rawValue)" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? "about:blank"
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        status = try c.decode(Int.self, forKey: .status)
        detail = try c.decodeIfPresent(String.self, forKey: .detail) ?? ""
        code = try c.decode(ProblemCode.self, forKey: .code)
        field = try c.decodeIfPresent(String.self, forKey: .field)
        retryAfter = try c.decodeIfPresent(Int.self, forKey: .retryAfter)
    }

    /// `field` and `retry_after` are left out when absent.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encode(title, forKey: .title)
        try c.encode(status, forKey: .status)
        try c.encode(detail, forKey: .detail)
        try c.encode(code, forKey: .code)
        try c.encodeIfPresent(field, forKey: .field)
        try c.encodeIfPresent(retryAfter, forKey: .retryAfter)
    }
}
