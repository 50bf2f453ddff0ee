import CCurl
import Locking
import Foundation

/// The connection cache: one thread running a libcurl multi loop that every client sharing this
/// transport sends through, so requests to one origin reuse one connection and TLS session.
public final class HTTPTransport: Sendable {
    /// The transport clients use unless given another.
    public static let shared = HTTPTransport()

    /// The most connections open to one host at once (HTTP/1.1; HTTP/2 multiplexes on one), as
    /// browsers do.
    public static let maxConnectionsPerHost = 6

    let loop: TransportLoop

    /// Starts a transport with its own thread and connection cache.
    public init() {
        loop = TransportLoop()
    }

    deinit {
        loop.shutdown()
    }
}

/// A libcurl handle that crosses threads only for `curl_multi_wakeup`, which libcurl allows.
struct MultiHandle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
}

/// The multi loop and the locked queue that feeds it. Nothing of libcurl is touched until the
/// first request: that request's thread loads the library (dlopen, #18), makes the multi handle
/// and starts the loop's thread; a library that cannot be loaded fails every request with a
/// sentence (`HTTPClientError.libraryMissing`), never the app's start.
final class TransportLoop: Sendable {
    private enum Phase {
        case notStarted
        case running(MultiHandle)
        case unavailable(String)
    }

    private struct Shared {
        var queue: [TransferJob] = []
        var shuttingDown = false
        var phase = Phase.notStarted
    }

    private let shared = Locked(Shared())

    init() {}

    /// Whether libcurl can be loaded, loading it (once per process) on the caller's thread.
    static let libraryFailure: String? = {
        if let failure = gc_curl_load() { return String(cString: failure) }
        return gc_curl_global_init() == CURLE_OK ? nil : "curl_global_init failed"
    }()

    /// Queues a job; fails it at once when the transport is shutting down or libcurl is missing.
    func submit(_ job: TransferJob) {
        let refused = shared.withLock { state -> HTTPClientError? in
            guard !state.shuttingDown else { return .cancelled }
            if case .notStarted = state.phase { state.phase = start() }
            switch state.phase {
            case .running(let multi):
                state.queue.append(job)
                _ = curl_multi_wakeup(multi.raw)
                return nil
            case .unavailable(let why):
                return .libraryMissing(why)
            case .notStarted:
                return .cancelled
            }
        }
        if let refused {
            job.finish(TransferCompletion(result: .failure(refused), newConnections: 0))
        }
    }

    /// Loads libcurl and starts the loop's thread (under the lock, once).
    private func start() -> Phase {
        if let failure = Self.libraryFailure { return .unavailable(failure) }
        guard let raw = curl_multi_init() else { return .unavailable("curl_multi_init failed: out of memory") }
        let multi = MultiHandle(raw: raw)
        _ = gc_curl_multi_setopt_long(raw, CURLMOPT_MAXCONNECTS, 64)
        // The outbox sends a window of requests at once (#34): over HTTP/2 they are streams of one
        // connection (with PIPEWAIT, a request waits for the first connection to say whether it
        // multiplexes rather than opening its own); over HTTP/1.1 at most `maxConnectionsPerHost`
        // connections to one host, the others queued in libcurl until one is free.
        _ = gc_curl_multi_setopt_long(raw, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        _ = gc_curl_multi_setopt_long(raw, CURLMOPT_MAX_HOST_CONNECTIONS, HTTPTransport.maxConnectionsPerHost)
        let thread = Thread { [self] in self.run(multi.raw) }
        thread.name = "HTTPTransport"
        thread.start()
        return .running(multi)
    }

    /// Interrupts the loop's wait so it looks at its queue and cancellations.
    func wake() {
        shared.withLock { state in
            if case .running(let multi) = state.phase { _ = curl_multi_wakeup(multi.raw) }
        }
    }

    func shutdown() {
        shared.withLock { state in
            state.shuttingDown = true
            if case .running(let multi) = state.phase { _ = curl_multi_wakeup(multi.raw) }
        }
    }

    private func run(_ multi: UnsafeMutableRawPointer) {
        let share = curl_share_init()
        if let share {
            _ = gc_curl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_SSL_SESSION.rawValue))
            _ = gc_curl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_DNS.rawValue))
        }
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]

        while true {
            let (jobs, shuttingDown) = shared.withLock { state in
                let jobs = state.queue
                state.queue.removeAll()
                return (jobs, state.shuttingDown)
            }
            if shuttingDown {
                for job in jobs { job.finish(TransferCompletion(result: .failure(.cancelled), newConnections: 0)) }
                for (easy, transfer) in active {
                    _ = curl_multi_remove_handle(multi, easy)
                    transfer.finishCancelled()
                }
                active.removeAll()
                break
            }
            for job in jobs {
                if job.isCancelled {
                    job.finish(TransferCompletion(result: .failure(.cancelled), newConnections: 0))
                    continue
                }
                switch CurlTransfer.start(job, share: share) {
                case .success(let transfer):
                    if curl_multi_add_handle(multi, transfer.easy) == CURLM_OK {
                        active[transfer.easy] = transfer
                    } else {
                        transfer.finish(.failure(.transport(code: -1, message: "could not add transfer")))
                    }
                case .failure(let error):
                    job.finish(TransferCompletion(result: .failure(error), newConnections: 0))
                }
            }
            for (easy, transfer) in active where transfer.job.isCancelled {
                _ = curl_multi_remove_handle(multi, easy)
                active[easy] = nil
                transfer.finishCancelled()
            }

            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let code = gc_curl_msg_result(message)
                _ = curl_multi_remove_handle(multi, easy)
                if let transfer = active.removeValue(forKey: easy) {
                    transfer.complete(code)
                }
            }
            // With transfers running, wake often enough for the low-speed check; idle, sleep until woken.
            _ = curl_multi_poll(multi, nil, 0, active.isEmpty ? 60_000 : 200, nil)
        }

        shared.withLock { $0.phase = .unavailable("the transport was shut down") }
        _ = curl_multi_cleanup(multi)
        if let share { _ = curl_share_cleanup(share) }
    }
}

extension HTTPClient {
    /// The libcurl the app was built against (`guestcraft --version` loads no library).
    public static var libraryVersion: String { String(cString: gc_curl_built_version()) }

    /// Why libcurl cannot be used on this device, loading it if no request has yet; nil when it can.
    public static var libraryFailure: String? { TransportLoop.libraryFailure }
}
