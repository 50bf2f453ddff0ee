import Foundation
import FuzzChecks
import Testing

/// Paths of the repository this test file lives in (found from `#filePath`, never the working directory).
enum RepositoryFiles {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let apiDocument = root.appendingPathComponent("docs/api.md")
    static let examples = root.appendingPathComponent("docs/examples")

    static func apiText() throws -> String {
        try String(contentsOf: apiDocument, encoding: .utf8)
    }

    /// The example file names in docs/examples, sorted.
    static func exampleNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func example(_ name: String) throws -> Data {
        try Data(contentsOf: examples.appendingPathComponent(name))
    }

    /// Each `<!-- example: name -->` marker line of api.md with the ```json block right after it (nil if none).
    static func markers() throws -> [(name: String, line: Int, block: String?)] {
        let lines = try apiText().components(separatedBy: "\n")
        var found: [(String, Int, String?)] = []
        for (index, line) in lines.enumerated() {
            guard line.hasPrefix("<!-- example: "), line.hasSuffix(" -->") else { continue }
            let name = String(line.dropFirst("<!-- example: ".count).dropLast(" -->".count))
            var block: String?
            if index + 1 < lines.count, lines[index + 1] == "```json",
               let end = lines[(index + 2)...].firstIndex(of: "```") {
                block = lines[(index + 2)..<end].joined(separator: "\n")
            }
            found.append((name, index + 1, block))
        }
        return found
    }
}

/// A JSON document as a value (FuzzChecks' `JSONValue`, the one the differential fuzz check compares
/// with), to compare two documents regardless of member order and spacing.
extension JSONValue {
    static func parse(_ data: Data) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: data) }

    /// Members whose value is a map keyed by data (operation ids), not an object with named members.
    static let mapMembers: Set<String> = ["requests", "writes_applied", "not_modified"]

    /// The same document with an unknown member added to every object, at every depth (maps excepted).
    func withUnknownMembers(isMap: Bool = false) -> JSONValue {
        switch self {
        case .array(let values): return .array(values.map { $0.withUnknownMembers() })
        case .object(let members):
            var copy: [String: JSONValue] = [:]
            for (name, value) in members {
                copy[name] = value.withUnknownMembers(isMap: JSONValue.mapMembers.contains(name))
            }
            if !isMap {
                copy["x_added_by_a_newer_instance"] = .object(["nested": .array([.integer(1), .string("two"), .null])])
            }
            return .object(copy)
        default: return self
        }
    }

    var data: Data { Data(description.utf8) }
}
