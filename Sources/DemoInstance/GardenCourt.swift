import Foundation
import GuestCraftAPI

/// Garden Court Hotel: the generated property, with `--rooms` rooms and stays around the business date, made from a seed.
enum GardenCourt {
    static let propertyID = PropertyID("prp_garden")
    static let name = "Garden Court Hotel"

    static let roomTypes: [(id: String, name: String, rate: Int)] = [
        ("rmt_gstd", "Standard", 9900), ("rmt_gdlx", "Deluxe", 13900), ("rmt_gfam", "Family", 16900),
    ]

    private static let firstNames = [
        "Oliver", "Sophie", "Lukas", "Mia", "Noah", "Lena", "Elias", "Clara", "Felix", "Ida", "Mateo", "Sofia",
        "Liam", "Nora", "Hugo", "Alma", "Theo", "Freya", "Jan", "Zoë", "Ben", "Greta", "Leon", "Maja", "Finn",
        "Lucía", "Émile", "Chloé", "João", "Inês", "Björn", "Astrid", "Mehmet", "Elif", "Arjun", "Priya",
        "Kofi", "Ama", "Diego", "Valentina", "Sven", "Ingrid", "Pavel", "Katarzyna", "Omar", "Leila",
    ]
    private static let lastNames = [
        "Schmidt", "Novak", "Rossi", "Jensen", "Dubois", "Silva", "Kowalczyk", "Nielsen", "Fischer", "Moreau",
        "García", "Müller", "Larsen", "Costa", "Horvat", "Berg", "Ferreira", "Keller", "Lindholm", "Bianchi",
        "Yılmaz", "Patel", "Mensah", "O'Connor", "van Dijk", "Nowak", "Petrović", "Andersson", "Weiß", "Santos",
    ]
    /// Whole names that are not "first last": other scripts and very long names.
    private static let wholeNames = [
        "王芳", "张伟", "佐藤 健", "김민준", "Дмитрий Иванов", "Αλέξανδρος Παπαδόπουλος", "محمد الأحمد",
        "Nguyễn Thị Minh Khai", "Søren Østergaard-Kjærsgaard",
        "Maria Fernanda de los Ángeles García-Villalobos y Montenegro",
        "Sir Alexander Montgomery-Fotheringham-Whitcombe III",
        "Bartholomew Aurelius Featherstonehaugh-Cholmondeley",
    ]
    private static let phonePrefixes = ["+49 30 5550", "+44 20 7946", "+33 1 5555", "+39 06 5555", "+1 212 555", "+46 8 5555"]
    private static let notes = [
        "Allergic to feathers: synthetic pillows.", "Anniversary: flowers in the room.", "Early check-in requested.",
        "Late check-out requested until 13:00.", "Parking space booked.", "Quiet room away from the lift.",
    ]
    private static let blockReasons = ["Broken window latch", "Heating fault", "Repainting", "Carpet replacement"]

    /// What a unit holds on the business date, for its tasks.
    private struct UnitDay {
        var id = ""
        var departing: String?
        var inHouse: String?
        var arriving: String?
        var status = "clean"
    }

    static func write(_ w: HotelWriter, rooms: Int, seed: UInt64, businessDate today: BusinessDate,
                      firstTask: Int) throws -> Int {
        var random = SeededRandom(seed: seed)
        let property = propertyID.rawValue
        let perFloor = rooms <= 120 ? 20 : 50
        var days: [UnitDay] = []
        days.reserveCapacity(rooms)
        var blocked: [Int: (from: BusinessDate, to: BusinessDate)] = [:]
        var blockCount = 0

        // Rooms, and a few out of order or out of service around the business date.
        var numbers: [String] = []
        for index in 0..<rooms {
            let floor = index / perFloor + 1
            let number = String(floor * 100 + index % perFloor + 1)
            numbers.append(number)
            let type = roomTypes[typeIndex(index)]
            var status = statuses[random.below(statuses.count)]
            let version = 1 + random.below(6)
            let updated = midnight(today.adding(days: -1)) + 6 * 3_600_000 + Int64(random.below(22 * 60)) * 60_000
            if rooms >= 20, index % 40 == 17 {
                blockCount += 1
                let kind = blockCount % 2 == 1 ? "out_of_order" : "out_of_service"
                status = kind
                let range = (from: today.adding(days: -1), to: today.adding(days: 2))
                blocked[index] = range
                try w.block(id: "blk_g\(Ids.make("", blockCount))", property: property, unit: "unt_g\(number)",
                            kind: kind, from: range.from, to: range.to, reason: random.pick(blockReasons))
            }
            try w.unit(id: "unt_g\(number)", property: property, number: number, roomType: type.id, floor: floor,
                       status: status, version: version, updatedMS: updated)
            days.append(UnitDay(id: "unt_g\(number)", status: status))
        }

        // Two fixed stays: Amelia Hart's past stay (docs/api.md, guests.get) and a check-out of the day before.
        try w.guest(id: "gst_0100", name: "Oskar Lindgren", email: "oskar.lindgren@example.se", phone: "+46 8 5555 0142")
        let first = "unt_g\(numbers[0])"
        let firstType = roomTypes[typeIndex(0)]
        try fixedStay(w, reservation: "rsv_0101", code: "GC-2001", guest: "gst_0001", stay: "sty_0101", unit: first,
                      number: numbers[0], type: firstType, checkIn: w.day("2026-06-10"), nights: 2)
        try fixedStay(w, reservation: "rsv_0102", code: "GC-2002", guest: "gst_0100", stay: "sty_0102", unit: first,
                      number: numbers[0], type: firstType, checkIn: w.day("2026-10-29"), nights: 3)

        var reservationNumber = 102
        var guestNumber = 100
        var guestIDs: [String] = []
        let end = today.adding(days: 8)
        for index in 0..<rooms {
            let type = roomTypes[typeIndex(index)]
            let unitID = days[index].id
            var cursor = index == 0 ? today.adding(days: -1) : today.adding(days: -2 - random.below(3))
            while cursor < end {
                if let block = blocked[index], cursor >= block.from, cursor < block.to {
                    cursor = block.to
                    continue
                }
                if random.chance(25) {
                    cursor = cursor.adding(days: 1 + random.below(2))
                    continue
                }
                var checkOut = cursor.adding(days: lengths[random.below(lengths.count)])
                if let block = blocked[index], cursor < block.from, checkOut > block.from { checkOut = block.from }
                let checkIn = cursor
                cursor = checkOut

                reservationNumber += 1
                let reservationID = Ids.make("rsv_", reservationNumber)
                let stayID = Ids.make("sty_", reservationNumber)
                let guestID: String
                if !guestIDs.isEmpty, random.chance(30) {
                    guestID = random.pick(guestIDs)
                } else {
                    guestNumber += 1
                    guestID = Ids.make("gst_", guestNumber)
                    try makeGuest(w, id: guestID, number: guestNumber, random: &random)
                    guestIDs.append(guestID)
                }

                var stayStatus = "reserved"
                var reservationStatus = "confirmed"
                var checkedIn: Int64?
                var checkedOut: Int64?
                if checkOut < today || (checkOut == today && random.chance(30)) {
                    stayStatus = "checked_out"
                    reservationStatus = "checked_out"
                    checkedIn = arrivalInstant(checkIn, &random)
                    checkedOut = midnight(checkOut) + 8 * 3_600_000 + 30 * 60_000 + Int64(random.below(150)) * 60_000
                } else if checkIn < today {
                    stayStatus = "checked_in"
                    reservationStatus = "checked_in"
                    checkedIn = arrivalInstant(checkIn, &random)
                } else if checkIn > today, random.chance(4) {
                    stayStatus = "cancelled"
                    reservationStatus = "cancelled"
                } else if checkIn > today, random.chance(5) {
                    reservationStatus = "tentative"
                }
                let assigned = stayStatus == "reserved" && random.chance(20) ? nil : unitID
                let nights = checkIn.days(until: checkOut)
                try w.reservation(id: reservationID, property: property, code: "GC-\(2000 + reservationNumber - 100)",
                                  guest: guestID, status: reservationStatus, version: 1 + random.below(3),
                                  notes: random.chance(10) ? random.pick(notes) : nil, arrival: checkIn, departure: checkOut)
                let children = type.id == "rmt_gfam" ? 1 + random.below(2) : 0
                try w.stay(HotelWriter.StayRow(
                    id: stayID, reservation: reservationID, property: property, position: 0, roomType: type.id,
                    unit: assigned, adults: 1 + random.below(2), children: children, status: stayStatus,
                    checkIn: checkIn, checkOut: checkOut, checkedInMS: checkedIn, checkedOutMS: checkedOut))

                // Folios: nightly charges while in house, one line once left, a deposit for some future stays.
                let label = "Room \(numbers[index]), \(type.name)"
                switch stayStatus {
                case "checked_in":
                    var total = 0
                    var position = 0
                    var night = checkIn
                    while night < today {
                        try w.charge(reservation: reservationID, position: position, date: night, description: label,
                                     amount: type.rate)
                        total += type.rate
                        position += 1
                        night = night.adding(days: 1)
                    }
                    if random.chance(20) {
                        let extra = 450 + random.below(30) * 50
                        try w.charge(reservation: reservationID, position: position, date: today.adding(days: -1),
                                     description: random.pick(extras), amount: extra)
                        total += extra
                    }
                    let paid = random.chance(60) ? total : total / 2
                    if paid > 0 {
                        try w.payment(reservation: reservationID, position: 0, date: checkIn,
                                      method: random.pick(methods), amount: paid)
                    }
                case "checked_out":
                    let total = type.rate * nights
                    try w.charge(reservation: reservationID, position: 0, date: checkOut.adding(days: -1),
                                 description: "\(label), \(nights) night\(nights == 1 ? "" : "s")", amount: total)
                    try w.payment(reservation: reservationID, position: 0, date: checkOut, method: "card", amount: total)
                default:
                    if stayStatus == "reserved", random.chance(10) {
                        try w.payment(reservation: reservationID, position: 0, date: today.adding(days: -3),
                                      method: "bank_transfer", amount: 5000)
                    }
                }

                if assigned != nil {
                    if stayStatus == "checked_in", checkOut == today { days[index].departing = reservationID }
                    if stayStatus == "checked_in", checkOut > today { days[index].inHouse = reservationID }
                    if stayStatus == "reserved", checkIn == today { days[index].arriving = reservationID }
                }
            }
        }

        // Tasks of the business date: departures to clean, some stayovers, arrivals to inspect.
        var taskNumber = firstTask
        for (index, day) in days.enumerated() {
            var kind: String?
            var reservation: String?
            if let departing = day.departing {
                (kind, reservation) = ("clean_departure", departing)
            } else if let inHouse = day.inHouse, index % 2 == 0 {
                (kind, reservation) = ("clean_stayover", inHouse)
            } else if let arriving = day.arriving, day.status != "inspected" {
                (kind, reservation) = ("inspect", arriving)
            }
            guard let kind else { continue }
            taskNumber += 1
            let status = random.chance(10) ? "done" : random.chance(10) ? "in_progress" : "open"
            try w.task(id: Ids.make("tsk_", taskNumber), property: property, unit: day.id, kind: kind, status: status,
                       note: nil, due: today, assignee: taskNumber % 2 == 0 ? DemoMember.supervisor.userID.rawValue : nil,
                       reservation: reservation, version: status == "open" ? 1 : 2)
        }
        return taskNumber
    }

    private static let statuses = ["clean", "clean", "clean", "dirty", "dirty", "inspected", "inspected"]
    /// Nights of a generated stay, as often as they appear here.
    private static let lengths = [1, 1, 2, 2, 2, 3, 3, 4, 5, 7]
    private static let extras = ["Minibar", "Restaurant", "Bar", "Laundry"]
    private static let methods = ["card", "card", "cash"]
    /// E-mail slugs of the Latin names, made once.
    private static let slugs: [String: String] = {
        var slugs: [String: String] = [:]
        for name in firstNames + lastNames { slugs[name] = asciiSlug(name) }
        return slugs
    }()

    /// 00:00 UTC of a date, in milliseconds.
    private static func midnight(_ date: BusinessDate) -> Int64 { Int64(date.daysSinceEpoch) * 86_400_000 }

    private static func typeIndex(_ index: Int) -> Int {
        switch index % 10 {
        case 0...5: 0
        case 6...8: 1
        default: 2
        }
    }

    private static func arrivalInstant(_ date: BusinessDate, _ random: inout SeededRandom) -> Int64 {
        midnight(date) + 13 * 3_600_000 + Int64(random.below(420)) * 60_000
    }

    private static func fixedStay(_ w: HotelWriter, reservation: String, code: String, guest: String, stay: String,
                                  unit: String, number: String, type: (id: String, name: String, rate: Int),
                                  checkIn: BusinessDate, nights: Int) throws {
        let checkOut = checkIn.adding(days: nights)
        try w.reservation(id: reservation, property: propertyID.rawValue, code: code, guest: guest, status: "checked_out",
                          version: 3, notes: nil, arrival: checkIn, departure: checkOut)
        try w.stay(HotelWriter.StayRow(
            id: stay, reservation: reservation, property: propertyID.rawValue, position: 0, roomType: type.id, unit: unit,
            adults: 1, children: 0, status: "checked_out", checkIn: checkIn, checkOut: checkOut,
            checkedInMS: midnight(checkIn) + 14 * 3_600_000 + 3 * 60_000,
            checkedOutMS: midnight(checkOut) + 9 * 3_600_000 + 41 * 60_000))
        let total = type.rate * nights
        try w.charge(reservation: reservation, position: 0, date: checkOut.adding(days: -1),
                     description: "Room \(number), \(type.name), \(nights) nights", amount: total)
        try w.payment(reservation: reservation, position: 0, date: checkOut, method: "card", amount: total)
    }

    private static func makeGuest(_ w: HotelWriter, id: String, number: Int, random: inout SeededRandom) throws {
        var email: String?
        let name: String
        if random.chance(12) {
            name = random.pick(wholeNames)
            email = "guest\(number)@example.org"
        } else {
            let first = random.pick(firstNames)
            let last = random.pick(lastNames)
            name = "\(first) \(last)"
            email = "\(slugs[first] ?? "guest").\(slugs[last] ?? "guest")\(number)@example.com"
        }
        if random.chance(10) { email = nil }
        let phone = random.chance(10) ? nil : "\(random.pick(phonePrefixes)) \(1000 + random.below(9000))"
        try w.guest(id: id, name: name, email: email, phone: phone)
    }

    /// Lowercase ASCII letters of a Latin name, for e-mail addresses.
    private static func asciiSlug(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        return String(folded.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) }.map(Character.init))
    }
}
