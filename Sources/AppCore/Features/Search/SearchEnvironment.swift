import Foundation
import GuestCraftAPI

/// What the Search tab needs from outside (built live over the instance client).
public struct SearchEnvironment: Sendable {
    /// `search` for a text of at least 2 characters: never saved (search needs the instance).
    public var search: @Sendable (String) async -> ReadResult<SearchResults>
    /// (Each kind the role may not search answers null: the screen says why.)

    public init(search: @escaping @Sendable (String) async -> ReadResult<SearchResults>) {
        self.search = search
    }
}
