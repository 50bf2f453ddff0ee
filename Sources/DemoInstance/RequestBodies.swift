import Foundation
import GuestCraftAPI

/// Reading request bodies and preconditions the way docs/api.md says: 415, 400 with the member named, 428 and 412.
extension DemoService {
    /// The JSON body as `T`; 415 for another media type, 400 `request.malformed` naming the member otherwise.
    func decode<T: Decodable>(_ type: T.Type, from call: Call, emptyAs empty: T? = nil) throws -> T {
        let body = call.request.body
        if !body.isEmpty, let contentType = call.header(HeaderName.contentType), mediaType(contentType) != "application/json" {
            throw Refusal(.requestUnsupportedMediaType, "Send the body as application/json.", field: HeaderName.contentType)
        }
        if body.isEmpty || body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            if let empty { return empty }
            throw Refusal(.requestMalformed, "The request needs a JSON body.")
        }
        do {
            return try APIJSON.decode(type, from: body)
        } catch {
            throw Refusal(.requestMalformed, "The body does not follow the contract: \(error.description).",
                          field: error.path.isEmpty ? nil : error.path)
        }
    }

    /// `application/json` of `Application/JSON; charset=utf-8`.
    func mediaType(_ header: String) -> String {
        (header.split(separator: ";").first.map(String.init) ?? header).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Checks `If-Match` against the ETag of `thing` (a reservation, a task): 428 without it, 412 with another tag.
    func checkIfMatch(_ call: Call, etag: ETag, thing: String, mismatch: ProblemCode) throws(Refusal) {
        let isSession = mismatch == .deviceSessionVersionMismatch
        guard let header = call.header(HeaderName.ifMatch) else {
            throw Refusal(.preconditionRequired,
                          "Send If-Match with the \(thing)'s \(isSession ? "created_at" : "version").",
                          field: HeaderName.ifMatch)
        }
        guard etag.matches(ifMatch: header) else {
            let sent = ETag(header: header)?.value ?? printable(header)
            let detail = isSession
                ? "If-Match does not name this device session."
                : "The \(thing) changed since version \(sent); read it again."
            throw Refusal(mismatch, detail, field: HeaderName.ifMatch)
        }
    }

    /// 422 `request.invalid` naming `field`.
    func invalid(_ field: String, _ detail: String) -> Refusal {
        Refusal(.requestInvalid, detail, field: field)
    }
}
