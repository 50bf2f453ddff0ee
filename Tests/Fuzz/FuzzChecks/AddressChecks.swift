import ClientModel
import Foundation
import GuestCraftAPI
import InstanceClient

/// Typed addresses and pairing links: what is accepted is an origin that survives being saved
/// and read back, typed again, and is allowed by Connect's rule.
public enum AddressChecks {
    static let environments: [[String: String]] = [[:], ["GUESTCRAFT_ALLOW_HTTP": "1"]]

    public static func address(_ data: Data) -> [String] {
        let text = FuzzBytes.text(Array(data))
        var problems: [String] = []
        for environment in environments {
            guard case .success(let origin) = InstanceAddress.normalize(text, environment: environment) else { continue }
            problems += originKeeps(origin, environment: environment, what: "address \(RefuseOrAgree.clip(text))")
            if case .success(let again) = InstanceAddress.normalize(origin.string, environment: environment) {
                if again != origin { problems.append("\(origin) typed again gives \(again)") }
            } else {
                problems.append("\(origin), from \(RefuseOrAgree.clip(text)), is refused when typed")
            }
        }
        // An origin read from a saved file (credentials.json holds them as strings): what is read
        // is written back as the same string.
        if let saved = try? JSONEncoder().encode(text), let read = try? JSONDecoder().decode(InstanceOrigin.self, from: saved) {
            if read.string != text { problems.append("the saved origin \(RefuseOrAgree.clip(text)) reads as \(read)") }
        }
        if let origin = InstanceOrigin(string: text) { _ = origin.url("/api/v1/instance") }
        return problems
    }

    public static func pairing(_ data: Data) -> [String] {
        let text = FuzzBytes.text(Array(data))
        var problems: [String] = []
        for environment in environments {
            guard let (origin, code) = try? Pairing.parse(text, environment: environment) else { continue }
            let what = "pairing link \(RefuseOrAgree.clip(text))"
            if !CredentialPrefix.isPairingCode(code) { problems.append("\(what) gave the code \(code)") }
            problems += originKeeps(origin, environment: environment, what: what)
            let link = origin.string + "/mobile/pair#" + code
            if let (again, codeAgain) = try? Pairing.parse(link, environment: environment) {
                if again != origin || codeAgain != code { problems.append("\(link) reads as \(again) and \(codeAgain)") }
            } else {
                problems.append("\(what) is read, but \(link) is not")
            }
        }
        return problems
    }

    /// An accepted origin: allowed, with a host of no space or control, saved and read back alike.
    static func originKeeps(_ origin: InstanceOrigin, environment: [String: String], what: String) -> [String] {
        var problems: [String] = []
        if !origin.isAllowed(environment: environment) { problems.append("\(what) gave \(origin), which is not allowed") }
        if origin.host.isEmpty || origin.host.unicodeScalars.contains(where: { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) }) {
            problems.append("\(what) gave the host \(origin.host.debugDescription)")
        }
        if InstanceOrigin(string: origin.string) != origin {
            problems.append("\(what) gave \(origin), which reads back as \(InstanceOrigin(string: origin.string).map(\.string) ?? "nothing")")
        }
        if let encoded = try? JSONEncoder().encode(origin) {
            if (try? JSONDecoder().decode(InstanceOrigin.self, from: encoded)) != origin {
                problems.append("\(what) gave \(origin), which cannot be saved and read back (credentials.json)")
            }
        } else {
            problems.append("\(what) gave \(origin), which cannot be encoded")
        }
        if let url = origin.url("/api/v1/instance") {
            if InstanceOrigin(url: url) != origin { problems.append("\(what) gave \(origin), whose URL \(url) is another origin") }
        } else {
            problems.append("\(what) gave \(origin), which makes no URL")
        }
        return problems
    }
}
