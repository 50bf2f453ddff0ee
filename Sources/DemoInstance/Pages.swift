import Foundation
import GuestCraftAPI

/// The demo's few HTML pages: sign-in, consent, pairing; every interpolated value is escaped.
enum Pages {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    static func layout(_ title: String, _ body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · \(escape(HotelSeeder.instanceName))</title>
        <style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
        label{display:block;margin-top:.75rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
        button{font:inherit;padding:.5rem 1.25rem;margin:1rem .5rem 0 0}.notice{color:#a00}code{word-break:break-all}</style>
        </head><body><h1>\(escape(title))</h1>
        \(body)
        </body></html>
        """
    }

    static func hidden(_ fields: [(String, String)]) -> String {
        fields.map { "<input type=\"hidden\" name=\"\(escape($0.0))\" value=\"\(escape($0.1))\">" }.joined(separator: "\n")
    }

    static func signIn(hiddenFields: [(String, String)], deviceName: String?, notice: String?) -> String {
        let asking = deviceName.map { "<p>Sign in to connect <strong>\(escape($0))</strong>.</p>" } ?? ""
        return layout("Sign in", """
            \(asking)
            \(notice.map { "<p class=\"notice\" role=\"alert\">\(escape($0))</p>" } ?? "")
            <form method="post" action="/mobile/authorize">
            \(hidden(hiddenFields))
            <label>Member or e-mail <input name="member" autocomplete="username" required></label>
            <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
            <button type="submit">Sign in</button>
            </form>
            <p>Demo members: frontdesk, housekeeper, supervisor, manager; the password is <code>demo</code>.</p>
            """)
    }

    static func consent(hiddenFields: [(String, String)], deviceName: String, person: User) -> String {
        layout("Allow \(deviceName)?", """
            <p>Signed in as <strong>\(escape(person.name))</strong> (\(escape(person.email))).</p>
            <p>The device <strong>\(escape(deviceName))</strong> asks to work on \(escape(HotelSeeder.instanceName)) as you.</p>
            <form method="post" action="/mobile/authorize">
            \(hidden(hiddenFields))
            <button type="submit" name="decision" value="allow">Allow</button>
            <button type="submit" name="decision" value="cancel">Cancel</button>
            </form>
            """)
    }

    static func error(_ message: String) -> String {
        layout("Cannot sign in", "<p class=\"notice\" role=\"alert\">\(escape(message))</p><p>Nothing was sent back to the app.</p>")
    }

    static func pair(person: User?, notice: String?) -> String {
        let intro = "<p>A pairing link opens in the GuestCraft app: scan or paste it there. The code in the link never reaches this page.</p>"
        guard let person else {
            return layout("Pair a device", """
                \(intro)
                <h2>Pair a device</h2>
                <p>Sign in to make a pairing link for a device.</p>
                \(notice.map { "<p class=\"notice\" role=\"alert\">\(escape($0))</p>" } ?? "")
                <form method="post" action="/mobile/authorize">
                <input type="hidden" name="intent" value="pair">
                <label>Member or e-mail <input name="member" autocomplete="username" required></label>
                <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
                <button type="submit">Sign in</button>
                </form>
                <p>Demo members: frontdesk, housekeeper, supervisor, manager; the password is <code>demo</code>.</p>
                """)
        }
        return layout("Pair a device", """
            \(intro)
            <p>Signed in as <strong>\(escape(person.name))</strong>.</p>
            <form method="post" action="/api/v1/device_pairings">
            <button type="submit">Make a pairing link</button>
            </form>
            """)
    }

    static func pairingIssued(_ issued: DevicePairingIssued, person: User) -> String {
        layout("Pairing link", """
            <p>For <strong>\(escape(person.name))</strong>. Open or scan this link in the GuestCraft app within \
            \(issued.expiresIn) seconds; it works once.</p>
            <p><a href="\(escape(issued.pairingURL))"><code>\(escape(issued.pairingURL))</code></a></p>
            <form method="post" action="/api/v1/device_pairings"><button type="submit">Make another link</button></form>
            """)
    }
}
