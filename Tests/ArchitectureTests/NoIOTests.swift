import Foundation
import Testing

/// `AppCore` does no I/O (docs/architecture.md, "Rules"): its code names none of the calls of
/// `NoIORule.denied`. Time, sleeps, files, the network, processes and the console come through
/// `AppEnvironment`'s clients, which the live layer (`LiveClients`) builds and tests replace.
@Suite struct NoIOTests {
    @Test func appCoreCallsNoIO() throws {
        let package = try PackageManifest.read()
        let path = try #require(package.targets["AppCore"]?.path)
        let files = try Repository.files(under: path).filter { $0.hasSuffix(".swift") }.map { ($0, try Repository.text($0)) }
        #expect(files.count > 10, "AppCore's sources were read from \(path)")
        let violations = NoIORule.violations(in: files)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    /// The rule on a crafted AppCore: each kind of I/O is caught where it is code, not in a comment
    /// or a string, and not in a longer name or a date that is only a value.
    @Test func eachCallOfTheDenylistIsCaughtInCodeOnly() {
        let violations = NoIORule.violations(in: [
            ("Sources/AppCore/Clock.swift", """
                public static let live = ClockClient(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
                // Date() in a comment, "Task.sleep" in a string
                let epoch = Date(timeIntervalSince1970: 0); let idleTimerFired = 1
                let today = environment.propertyDate(); let shown = state.lastDate.now
                """),
            ("Sources/AppCore/Export.swift", """
                let text = try String(contentsOf: url, encoding: .utf8)
                let home = ProcessInfo.processInfo.environment["HOME"]
                DispatchQueue.global().async { print("done") }
                let session = URLSession.shared
                let exists = FileManager.default.fileExists(atPath: "/tmp")
                let processSpawnLike = 1
                """),
        ])
        #expect(violations == [
            "Sources/AppCore/Clock.swift:1 uses Date() (the clock)",
            "Sources/AppCore/Clock.swift:1 uses Task.sleep (a sleep)",
            "Sources/AppCore/Export.swift:1 uses String(contentsOf (files)",
            "Sources/AppCore/Export.swift:2 uses ProcessInfo (the process's environment)",
            "Sources/AppCore/Export.swift:3 uses DispatchQueue (queues and their timers)",
            "Sources/AppCore/Export.swift:3 uses print( (the console)",
            "Sources/AppCore/Export.swift:4 uses URLSession (the network)",
            "Sources/AppCore/Export.swift:5 uses FileManager (files)",
        ])
    }
}

/// What AppCore's code may not name, and the I/O each is. A name only: `.now` of a `Date` written
/// as an implicit member, or a call through a type alias, is not seen; review catches those.
/// Not listed: `UUID()` and `random`, values with no outside world behind them.
enum NoIORule {
    static let denied: [(token: String, what: String)] = [
        ("Date()", "the clock"), ("Date.now", "the clock"), ("Date(timeIntervalSinceNow", "the clock"),
        ("ContinuousClock.now", "the clock"), ("ContinuousClock()", "the clock"), ("SuspendingClock", "the clock"),
        ("clock_gettime", "the clock"), ("gettimeofday", "the clock"),
        ("Task.sleep", "a sleep"), ("Thread", "threads"), ("usleep", "a sleep"), ("nanosleep", "a sleep"),
        ("DispatchQueue", "queues and their timers"), ("DispatchSource", "queues and their timers"),
        ("DispatchTime", "queues and their timers"), ("Timer", "timers"),
        ("FileManager", "files"), ("FileHandle", "files"), ("fopen", "files"), ("fread", "files"), ("fwrite", "files"),
        ("String(contentsOf", "files"), ("Data(contentsOf", "files"), (".write(to:", "files"), (".write(toFile:", "files"),
        ("URLSession", "the network"), ("FoundationNetworking", "the network"), ("socket(", "the network"),
        ("Process", "processes"), ("posix_spawn", "processes"),
        ("ProcessInfo", "the process's environment"), ("getenv", "the process's environment"),
        ("setenv", "the process's environment"),
        ("print(", "the console"), ("readLine(", "the console"), ("fputs", "the console"),
        ("Glibc", "the C library"), ("Musl", "the C library"), ("Darwin", "the C library"),
    ]

    /// "FILE:LINE uses TOKEN (WHAT)" for each denied name in the code of `files` (path, text).
    static func violations(in files: [(String, String)]) -> [String] {
        var found: [String] = []
        for (path, text) in files {
            for (number, line) in SwiftCode.blanked(text).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for (token, what) in denied where names(token, in: line) {
                    found.append("\(path):\(number + 1) uses \(token) (\(what))")
                }
            }
        }
        return found
    }

    /// Whether `line` holds `token` as a whole name (not inside a longer identifier).
    static func names(_ token: String, in line: Substring) -> Bool {
        func isIdentifier(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isLetter || character.isNumber || character == "_"
        }
        var rest = line[...]
        while let range = rest.range(of: token) {
            let before = range.lowerBound > line.startIndex ? line[line.index(before: range.lowerBound)] : nil
            let after = range.upperBound < line.endIndex ? line[range.upperBound] : nil
            let clearBefore = !isIdentifier(token.first) || !isIdentifier(before)
            let clearAfter = !isIdentifier(token.last) || !isIdentifier(after)
            if clearBefore && clearAfter { return true }
            rest = line[range.upperBound...]
        }
        return false
    }
}
