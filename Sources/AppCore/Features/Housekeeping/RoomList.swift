import Catalog
import GuestCraftAPI
import Locking

/// A mark beside a room's status: a change of this device not yet at the instance.
public enum RoomMark: Sendable, Equatable {
    case none
    /// Handed to the outbox, the answer not back yet.
    case sending
    /// Waiting in the outbox for a connection (or behind a held change).
    case queued
    /// A change of this room is held for the person's decision (Review).
    case held
}

/// One room as the Housekeeping tab holds it: the instance's copy and what the device shows.
public struct RoomEntry: Sendable, Equatable {
    /// The room as the instance last said (its status and the version the device read).
    public var unit: RoomUnit
    /// The status on screen: the instance's, or this device's change not yet sent.
    public var shown: HousekeepingStatus
    public var mark: RoomMark
    /// Its status on screen changed when the list last followed the instance (someone else's
    /// change): marked with a symbol and a word until the next such read.
    public var changed: Bool

    public init(unit: RoomUnit, shown: HousekeepingStatus? = nil, mark: RoomMark = .none, changed: Bool = false) {
        self.unit = unit
        self.shown = shown ?? unit.housekeepingStatus
        self.mark = mark
        self.changed = changed
    }
}

/// Which rooms the list shows.
public struct RoomFilter: Sendable, Equatable {
    /// The statuses a filter step shows; nil shows every room.
    public enum Status: Sendable, Equatable, CaseIterable {
        case dirty, clean, inspected, blocked

        func matches(_ status: HousekeepingStatus) -> Bool {
            switch self {
            case .dirty: status == .dirty
            case .clean: status == .clean
            case .inspected: status == .inspected
            case .blocked: status == .outOfOrder || status == .outOfService
            }
        }

        var word: String {
            switch self {
            case .dirty: L("housekeeping.status.dirty")
            case .clean: L("housekeeping.status.clean")
            case .inspected: L("housekeeping.status.inspected")
            case .blocked: L("housekeeping.filter.blocked")
            }
        }
    }

    public var status: Status?
    public var floor: Int?

    public init(status: Status? = nil, floor: Int? = nil) {
        self.status = status
        self.floor = floor
    }

    public var isEmpty: Bool { status == nil && floor == nil }

    func matches(_ entry: RoomEntry) -> Bool {
        if let floor, entry.unit.floor != floor { return false }
        if let status, !status.matches(entry.shown) { return false }
        return true
    }
}

/// Room numbers in the order people expect: numeric part first ("9" before "10"), then the text.
struct RoomNumberKey: Comparable, Sendable, Equatable {
    let number: Int
    let text: String

    init(_ text: String) {
        // The leading ASCII digits, read on the contiguous bytes (a grapheme walk cost more than the sort).
        number = text.utf8.withContiguousStorageIfAvailable(Self.leadingNumber) ?? Self.leadingNumber(Array(text.utf8))
        self.text = text
    }

    /// The number the leading ASCII digits make; `Int.max` without digits or past 15 of them.
    private static func leadingNumber<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        var value = 0
        var digits = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            digits += 1
            if digits <= 15 { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
        }
        return digits == 0 || digits > 15 ? Int.max : value
    }

    static func < (a: Self, b: Self) -> Bool { (a.number, a.text) < (b.number, b.text) }
}

/// Where each room is in a list, by id: open addressing on an FNV-1a hash of the id's bytes (a
/// dictionary of 2,000 ids, each hashed with SipHash, was most of the rooms' first frame). The first of a repeated id keeps its place. It holds positions only: `rooms` is
/// the list it was made from, whose ids do not change.
struct RoomIndex: Sendable, Equatable {
    /// A position in the list plus one; 0 is an empty slot.
    private var slots: [Int32]

    init(_ rooms: [RoomEntry]) {
        var capacity = 8
        while capacity < rooms.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        for position in rooms.indices {
            let id = rooms[position].unit.id
            var slot = Self.hash(id) & (capacity - 1)
            var repeated = false
            while slots[slot] != 0 {
                if rooms[Int(slots[slot]) - 1].unit.id == id {
                    repeated = true
                    break
                }
                slot = (slot + 1) & (capacity - 1)
            }
            if !repeated { slots[slot] = Int32(position + 1) }
        }
        self.slots = slots
    }

    func index(of id: UnitID, in rooms: [RoomEntry]) -> Int? {
        var slot = Self.hash(id) & (slots.count - 1)
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if rooms[position].unit.id == id { return position }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    private static func hash(_ id: UnitID) -> Int {
        var text = id.rawValue
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        }
    }
}

/// The rooms of the property sorted by number and the filtered view kept up to date; a room's
/// row is made only when a frame draws it (`lazyRows`), so neither a read nor a frame builds
/// 2,000 rows.
public struct RoomList: Sendable, Equatable {
    /// Every room, by number.
    public private(set) var rooms: [RoomEntry] = []
    /// Indices into `rooms` of the rooms the filter shows, ascending.
    public private(set) var visible: [Int] = []
    /// The floors present, ascending.
    public private(set) var floors: [Int] = []
    public private(set) var filter = RoomFilter()
    private var indexByID = RoomIndex([])
    private var numberWidth = 3

    public init() {}

    /// Replaces the rooms (a read), keeping the filter; `changed` (nil: none) says which rooms
    /// to mark as changed by someone else.
    public init(units: [RoomUnit], filter: RoomFilter = RoomFilter(),
                marks: (RoomUnit) -> (HousekeepingStatus?, RoomMark) = { _ in (nil, .none) },
                changed: ((RoomEntry) -> Bool)? = nil) {
        // Sorted by index, so the rooms themselves are moved once; an instance's list usually
        // comes in order already, and then it is neither sorted nor are its keys kept.
        // Without `changed` an entry is not copied to be asked (2,000 copies at the start).
        func entry(_ unit: RoomUnit) -> RoomEntry {
            let (shown, mark) = marks(unit)
            guard let changed else { return RoomEntry(unit: unit, shown: shown, mark: mark) }
            var entry = RoomEntry(unit: unit, shown: shown, mark: mark)
            entry.changed = changed(entry)
            return entry
        }
        let rooms = Self.shownOrder(units).map { $0.map { entry(units[$0]) } } ?? units.map(entry)
        // Floors come in runs: the set is asked only when the floor changes.
        var floorSeen = Set<Int>()
        var lastFloor: Int?
        var numberWidth = 3
        for index in rooms.indices {
            let floor = rooms[index].unit.floor
            if floor != lastFloor {
                floorSeen.insert(floor)
                lastFloor = floor
            }
            numberWidth = max(numberWidth, Self.width(ofNumber: rooms[index].unit.number))
        }
        self.rooms = rooms
        indexByID = RoomIndex(rooms)
        floors = floorSeen.sorted()
        self.numberWidth = numberWidth
        self.filter = filter
        refilter()
    }

    /// The first `count` rooms in the order the list shows them, and the columns its widest
    /// number takes: what a saved list's head keeps (`RoomsPreview`, #18).
    public static func head(of units: [RoomUnit], first count: Int) -> (units: [RoomUnit], numberWidth: Int) {
        let numberWidth = units.reduce(3) { max($0, width(ofNumber: $1.number)) }
        let first = shownOrder(units).map { $0.prefix(count).map { units[$0] } } ?? Array(units.prefix(count))
        return (first, numberWidth)
    }

    /// The indices of `units` in the order the list shows them (by number), or nil when that is
    /// the order they come in (an instance's list usually does: then neither sorted nor keyed).
    private static func shownOrder(_ units: [RoomUnit]) -> [Int]? {
        guard !inOrder(units) else { return nil }
        let keys = units.map { RoomNumberKey($0.number) }
        return units.indices.sorted { keys[$0] < keys[$1] }
    }

    /// The numbers take at least `columns` (a preview's, as wide as the whole list's).
    public mutating func widenNumbers(to columns: Int) {
        numberWidth = max(numberWidth, columns)
    }

    /// Whether the rooms are by number already (each no less than the one before).
    private static func inOrder(_ units: [RoomUnit]) -> Bool {
        guard !units.isEmpty else { return true }
        // By index: a loop over the rooms themselves copied each one to read its number.
        var previous = RoomNumberKey(units[0].number)
        for index in units.indices.dropFirst() {
            let key = RoomNumberKey(units[index].number)
            if key < previous { return false }
            previous = key
        }
        return true
    }

    public var isEmpty: Bool { rooms.isEmpty }

    /// The columns a room number takes on screen (as its row draws it, sanitized).
    private static func width(ofNumber number: String) -> Int {
        InertText.isPlainASCII(number) ? number.utf8.count : DisplayWidth.of(InertText.sanitize(number))
    }

    /// The index in `rooms` of a room.
    public func index(of id: UnitID) -> Int? { indexByID.index(of: id, in: rooms) }

    public func entry(_ id: UnitID) -> RoomEntry? { index(of: id).map { rooms[$0] } }

    /// The position in `visible` of a room, if the filter shows it.
    public func position(of id: UnitID) -> Int? {
        guard let index = index(of: id) else { return nil }
        return Self.binarySearch(visible, index)
    }

    /// The room shown at `position` of the filtered list.
    public func visibleID(at position: Int) -> UnitID? {
        visible.indices.contains(position) ? rooms[visible[position]].unit.id : nil
    }

    /// Shows only the rooms `filter` matches.
    public mutating func setFilter(_ filter: RoomFilter) {
        guard filter != self.filter else { return }
        self.filter = filter
        refilter()
    }

    /// Changes one room (its status on screen, its mark, or the instance's copy); it stays where
    /// it is in the filtered list until the filter changes.
    public mutating func update(_ id: UnitID, _ change: (inout RoomEntry) -> Void) {
        guard let index = index(of: id) else { return }
        change(&rooms[index])
    }

    /// The rows of the visible rooms, made as a frame draws them.
    public var lazyRows: LazyRows {
        let (rooms, visible, width, indexByID) = (self.rooms, self.visible, numberWidth, self.indexByID)
        // One set of labels for every row these make, not six asks of the catalog a row.
        let labels = Locked(RowLabels())
        return LazyRows(count: visible.count, row: { position in
            labels.withLock { Self.row(rooms[visible[position]], numberWidth: width, labels: &$0) }
        }, position: { id in
            Self.unitID(of: id).flatMap { indexByID.index(of: $0, in: rooms) }.flatMap { Self.binarySearch(visible, $0) }
        })
    }

    /// The first room whose number is `text`, else the first that starts with it.
    /// The room whose number is exactly `text` (letters in any case), for scans.
    /// The room numbered `text` exactly (a scanned tag): `0203` is room 203, as tags are often
    /// printed with leading zeros; never a room that only shares its first digits.
    public func exact(number text: String) -> UnitID? {
        if let room = rooms.first(where: { $0.unit.number.caseInsensitiveCompare(text) == .orderedSame }) {
            return room.unit.id
        }
        let bare = Self.withoutLeadingZeros(text)
        guard bare != text else { return nil }
        return rooms.first { Self.withoutLeadingZeros($0.unit.number).caseInsensitiveCompare(bare) == .orderedSame }?.unit.id
    }

    static func withoutLeadingZeros(_ number: String) -> String {
        let trimmed = number.drop { $0 == "0" }
        return trimmed.isEmpty ? String(number.suffix(1)) : String(trimmed)
    }

    public func match(number text: String) -> UnitID? {
        guard !text.isEmpty else { return nil }
        if let exact = rooms.first(where: { $0.unit.number.caseInsensitiveCompare(text) == .orderedSame }) {
            return exact.unit.id
        }
        let lowered = text.lowercased()
        return rooms.first { $0.unit.number.lowercased().hasPrefix(lowered) }?.unit.id
    }

    private mutating func refilter() {
        visible = filter.isEmpty ? Array(rooms.indices) : rooms.indices.filter { filter.matches(rooms[$0]) }
    }

    private static func binarySearch(_ sorted: [Int], _ value: Int) -> Int? {
        var low = 0
        var high = sorted.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if sorted[mid] == value { return mid }
            if sorted[mid] < value { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    /// The row id of a room.
    public static func rowID(_ id: UnitID) -> RowID { RowID("room." + id.rawValue) }

    /// The room of a row id.
    public static func unitID(of row: RowID) -> UnitID? {
        row.rawValue.hasPrefix("room.") ? UnitID(String(row.rawValue.dropFirst(5))) : nil
    }

    /// "101  F1  Arriving   Double" … "✓ Clean ↑".
    static func row(_ entry: RoomEntry, numberWidth: Int, labels: inout RowLabels) -> Row {
        let unit = entry.unit
        let number = InertString(DisplayWidth.fit(InertText.sanitize(unit.number), to: numberWidth) + " ")
        var trailing = [labels.status(entry.shown)]
        switch entry.mark {
        case .none: break
        case .sending, .queued: trailing.append(labels.queued)
        case .held: trailing.append(labels.held)
        }
        if entry.changed { trailing.insert(labels.changed, at: 0) }
        var spans = [
            Span(number),
            labels.floor(unit.floor),
            labels.occupancy(unit.occupancy),
            Span(inert: unit.roomType.name, style: .muted),
        ]
        // A blocked room says until when and why, on its row (#31).
        if let block = unit.block { spans.append(Span(" · " + HousekeepingView.blockText(block), style: .noticeWarning)) }
        return Row(id: rowID(unit.id), spans, trailing: trailing)
    }
}

/// The spans room rows share (status, occupancy, floor, marks), made once per frame's rows
/// rather than once per row.
struct RowLabels {
    private var statuses: [HousekeepingStatus: Span] = [:]
    private var occupancies: [Occupancy: Span] = [:]
    private var floors: [Int: Span] = [:]
    let queued = Span(" " + L("housekeeping.mark.queued"), style: .muted)
    let held = Span(" " + L("housekeeping.mark.held"), style: .noticeWarning)
    let changed = Span(L("housekeeping.mark.changed") + " ", style: .noticeInfo)

    mutating func status(_ status: HousekeepingStatus) -> Span {
        if let span = statuses[status] { return span }
        let span = Span(StatusLabels.label(status), style: StatusLabels.style(status))
        statuses[status] = span
        return span
    }

    mutating func occupancy(_ occupancy: Occupancy) -> Span {
        if let span = occupancies[occupancy] { return span }
        let span = Span(DisplayWidth.fit(StatusLabels.occupancy(occupancy), to: 9) + " ")
        occupancies[occupancy] = span
        return span
    }

    mutating func floor(_ floor: Int) -> Span {
        if let span = floors[floor] { return span }
        let span = Span(DisplayWidth.fit(L("housekeeping.floor_short", ["floor": floor]), to: 3) + " ", style: .muted)
        floors[floor] = span
        return span
    }
}
