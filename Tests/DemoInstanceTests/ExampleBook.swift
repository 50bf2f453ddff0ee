import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing

/// The example files of docs/examples (found from this file's path, never the working directory).
enum ExampleFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/examples")

    static func names() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) })
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent("\(name).json"))
    }
}

/// Compares what the demo answers with the examples of docs/api.md, with the page's allowances: the origin is the
/// one the instance listens on, and secrets (`gcd_`, `gcc_`, `gcp_`) and device session ids are checked by shape.
final class ExampleBook {
    static let documentedOrigin = "https://demo.guestcraft.test"
    let demo: Demo
    private(set) var used: Set<String> = []

    init(_ demo: Demo) { self.demo = demo }

    /// The example of `name` as the instance at hand would show it.
    func expected(_ name: String) throws -> JSONValue {
        let text = String(decoding: try ExampleFiles.data(name), as: UTF8.self)
            .replacingOccurrences(of: Self.documentedOrigin, with: demo.origin)
        return try #require(JSONValue.parse(Data(text.utf8)), "\(name) is not JSON")
    }

    /// Checks an answer equals the example `name`, with its status.
    func check(_ name: String, _ response: HTTPResponse, status: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        used.insert(name)
        #expect(response.status == status, "\(name): status \(response.status) \(response.text)", sourceLocation: sourceLocation)
        let actual = try #require(response.jsonValue, "\(name): answer is not JSON: \(response.text)", sourceLocation: sourceLocation)
        var differences: [String] = []
        Self.compare(try expected(name), actual, at: name, into: &differences)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    /// The request example `name` as JSON text, with top-level members replaced (a code issued at run time).
    func request(_ name: String, replacing: [String: String] = [:]) throws -> String {
        used.insert(name)
        let data = try ExampleFiles.data(name)
        guard !replacing.isEmpty else { return String(decoding: data, as: UTF8.self) }
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for (key, value) in replacing { object[key] = value }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Records that an example was used some other way (a body sent as is).
    func use(_ name: String) { used.insert(name) }

    static func compare(_ expected: JSONValue, _ actual: JSONValue, at path: String, into differences: inout [String]) {
        switch (expected, actual) {
        case (.object(let want), .object(let got)):
            if Set(want.keys) != Set(got.keys) {
                differences.append("\(path): members \(want.keys.sorted()) != \(got.keys.sorted())")
            }
            for (key, value) in want {
                if let other = got[key] { compare(value, other, at: "\(path).\(key)", into: &differences) }
            }
        case (.array(let want), .array(let got)):
            guard want.count == got.count else {
                differences.append("\(path): \(want.count) items != \(got.count): \(actual)")
                return
            }
            for (index, pair) in zip(want, got).enumerated() {
                compare(pair.0, pair.1, at: "\(path)[\(index)]", into: &differences)
            }
        case (.string(let want), .string(let got)):
            if !sameString(want, got) { differences.append("\(path): \"\(want)\" != \"\(got)\"") }
        default:
            if expected != actual { differences.append("\(path): \(expected) != \(actual)") }
        }
    }

    /// Equal, or both the same kind of secret or device session id.
    static func sameString(_ want: String, _ got: String) -> Bool {
        if want == got { return true }
        for prefix in ["gcd_", "gcc_", "gcp_"] where want.hasPrefix(prefix) {
            return CredentialPrefix.hasShape(got, prefix: prefix)
        }
        if let fragment = want.range(of: "#gcp_"), let other = got.range(of: "#gcp_") {
            return want[..<fragment.lowerBound] == got[..<other.lowerBound]
                && CredentialPrefix.isPairingCode(String(got[got.index(after: other.lowerBound)...]))
        }
        if want.hasPrefix("dvs_") { return got.hasPrefix("dvs_") && got.count == want.count }
        return false
    }
}
