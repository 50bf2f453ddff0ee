import Foundation
import Synchronization

/// The app's only way to the network: HTTPS (http for loopback), no redirects, bounded answers,
/// cancellable, over a shared libcurl connection cache.
public final class HTTPClient: Sendable {
    public let configuration: HTTPClientConfiguration
    private let transport: HTTPTransport
    private let start: NetworkStart
    private let opened = Atomic<Int>(0)

    /// `start` holds requests back while the app draws its first frame (`NetworkStart.app`).
    public init(configuration: HTTPClientConfiguration = HTTPClientConfiguration(),
                transport: HTTPTransport = .shared, start: NetworkStart = .app) {
        self.configuration = configuration
        self.transport = transport
        self.start = start
    }

    /// Connections this client's requests have opened (answered or failed).
    public var connectionsOpened: Int {
        opened.load(ordering: .relaxed)
    }

    /// Sends `request` and returns the answer (any status but a redirect).
    /// Task cancellation and `cancellation` both abort it with `.cancelled`.
    public func send(_ request: HTTPRequest,
                     cancellation: HTTPCancellation? = nil) async throws(HTTPClientError) -> HTTPResponse {
        let prepared = try prepare(request)
        if Task.isCancelled || cancellation?.isCancelled == true { throw .cancelled }

        let loop = transport.loop
        let job = TransferJob(request: prepared, wake: { loop.wake() })
        var registration: Int?
        if let cancellation {
            registration = cancellation.register { job.cancel() }
            if registration == nil { throw .cancelled }
        }
        let completion = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<TransferCompletion, Never>) in
                job.attach(continuation)
                start.whenReleased { loop.submit(job) }
            }
        } onCancel: {
            job.cancel()
        }
        if let registration { cancellation?.unregister(registration) }
        opened.add(completion.newConnections, ordering: .relaxed)
        return try completion.result.get()
    }

    /// Checks the request and turns it into what the transport needs.
    private func prepare(_ request: HTTPRequest) throws(HTTPClientError) -> PreparedRequest {
        let environment = configuration.environment
        try Self.checkURL(request.url, environment: environment)
        guard var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else {
            throw .invalidURL
        }
        // A fragment never leaves the device.
        components.fragment = nil
        guard let url = components.string, let host = components.host,
              let scheme = components.scheme?.lowercased() else { throw .invalidURL }

        let method = request.method.uppercased()
        guard Self.isToken(method) else { throw .invalidHeader(name: ":method") }
        var lines: [String] = []
        for field in request.headers {
            guard Self.isToken(field.name) else { throw .invalidHeader(name: Self.printable(field.name)) }
            guard !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw .invalidHeader(name: field.name)
            }
            // "Name;" sends a header with an empty value; "Name:" would remove it.
            lines.append(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
        }

        let total = request.timeout ?? configuration.totalTimeout
        // The variable, when set, wins over the configuration file's ca_bundle.
        let caBundle = environment["GUESTCRAFT_CA_BUNDLE"].flatMap { $0.isEmpty ? nil : $0 } ?? configuration.caBundle
        let (proxy, noProxy) = Self.proxy(scheme: scheme, host: host, environment: environment)
        return PreparedRequest(
            // A HEAD answer has no body to wait for, and its request carries none.
            url: url, host: host, method: method, headerLines: lines, body: method == "HEAD" ? nil : request.body,
            connectTimeoutMS: configuration.connectTimeout.wholeMilliseconds,
            totalTimeoutMS: total.wholeMilliseconds,
            lowSpeedLimit: max(0, configuration.lowSpeedLimit),
            lowSpeedTimeMS: configuration.lowSpeedTime.wholeMilliseconds,
            maxResponseBodyBytes: max(0, configuration.maxResponseBodyBytes),
            caBundle: caBundle, proxy: proxy, noProxy: noProxy,
            userAgent: configuration.userAgent)
    }

    /// The proxy for this request from the injected environment (curl's conventions: lowercase
    /// `http_proxy` only); loopback hosts never go through one.
    private static func proxy(scheme: String, host: String,
                              environment: [String: String]) -> (proxy: String, noProxy: String?) {
        func value(_ names: String...) -> String? {
            for name in names { if let v = environment[name], !v.isEmpty { return v } }
            return nil
        }
        if isLoopbackHost(host) { return ("", nil) }
        let specific = scheme == "https" ? value("https_proxy", "HTTPS_PROXY") : value("http_proxy")
        let proxy = specific ?? value("all_proxy", "ALL_PROXY") ?? ""
        return (proxy, value("no_proxy", "NO_PROXY"))
    }

    /// RFC 9110 token characters only.
    static func isToken(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let extras = Set("!#$%&'*+-.^_`|~".utf8)
        return text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || extras.contains(byte)
        }
    }

    /// The text with every byte outside printable ASCII shown as "?", safe for a log line.
    static func printable(_ text: String) -> String {
        String(decoding: text.utf8.prefix(64).map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") },
               as: UTF8.self)
    }
}
