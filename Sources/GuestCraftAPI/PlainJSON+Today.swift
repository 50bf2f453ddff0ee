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
