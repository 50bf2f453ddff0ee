import Foundation
import ProcessSpawn

/// Opens a URL in a browser; answers whether one was started. Injected so tests can play the browser.
public typealias BrowserOpener = @Sendable (URL) -> Bool

/// The system's browser: each command of `$BROWSER` (a `:`-separated list; `%s` is replaced by
/// the URL, else the URL is the last argument), then `xdg-open`. No shell runs; the browser's
/// output goes to /dev/null so it never writes over the terminal's screen.
public enum SystemBrowser {
    public static func opener(environment: [String: String] = ProcessInfo.processInfo.environment) -> BrowserOpener {
        { url in open(url, environment: environment) }
    }

    /// The commands that would be tried, in order, each as an argument vector.
    public static func commands(for url: URL, environment: [String: String]) -> [[String]] {
        var commands: [[String]] = []
        if let browser = environment["BROWSER"], !browser.isEmpty {
            for entry in browser.split(separator: ":") {
                var words = entry.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                guard !words.isEmpty else { continue }
                if words.contains(where: { $0.contains("%s") }) {
                    words = words.map { $0.replacingOccurrences(of: "%s", with: url.absoluteString) }
                } else {
                    words.append(url.absoluteString)
                }
                commands.append(words)
            }
        }
        commands.append(["xdg-open", url.absoluteString])
        return commands
    }

    static func open(_ url: URL, environment: [String: String]) -> Bool {
        for command in commands(for: url, environment: environment) {
            guard let executable = locate(command[0], path: environment["PATH"]) else { continue }
            // Started and left to itself (a browser may outlive the sign-in); reaped when it ends.
            guard let process = try? SpawnedProcess(executable.path, arguments: Array(command.dropFirst()),
                                                    environment: environment) else { continue }
            process.reapInBackground()
            return true
        }
        return false
    }

    /// The executable for `name`: a path as given, else the first match in `PATH`.
    static func locate(_ name: String, path: String?) -> URL? {
        let manager = FileManager.default
        if name.contains("/") { return manager.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil }
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if manager.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }
}
