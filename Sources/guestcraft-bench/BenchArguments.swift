import Foundation

/// The options after a subcommand, `--name value` pairs only; unknown or missing ones are a
/// sentence on stderr and exit status 2.
struct BenchArguments {
    private var values: [String: String] = [:]

    init(_ arguments: ArraySlice<String>, known: Set<String>) throws(BenchFailure) {
        var rest = arguments
        while let name = rest.popFirst() {
            guard name.hasPrefix("--"), known.contains(String(name.dropFirst(2))) else {
                throw BenchFailure("unknown option \(name); known: \(known.sorted().map { "--" + $0 }.joined(separator: " "))")
            }
            guard let value = rest.popFirst() else { throw BenchFailure("\(name) needs a value") }
            values[String(name.dropFirst(2))] = value
        }
    }

    func string(_ name: String, default fallback: String? = nil) throws(BenchFailure) -> String {
        guard let value = values[name] ?? fallback else { throw BenchFailure("--\(name) is required") }
        return value
    }

    func int(_ name: String, default fallback: Int) throws(BenchFailure) -> Int {
        guard let text = values[name] else { return fallback }
        guard let number = Int(text), number > 0 else { throw BenchFailure("--\(name) needs a positive number, not \(text)") }
        return number
    }

    /// The state directory of the app to use: `--home`, else `$GUESTCRAFT_HOME`.
    func home() throws(BenchFailure) -> URL {
        let path = try string("home", default: ProcessInfo.processInfo.environment["GUESTCRAFT_HOME"])
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}

/// Why a benchmark could not run: printed on stderr.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
