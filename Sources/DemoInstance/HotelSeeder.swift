import Foundation
import GuestCraftAPI
import SodiumCrypto
import SQLiteDB

/// Fills a new database with the demo workspace: properties, members, Harbour View, Garden Court, extra inns.
enum HotelSeeder {
    static let workspaceID = WorkspaceID("wsp_demo")
    static let workspaceName = "GuestCraft Demo Hotels"
    static let instanceName = "Harbour View Demo"
    static let timeZone = DemoConfiguration.propertyTimeZone
    static let currency = "EUR"

    static func seed(_ db: Database, configuration: DemoConfiguration) throws {
        try db.transaction {
            let businessDate = configuration.startingBusinessDate
            let w = HotelWriter(db: db, businessDate: businessDate)
            let date = businessDate.description
            let addProperty = try db.prepare("""
                INSERT INTO properties (id, name, time_zone, currency, business_date, position) VALUES (?, ?, ?, ?, ?, ?)
                """)
            func property(_ id: String, _ name: String, _ position: Int) throws {
                try addProperty.bind([.text(id), .text(name), .text(timeZone), .text(currency), .text(date),
                                      .integer(Int64(position))])
                try addProperty.run()
                addProperty.reset()
            }
            try property(HarbourView.propertyID.rawValue, HarbourView.name, 0)
            try property(GardenCourt.propertyID.rawValue, GardenCourt.name, 1)

            let addType = try db.prepare("INSERT INTO room_types (id, property_id, name, position) VALUES (?, ?, ?, ?)")
            func roomType(_ id: String, _ property: String, _ name: String, _ position: Int) throws {
                try addType.bind([.text(id), .text(property), .text(name), .integer(Int64(position))])
                try addType.run()
                addType.reset()
            }
            for (position, type) in HarbourView.roomTypes.enumerated() {
                try roomType(type.id, HarbourView.propertyID.rawValue, type.name, position)
            }
            for (position, type) in GardenCourt.roomTypes.enumerated() {
                try roomType(type.id, GardenCourt.propertyID.rawValue, type.name, position)
            }

            let passwordDigest = SHA256.hash(DemoMember.password).hex
            for member in DemoMember.allCases {
                try db.run("""
                    INSERT INTO members (user_id, member_key, name, email, role, password_sha256, all_properties)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [.text(member.userID.rawValue), .text(member.rawValue), .text(member.name), .text(member.email),
                          .text(member.role.rawValue), .text(passwordDigest), .integer(member.initialProperties == nil ? 1 : 0)])
                for (position, permission) in member.role.demoPermissions.enumerated() {
                    try db.run("INSERT INTO member_permissions (user_id, permission, position) VALUES (?, ?, ?)",
                               [.text(member.userID.rawValue), .text(permission.rawValue), .integer(Int64(position))])
                }
                for property in member.initialProperties ?? [] {
                    try db.run("INSERT INTO member_properties (user_id, property_id) VALUES (?, ?)",
                               [.text(member.userID.rawValue), .text(property.rawValue)])
                }
            }

            try HarbourView.write(w)
            let lastTask = try GardenCourt.write(w, rooms: configuration.rooms, seed: configuration.seed,
                                                 businessDate: businessDate,
                                                 firstTask: HarbourView.lastTaskNumber)

            // Small inns to page the property list: four rooms each, no stays.
            for number in 0..<configuration.extraProperties {
                let suffix = String(format: "%03d", number + 1)
                let id = "prp_inn\(suffix)"
                try property(id, "Demo Inn \(suffix)", 2 + number)
                try roomType("rmt_inn\(suffix)", id, "Standard", 0)
                for room in 1...4 {
                    try w.unit(id: "unt_inn\(suffix)_\(room)", property: id, number: "\(100 + room)",
                               roomType: "rmt_inn\(suffix)", floor: 1, status: "clean", version: 1,
                               updatedMS: w.instant("2026-11-01T09:00:00Z"))
                }
            }

            try w.finish()

            for session in HarbourView.seededDeviceSessions {
                try db.run("""
                    INSERT INTO device_sessions (id, user_id, name, token_sha256, created_ms, last_used_ms)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """, [.text(session.id), .text(DemoMember.frontdesk.userID.rawValue), .text(session.name),
                          .text(SHA256.hash(SecureRandom.data(32)).hex), .integer(w.instant(session.created)),
                          SQLValue(session.lastUsed.map(w.instant))])
            }

            try db.run("INSERT INTO counters (name, next) VALUES ('task', ?), ('block', ?)",
                       [.integer(Int64(lastTask + 1)), .integer(Int64(HarbourView.lastBlockNumber + 1))])
            for (key, value) in [("rooms", String(configuration.rooms)), ("seed", String(configuration.seed)),
                                 ("created_business_date", date)] {
                try db.run("INSERT INTO meta (key, value) VALUES (?, ?)", [.text(key), .text(value)])
            }
        }
    }
}
