import Foundation

/// Debian's nginx as a hotel's reverse proxy on loopback (Tests/e2e/nginx.bash writes its
/// certificates and configuration: TLS from a private CA, HTTP/2, gzip), and a second server
/// answering every path with 64 KB of gzip that decode to 64 MiB. Started by the test, waited for
/// by its pid file, which nginx writes once its sockets listen; stopped gracefully.
public final class NginxProxy: @unchecked Sendable {
    /// nginx, when installed (`nginx-light`).
    public static let binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("e2e/nginx.bash").path

    public let directory: TemporaryDirectory
    public let port: Int
    public let bombPort: Int
    private var process: Process?

    /// The private CA the proxy's certificate is signed by (for `GUESTCRAFT_CA_BUNDLE`).
    public var caBundle: String { directory.url.appendingPathComponent("ca.pem").path }
    public var origin: String { "https://127.0.0.1:\(port)" }
    public func url(_ path: String, port: Int? = nil) -> URL { URL(string: "https://127.0.0.1:\(port ?? self.port)\(path)")! }
    /// The access log: method, path, protocol, status, bytes, gzip ratio, Content-Encoding.
    public var accessLog: String {
        (try? String(contentsOf: directory.url.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
    }
    public var accessLogLines: [String] { accessLog.split(separator: "\n").map(String.init) }

    /// The certificates and two free ports; `configure` and `start` follow.
    public init() throws {
        directory = try TemporaryDirectory(prefix: "gc-nginx")
        try Self.bash("""
            set -e; source "$0"; nginx_tls "$1"
            echo "$(nginx_free_port) $(nginx_free_port)" > "$1/ports"
            """, directory.url.path)
        let ports = try String(contentsOfFile: directory.url.appendingPathComponent("ports").path, encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard ports.count == 2 else { throw NginxError(description: "no free ports for nginx") }
        (port, bombPort) = (ports[0], ports[1])
    }

    /// nginx.conf for the proxy in front of 127.0.0.1:`upstream`, and the bomb's server.
    public func configure(upstream: Int) throws {
        try Self.bash("""
            set -e; source "$0"; NGINX_PORT="$2" NGINX_BOMB_PORT="$3" nginx_configure "$1" "$4"
            """, directory.url.path, String(port), String(bombPort), String(upstream))
    }

    /// Runs nginx and waits until it listens (its pid file); the test's time limit is the only bound.
    public func start() async throws {
        let dir = directory.url.path
        let pidFile = dir + "/nginx.pid"
        try? FileManager.default.removeItem(atPath: pidFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary ?? "/usr/sbin/nginx")
        process.arguments = ["-p", dir, "-e", dir + "/error.log", "-c", dir + "/nginx.conf", "-g", "daemon off;"]
        try process.run()
        self.process = process
        while !FileManager.default.fileExists(atPath: pidFile) {
            guard process.isRunning else {
                throw NginxError(description: "nginx exited: " + ((try? String(contentsOfFile: dir + "/error.log", encoding: .utf8)) ?? ""))
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// A graceful stop (SIGQUIT: nginx waits for the connections it serves to end), or with
    /// `now` a fast one (SIGTERM: they are closed), waited for.
    public func stop(now: Bool = false) {
        guard let process else { return }
        kill(process.processIdentifier, now ? SIGTERM : SIGQUIT)
        process.waitUntilExit()
        self.process = nil
    }

    deinit {
        stop()
        directory.remove()
    }

    private static func bash(_ script: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, helper] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw NginxError(description: "nginx.bash failed: \(script.prefix(60))") }
    }
}

/// nginx could not be set up or did not start.
public struct NginxError: Error, CustomStringConvertible {
    public let description: String
}
