import Foundation
import Testing
@testable import GuestCraftAPI

/// The tables of docs/api.md and the code say the same: route table, problem codes, vocabularies.
@Suite("api.md and GuestCraftAPI agree")
struct DocumentConsistencyTests {
    /// Rows of the markdown table under `heading`, as cells without the surrounding pipes.
    func tableRows(under heading: String) throws -> [[String]] {
        let text = try RepositoryFiles.apiText()
        let start = try #require(text.range(of: heading), "api.md has no \(heading)")
        var rows: [[String]] = []
        var inTable = false
        for line in text[start.upperBound...].components(separatedBy: "\n") {
            if line.hasPrefix("|") {
                inTable = true
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                if cells.first?.hasPrefix("---") == false { rows.append(Array(cells)) }
            } else if inTable {
                break
            }
        }
        return Array(rows.dropFirst())
    }

    func codes(in cell: String) -> [String] {
        cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    @Test("the route table of api.md is OperationID.routeTable")
    func routeTable() throws {
        let rows = try tableRows(under: "## 10. Route table")
        #expect(rows.count == OperationID.allCases.count)
        var seen = Set<OperationID>()
        for row in rows {
            let id = try #require(codes(in: row[0]).first)
            let operation = try #require(OperationID(rawValue: id), "api.md names \(id), which OperationID lacks")
            seen.insert(operation)
            let descriptor = operation.descriptor
            #expect(row[1] == descriptor.method.rawValue, "\(id): method")
            var path = try #require(codes(in: row[2]).first)
            if path.hasPrefix("…/stays/") {
                path = "/api/v1/properties/{property_id}/reservations/{reservation_id}" + path.dropFirst(1)
            } else if path.hasPrefix("…") {
                path = "/api/v1/properties/{property_id}" + path.dropFirst(1)
            }
            #expect(path == descriptor.pathTemplate, "\(id): path")
            #expect(row[4].contains("If-Match required") == (descriptor.ifMatch == .required), "\(id): If-Match")
            #expect(row[4].contains("304") == descriptor.conditionalRead, "\(id): conditional read")
            #expect((row[5] == "optional") == (descriptor.idempotencyKey == .optional), "\(id): Idempotency-Key")
            let statuses = row[6].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            #expect(statuses.sorted() == descriptor.successStatuses.sorted(), "\(id): success statuses")
            let credentials: CredentialKind = row[3].hasPrefix("device token") ? .deviceToken
                : row[3].hasPrefix("browser session") ? .browserSession
                : row[3].hasPrefix("demo admin key") ? .demoAdminKey : .none
            #expect(credentials == descriptor.credentials, "\(id): credentials")
        }
        #expect(seen.count == OperationID.allCases.count)
    }

    @Test("every problem code of api.md has its status in ProblemCode.catalog, and every catalog code is in api.md")
    func problemCodes() throws {
        var documented: [ProblemCode: Int] = [:]
        for row in try tableRows(under: "## 11. Problem codes") {
            let status = try #require(Int(row[0]))
            for code in codes(in: row[1]) { documented[ProblemCode(rawValue: code)] = status }
        }
        for (code, status) in documented {
            #expect(ProblemCode.catalog[code]?.status == status, "api.md gives \(code) status \(status)")
        }
        for code in ProblemCode.catalog.keys {
            #expect(documented[code] != nil, "\(code) is in the catalog but not in api.md's problem codes")
        }
        let generic = try tableRows(under: "Generic problems, answered by any operation")
        for row in generic {
            let status = try #require(Int(row[0]))
            for code in codes(in: row[1]) where !code.contains("<") {
                #expect(ProblemCode.catalog[ProblemCode(rawValue: code)]?.status == status, "generic \(code)")
            }
        }
    }

    @Test("the permissions of the members table are the demo roles' permissions")
    func membersTable() throws {
        let rows = try tableRows(under: "## 2. Members, roles and permissions")
        #expect(rows.count == 4)
        for row in rows {
            let role = Role(rawValue: try #require(codes(in: row[2]).first))
            let listed = Set(codes(in: row[4]).map(Permission.init(rawValue:)))
            if role == .manager {
                #expect(row[4].contains("everything"))
            } else {
                #expect(listed == Set(role.demoPermissions), "\(role)")
            }
            #expect(DemoPairingRequest.members.contains(try #require(codes(in: row[0]).first)))
        }
        let text = try RepositoryFiles.apiText()
        for permission in Permission.all { #expect(text.contains("`\(permission.rawValue)`")) }
        for capability in Capability.all { #expect(text.contains("`\(capability.rawValue)`")) }
    }
}
