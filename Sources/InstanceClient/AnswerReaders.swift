import Foundation
import GuestCraftAPI
import HTTPClient

/// The readers of an instance's answers that see bytes from the network before anything else,
/// public for the fuzz checks (`Tests/Fuzz`): the same functions `Wire` calls.
public enum AnswerReaders {
    /// What an error status says: its problem document (and `Retry-After`), or an invalid answer.
    public static func problem(in response: HTTPResponse) -> GuestCraftError {
        Wire.problem(in: response)
    }

    /// A `Retry-After` value: seconds, or an HTTP date compared with `now`.
    public static func retryAfter(_ value: String, now: Date) -> Duration? {
        RetryAfter.parse(value, now: now)
    }

    /// The media type of an answer, lowercased, without parameters.
    public static func mediaType(_ response: HTTPResponse) -> String? {
        Wire.mediaType(response)
    }
}
