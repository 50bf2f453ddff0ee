import Foundation
import JSONBytes

// MARK: - Today read straight from the bytes

extension TodayOverview: PlainEnvelopeReadable {
    /// Today as `init(from:)` reads it, from the bytes (thousands of stays at a 2,000-room hotel:
    /// JSONDecoder was most of Today's first frame).
    public init?(plainJSON data: Data) {
        guard let today = PlainReading.whole(data, { $0.todayOverview() }) else { return nil }
        self = today
    }

    public static func plainEnvelope(_ data: Data, valueKey: String) -> (value: TodayOverview, others: [String: PlainJSON])? {
        PlainReading.envelope(data, valueKey: valueKey) { $0.todayOverview() }
    }
}

extension JSONReader {
    /// An object of exactly the strings `id` and a second member (`code`, `number`, `name`);
    /// unknown members are read and ignored.
    mutating func reference(_ second: TodayKey) -> (id: String, other: String)? {
        var id: String?, other: String?
        let read = members { key, reader in
            let name = TodayKey(key)
            if name == .id { id = reader.stringValue(); return id != nil }
            if name == second { other = reader.stringValue(); return other != nil }
            return reader.skipValue()
        }
        guard read, let id, let other else { return nil }
        return (id, other)
    }

    mutating func staySummary() -> StaySummary? {
        var reservation: (id: String, other: String)?, unit: (id: String, other: String)?, type: (id: String, other: String)?
        var stayID: String?, guest: String?, checkIn: BusinessDate?, checkOut: BusinessDate?, status: String?
        var unitStatus: String?, balance: Int?, currency: String?
        let read = members { key, reader in
            switch TodayKey(key) {
            case .reservation: reservation = reader.reference(.code); return reservation != nil
            case .stayID: stayID = reader.stringValue(); return stayID != nil
            case .guestName: guest = reader.stringValue(); return guest != nil
            case .unit:
                if reader.null() { return true }
                unit = reader.reference(.number); return unit != nil
            case .roomType: type = reader.reference(.name); return type != nil
            case .checkInDate: checkIn = reader.stringValue().flatMap(BusinessDate.init); return checkIn != nil
            case .checkOutDate: checkOut = reader.stringValue().flatMap(BusinessDate.init); return checkOut != nil
            case .status: status = reader.stringValue(); return status != nil
            case .unitStatus:
                if reader.null() { return true }
                unitStatus = reader.stringValue(); return unitStatus != nil
            case .balanceMinor:
                if reader.null() { return true }
                balance = reader.integerValue(); return balance != nil
            case .currency:
                if reader.null() { return true }
                currency = reader.stringValue(); return currency != nil
            default: return reader.skipValue()
            }
        }
        guard read, let reservation, let stayID, let guest, let type, let checkIn, let checkOut, let status else { return nil }
        return StaySummary(reservation: ReservationRef(id: ReservationID(rawValue: reservation.id), code: reservation.other),
                           stayID: StayID(rawValue: stayID), guestName: guest,
                           unit: unit.map { UnitRef(id: UnitID(rawValue: $0.id), number: $0.other) },
                           roomType: RoomTypeRef(id: RoomTypeID(rawValue: type.id), name: type.other),
                           checkInDate: checkIn, checkOutDate: checkOut, status: StayStatus(rawValue: status),
                           unitStatus: unitStatus.map(HousekeepingStatus.init(rawValue:)), balanceMinor: balance,
                           currency: currency)
    }

    mutating func staySummaries() -> [StaySummary]? {
        var stays: [StaySummary] = []
        let read = elements { reader in
            guard let stay = reader.staySummary() else { return false }
            stays.append(stay)
            return true
        }
        return read ? stays : nil
    }

    mutating func todayOverview() -> TodayOverview? {
        var date: BusinessDate?, zone: String?
        var arrivals: [StaySummary]?, departures: [StaySummary]?, inHouse: [StaySummary]?, overdue: [StaySummary]?
        let read = members { key, reader in
            switch TodayKey(key) {
            case .businessDate: date = reader.stringValue().flatMap(BusinessDate.init); return date != nil
            case .timeZone: zone = reader.stringValue(); return zone != nil
            case .arrivals: arrivals = reader.staySummaries(); return arrivals != nil
            case .departures: departures = reader.staySummaries(); return departures != nil
            case .inHouse: inHouse = reader.staySummaries(); return inHouse != nil
            // Absent from an instance or a saved copy older than it: none overdue (as `init(from:)`).
            case .overdue: overdue = reader.staySummaries(); return overdue != nil
            default: return reader.skipValue()
            }
        }
        guard read, let date, let zone, let arrivals, let departures, let inHouse else { return nil }
        return TodayOverview(businessDate: date, timeZone: zone, arrivals: arrivals, departures: departures, inHouse: inHouse,
                             overdue: overdue ?? [])
    }

    /// The member names Today uses, matched on the bytes.
    enum TodayKey: Equatable {
        case id, code, number, name, reservation, stayID, guestName, unit, roomType, checkInDate, checkOutDate
        case status, unitStatus, balanceMinor, currency, businessDate, timeZone, arrivals, departures, inHouse, overdue
        case other

        init(_ key: UnsafeBufferPointer<UInt8>) {
            func is_(_ name: StaticString) -> Bool {
                JSONReader.same(key, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            }
            switch key.count {
            case 2 where is_("id"): self = .id
            case 4 where is_("code"): self = .code
            case 4 where is_("name"): self = .name
            case 4 where is_("unit"): self = .unit
            case 6 where is_("number"): self = .number
            case 6 where is_("status"): self = .status
            case 7 where is_("overdue"): self = .overdue
            case 7 where is_("stay_id"): self = .stayID
            case 8 where is_("currency"): self = .currency
            case 8 where is_("arrivals"): self = .arrivals
            case 8 where is_("in_house"): self = .inHouse
            case 9 where is_("room_type"): self = .roomType
            case 9 where is_("time_zone"): self = .timeZone
            case 10 where is_("guest_name"): self = .guestName
            case 10 where is_("departures"): self = .departures
            case 11 where is_("reservation"): self = .reservation
            case 13 where is_("check_in_date"): self = .checkInDate
            case 13 where is_("balance_minor"): self = .balanceMinor
            case 13 where is_("business_date"): self = .businessDate
            case 14 where is_("check_out_date"): self = .checkOutDate
            case 24 where is_("unit_housekeeping_status"): self = .unitStatus
            default: self = .other
            }
        }
    }
}

// MARK: - The head a saved Today carries (#34)

/// How many stays each of Today's lists has: what a saved Today's head keeps beside its first
/// stays, so a first frame drawn from the head counts each list as the whole copy does.
public struct TodayCounts: Sendable, Equatable {
    public var arrivals: Int
    public var departures: Int
    public var inHouse: Int
    public var overdue: Int

    public init(arrivals: Int, departures: Int, inHouse: Int, overdue: Int) {
        self.arrivals = arrivals
        self.departures = departures
        self.inHouse = inHouse
        self.overdue = overdue
    }

    public init(_ overview: TodayOverview) {
        self.init(arrivals: overview.arrivals.count, departures: overview.departures.count,
                  inHouse: overview.inHouse.count, overdue: overview.overdue.count)
    }
}

extension TodayOverview {
    /// The head a saved Today carries before its value — `{"etag":…,"head":{"arrivals":A,
    /// "departures":D,"in_house":I,"overdue":O,"value":{…the first stays…}},"value":…}` — read
    /// from the body's first bytes alone (#34: the desk's first frame is drawn from it while the
    /// whole copy is read): each list's count and an overview of the first stays. Read in the
    /// strict grammar: the head is written by our JSONEncoder, which escapes a guest's quote or
    /// control character. nil when the body has no head before its value, the bytes end inside
    /// it, or a list has more stays than its count.
    public static func plainSavedHead(_ prefix: Data) -> (counts: TodayCounts, first: TodayOverview)? {
        prefix.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self), grammar: .strict)
            return reader.savedHead { $0.todayHeadMembers() }
        }
    }

    /// The head `plainSavedHead` reads, written from the first stays' JSON (`firstJSON`, a
    /// `TodayOverview` encoded by JSONEncoder).
    public static func savedHeadJSON(counts: TodayCounts, firstJSON: Data) -> Data {
        Data(#"{"arrivals":\#(counts.arrivals),"departures":\#(counts.departures),"in_house":\#(counts.inHouse),"#.utf8)
            + Data(#""overdue":\#(counts.overdue),"value":"#.utf8) + firstJSON + Data("}".utf8)
    }
}

extension JSONReader {
    /// The members of a saved Today's head: each list's count and the first stays' overview.
    mutating func todayHeadMembers() -> (counts: TodayCounts, first: TodayOverview)? {
        var arrivals: Int?, departures: Int?, inHouse: Int?, overdue: Int?
        var first: TodayOverview?
        let read = members { key, reader in
            switch TodayKey(key) {
            case .arrivals: arrivals = reader.integerValue(); return arrivals != nil
            case .departures: departures = reader.integerValue(); return departures != nil
            case .inHouse: inHouse = reader.integerValue(); return inHouse != nil
            case .overdue: overdue = reader.integerValue(); return overdue != nil
            case .other where JSONReader.same(key, Self.valueKey):
                first = reader.todayOverview()
                return first != nil
            default: return reader.skipValue()
            }
        }
        guard read, let arrivals, let departures, let inHouse, let overdue, let first,
              first.arrivals.count <= arrivals, first.departures.count <= departures,
              first.inHouse.count <= inHouse, first.overdue.count <= overdue else { return nil }
        return (TodayCounts(arrivals: arrivals, departures: departures, inHouse: inHouse, overdue: overdue), first)
    }

    private static var valueKey: UnsafeBufferPointer<UInt8> {
        let name: StaticString = "value"
        return UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    }
}
