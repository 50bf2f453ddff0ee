import Foundation
import GuestCraftAPI

/// What the Search tab needs from outside (built live over the instance client).
public struct SearchEnvironment: Sendable {
    /// `search` for a text of at least 2 characters: never saved (search needs the instance).
    public var search: @Sendable (String) async -> ReadResult<SearchResults>
    /// (Each kind the role may not search answers null: the screen says why.)

    /// The reservation and guest screens' clients.
    public var detail: DeskDetailEnvironment

    public init(search: @escaping @Sendable (String) async -> ReadResult<SearchResults>, detail: DeskDetailEnvironment) {
        self.search = search
        self.detail = detail
    }
}
