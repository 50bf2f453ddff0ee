import Foundation
import HTTPClient
import Testing

/// An HTML form as a browser sees it: where it posts, its fields (hidden ones with their values)
/// and its submit buttons.
struct HTMLForm {
    var action: String
    var method: String
    /// Inputs in order: name, type, value.
    var inputs: [(name: String, type: String, value: String)]
    /// Submit buttons: name and value (`decision` = `allow`).
    var buttons: [(name: String, value: String)]

    /// Every form of a page, read with a small tag scanner (enough for simple server-made pages).
    static func all(in html: String) -> [HTMLForm] {
        var forms: [HTMLForm] = []
        var current: HTMLForm?
        for tag in tags(in: html) {
            switch tag.name {
            case "form":
                current = HTMLForm(action: tag.attributes["action"] ?? "", method: (tag.attributes["method"] ?? "get").lowercased(),
                                   inputs: [], buttons: [])
            case "/form":
                if let form = current { forms.append(form) }
                current = nil
            case "input":
                guard let name = tag.attributes["name"] else { continue }
                let type = (tag.attributes["type"] ?? "text").lowercased()
                if type == "submit" {
                    current?.buttons.append((name, tag.attributes["value"] ?? ""))
                } else {
                    current?.inputs.append((name, type, tag.attributes["value"] ?? ""))
                }
            case "button":
                if let name = tag.attributes["name"] {
                    current?.buttons.append((name, tag.attributes["value"] ?? ""))
                }
            default:
                continue
            }
        }
        return forms
    }

    struct Tag {
        var name: String
        var attributes: [String: String]
    }

    static func tags(in html: String) -> [Tag] {
        var tags: [Tag] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let inside = rest[..<close]
            rest = rest[rest.index(after: close)...]
            var scanner = Substring(inside)
            let name = String(scanner.prefix { !$0.isWhitespace && $0 != "/" || (scanner.first == "/" && $0 == "/") }).lowercased()
            scanner = scanner.dropFirst(name.count)
            var attributes: [String: String] = [:]
            while true {
                scanner = scanner.drop { $0.isWhitespace || $0 == "/" }
                guard !scanner.isEmpty else { break }
                let key = String(scanner.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" }).lowercased()
                guard !key.isEmpty else { break }
                scanner = scanner.dropFirst(key.count).drop { $0.isWhitespace }
                var value = ""
                if scanner.first == "=" {
                    scanner = scanner.dropFirst().drop { $0.isWhitespace }
                    if let quote = scanner.first, quote == "\"" || quote == "'" {
                        scanner = scanner.dropFirst()
                        let raw = scanner.prefix { $0 != quote }
                        value = String(raw)
                        scanner = scanner.dropFirst(raw.count + 1)
                    } else {
                        let raw = scanner.prefix { !$0.isWhitespace }
                        value = String(raw)
                        scanner = scanner.dropFirst(raw.count)
                    }
                }
                attributes[key] = unescape(value)
            }
            tags.append(Tag(name: name, attributes: attributes))
        }
        return tags
    }

    static func unescape(_ text: String) -> String {
        var result = text
        for (entity, character) in [("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&lt;", "<"), ("&gt;", ">"),
                                    ("&#34;", "\""), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }
}

/// Plays a person's browser on the instance's sign-in pages: loads the page, fills the form,
/// presses Allow or Cancel, and follows the final redirect to the loopback listener by hand.
struct BrowserPlayer {
    let http: HTTPClient
    private var cookies: [String: String] = [:]

    init(http: HTTPClient) { self.http = http }

    /// What the last step brought: the listener's status and page.
    struct Finish {
        var redirectedTo: URL
        var status: Int
        var page: String
    }

    /// Signs in as `member` (password `demo`), chooses `decision`, and delivers the redirect;
    /// `tamperState` replaces the state in the redirect before the "browser" follows it.
    mutating func signIn(at url: URL, member: String, password: String = "demo", decision: String = "allow",
                         tamper: ((URL) -> URL)? = nil) async throws -> Finish {
        var page = try await load(HTTPRequest(url: url))
        var location: URL?
        for _ in 0..<4 {
            if case .redirect(let target) = page { location = target; break }
            guard case .html(let html, let base) = page else { break }
            let forms = HTMLForm.all(in: html).filter { $0.method == "post" }
            let form = try #require(forms.first, "no form on the page: \(html.prefix(400))")
            var fields: [(String, String)] = []
            for input in form.inputs {
                switch input.type {
                case "password": fields.append((input.name, password))
                case "text", "email": fields.append((input.name, member))
                default: fields.append((input.name, input.value))
                }
            }
            if let button = form.buttons.first(where: { $0.value == decision }) ?? form.buttons.first(where: { $0.name != "decision" }) {
                fields.append((button.name, button.value))
            }
            let action = URL(string: form.action.isEmpty ? base.absoluteString : form.action, relativeTo: base)!.absoluteURL
            let body = fields.map { "\(Self.formEncode($0.0))=\(Self.formEncode($0.1))" }.joined(separator: "&")
            page = try await load(HTTPRequest(method: "POST", url: action,
                                              headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                              body: Data(body.utf8)))
        }
        var target = try #require(location, "the sign-in pages never redirected")
        if let tamper { target = tamper(target) }
        let final = try await http.send(HTTPRequest(url: target))
        return Finish(redirectedTo: target, status: final.status, page: String(decoding: final.body, as: UTF8.self))
    }

    enum Page {
        case html(String, URL)
        case redirect(URL)
    }

    private mutating func load(_ request: HTTPRequest) async throws -> Page {
        var request = request
        if !cookies.isEmpty {
            request.headers["Cookie"] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        let result: Result<HTTPResponse, HTTPClientError>
        do {
            result = .success(try await http.send(request))
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let response):
            for header in response.headers.values(for: "set-cookie") {
                let pair = header.split(separator: ";").first.map(String.init) ?? ""
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { cookies[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1] }
            }
            return .html(String(decoding: response.body, as: UTF8.self), request.url)
        case .failure(.redirectRefused(_, let location)):
            guard let location, let target = URL(string: location, relativeTo: request.url)?.absoluteURL else {
                throw HTTPClientError.redirectRefused(status: 302, location: nil)
            }
            return .redirect(target)
        case .failure(let error):
            throw error
        }
    }

    static func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: "%20", with: "+")
    }
}
