/// Rows made only when drawn: a long list (2,000 rooms) gives the screen their count, a way to
/// make the row at a position and the position of a row id, rather than every row; a frame
/// makes the rows in view and no others. Lazy rows take one line each (they never wrap) and
/// follow the screen's other rows.
public struct LazyRows: Sendable, Equatable {
    public let count: Int
    private let make: @Sendable (Int) -> Row
    private let find: @Sendable (RowID) -> Int?

    public init(count: Int, row: @escaping @Sendable (Int) -> Row, position: @escaping @Sendable (RowID) -> Int?) {
        self.count = count
        self.make = row
        self.find = position
    }

    /// The row at `position` (0 ..< count).
    public func row(_ position: Int) -> Row { make(position) }

    /// The position of the row with `id`, if one of these rows has it.
    public func position(of id: RowID) -> Int? { find(id) }

    /// Every row (tests and small lists; a frame never asks for them all).
    public var all: [Row] { (0..<count).map(make) }

    /// Equal when they make the same rows (compared row by row: for tests, not for frames).
    public static func == (a: LazyRows, b: LazyRows) -> Bool {
        a.count == b.count && a.all == b.all
    }
}
