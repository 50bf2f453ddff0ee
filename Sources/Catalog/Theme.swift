import Foundation
import GuestCraftResources
import JSONBytes

/// A colour by its ncurses name; `default` keeps the terminal's own colour (ncurses colour -1).
public enum ThemeColor: String, CaseIterable, Sendable, Codable {
    case `default`, black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack = "bright_black", brightRed = "bright_red", brightGreen = "bright_green"
    case brightYellow = "bright_yellow", brightBlue = "bright_blue"
    case brightMagenta = "bright_magenta", brightCyan = "bright_cyan", brightWhite = "bright_white"
}

/// A text attribute a theme may set; bold and reverse stay on even without colour (`NO_COLOR`).
public enum ThemeAttribute: String, CaseIterable, Sendable, Codable {
    case bold, reverse, underline, dim
}

/// How one token looks: foreground, background and attributes.
public struct ThemeStyle: Sendable, Equatable, Codable {
    public var fg: ThemeColor
    public var bg: ThemeColor
    public var attributes: Set<ThemeAttribute>

    public init(fg: ThemeColor = .default, bg: ThemeColor = .default, attributes: Set<ThemeAttribute> = []) {
        self.fg = fg
        self.bg = bg
        self.attributes = attributes
    }

    /// The terminal's own colours, no attribute.
    public static let plain = ThemeStyle()

    enum CodingKeys: String, CodingKey { case fg, bg, attributes = "attrs" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        fg = try c.decodeIfPresent(ThemeColor.self, forKey: .fg) ?? .default
        bg = try c.decodeIfPresent(ThemeColor.self, forKey: .bg) ?? .default
        attributes = Set(try c.decodeIfPresent([ThemeAttribute].self, forKey: .attributes) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(fg, forKey: .fg)
        try c.encode(bg, forKey: .bg)
        try c.encode(attributes.map(\.rawValue).sorted(), forKey: .attributes)
    }
}

/// A named set of styles, one per `StyleToken`, from `Resources/themes.json`.
public struct Theme: Sendable, Equatable {
    public let name: String
    /// The styles as the file gives them; `style(_:)` answers `plain` for a token it lacks.
    public let styles: [StyleToken: ThemeStyle]

    public init(name: String, styles: [StyleToken: ThemeStyle]) {
        self.name = name
        self.styles = styles
    }

    public func style(_ token: StyleToken) -> ThemeStyle {
        styles[token] ?? .plain
    }

    /// The themes shipped in the resource bundle, read once on first use.
    public static let all: [Theme] = {
        guard let bytes = guestCraftResource("themes.json"), let themes = try? Theme.decodeAll(from: Data(bytes))
        else { return [] }
        return themes
    }()

    /// The shipped theme called `name` (`light`, `dark`, `monochrome`), if there is one.
    public static func named(_ name: String) -> Theme? {
        all.first { $0.name == name }
    }

    /// The theme used when none is chosen: dark colours on the terminal's own background.
    public static var standard: Theme {
        named("dark") ?? Theme(name: "plain", styles: [:])
    }

    /// Reads every theme of a themes file: `{ "<theme>": { "<token>": {"fg", "bg", "attrs"} } }`.
    /// Throws on an unknown token, colour or attribute, so a typo never passes silently.
    /// (Read with `JSONDocument`, not JSONDecoder: it is on the way to the first frame, #18.)
    public static func decodeAll(from data: Data) throws(ThemeFileError) -> [Theme] {
        guard let file = JSONDocument(data, grammar: .strict)?.object else { throw .unreadable }
        return try file.keys.sorted().map { (name: String) throws(ThemeFileError) -> Theme in
            guard let tokens = file[name]?.object else { throw .unreadable }
            var styles: [StyleToken: ThemeStyle] = [:]
            for (tokenName, value) in tokens {
                guard let token = StyleToken(rawValue: tokenName) else {
                    throw .unknownToken(theme: name, token: tokenName)
                }
                guard let members = value.object else { throw .unreadable }
                func color(_ key: String) throws(ThemeFileError) -> ThemeColor {
                    guard let member = members[key] else { return .default }
                    guard let text = member.string, let color = ThemeColor(rawValue: text) else {
                        throw .unknownValue(theme: name, token: tokenName, value: member.string ?? "\(member)")
                    }
                    return color
                }
                var attributes: Set<ThemeAttribute> = []
                if let list = members["attrs"] {
                    guard let items = list.array else { throw .unknownValue(theme: name, token: tokenName, value: "\(list)") }
                    for item in items {
                        guard let text = item.string, let attribute = ThemeAttribute(rawValue: text) else {
                            throw .unknownValue(theme: name, token: tokenName, value: item.string ?? "\(item)")
                        }
                        attributes.insert(attribute)
                    }
                }
                styles[token] = ThemeStyle(fg: try color("fg"), bg: try color("bg"), attributes: attributes)
            }
            return Theme(name: name, styles: styles)
        }
    }
}

/// A themes file that names a token this build does not know.
public enum ThemeFileError: Error, Equatable {
    case unknownToken(theme: String, token: String)
    /// A colour or attribute this build does not know (or not a string).
    case unknownValue(theme: String, token: String, value: String)
    /// Not JSON, or not an object of themes of objects.
    case unreadable
}
