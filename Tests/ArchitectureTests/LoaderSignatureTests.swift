import Foundation
import Testing

/// #18: libcurl and libmicrohttpd are opened with dlopen, and each function the app calls is a
/// forwarder in the loader (Sources/CCurl/loader.c, Sources/CMicroHTTPD/loader.c) defined under
/// the library header's own declaration. A forwarder whose parameters or return type differ from
/// the header must fail the build (so a test), never a user at the first request: the loader as
/// written compiles warning-free, and the same loader with one signature changed does not.
@Suite struct LoaderSignatureTests {
    struct Loader: CustomStringConvertible, Sendable {
        var target: String
        /// One entry of the loader's X-list, and the same with a wrong parameter type.
        var entry: String
        var wrong: String
        var description: String { target }
    }

    static let loaders = [
        Loader(target: "CCurl",
               entry: "X(CURLMcode, curl_multi_wakeup, (CURLM *m), (m))",
               wrong: "X(CURLMcode, curl_multi_wakeup, (CURLM *m, long extra), (m, extra))"),
        Loader(target: "CMicroHTTPD",
               entry: "X(void, MHD_stop_daemon, (struct MHD_Daemon *d), (d))",
               wrong: "X(int, MHD_stop_daemon, (struct MHD_Daemon *d), (d))"),
    ]

    /// Compiles `source` as the target's loader; answers the compiler's status and messages.
    static func compile(_ source: String, target: String) throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("loader.c")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let include = Repository.root.appendingPathComponent("Sources/\(target)/include").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-fsyntax-only", "-Wall", "-Werror", "-I", include, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(arguments: loaders)
    func theLoaderCompilesAndAWrongSignatureDoesNot(_ loader: Loader) throws {
        let source = try Repository.text("Sources/\(loader.target)/loader.c")
        #expect(source.contains(loader.entry), "the loader's list no longer has \(loader.entry)")
        let right = try Self.compile(source, target: loader.target)
        #expect(right.status == 0, "\(right.output)")
        let wrong = try Self.compile(source.replacingOccurrences(of: loader.entry, with: loader.wrong),
                                     target: loader.target)
        #expect(wrong.status != 0, "a forwarder unlike its header compiled")
        #expect(wrong.output.contains("conflicting types"), "\(wrong.output)")
    }

    /// Every name the Swift code calls of a loaded library is in its loader's list: a call the list
    /// lacks would link against nothing (libcurl is not linked) and fail the build late.
    @Test func everyLibraryFunctionTheSwiftCodeCallsIsForwarded() throws {
        let calls: [(target: String, folder: String, pattern: Regex<(Substring, Substring)>)] = [
            ("CCurl", "Sources/HTTPClient", /\b(curl_[a-z_]+)\(/),
            ("CMicroHTTPD", "Sources/HTTPServer", /\b(MHD_[a-zA-Z_]+)\(/),
        ]
        for (target, folder, pattern) in calls {
            let loader = try Repository.text("Sources/\(target)/loader.c")
            let files = try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent(folder).path)
            var called: Set<String> = []
            for file in files where file.hasSuffix(".swift") {
                let text = try Repository.text("\(folder)/\(file)")
                for match in text.matches(of: pattern) { called.insert(String(match.output.1)) }
            }
            called.remove("curl_off_t")   // a type's initializer, not a function
            #expect(!called.isEmpty)
            for name in called.sorted() {
                #expect(loader.contains(", \(name),"), "\(folder) calls \(name), which \(target)/loader.c does not forward")
            }
        }
    }
}
