import CCurl
import Foundation

/// One libcurl easy handle and what it receives; lives on the transport thread only.
final class CurlTransfer {
    let job: TransferJob
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>

    private var body = Data()
    private var headers = HTTPHeaders()
    private var bodyTooLarge = false
    private var stalled = false
    /// Times the request was about to go out: libcurl resends once on a fresh connection when a
    /// reused one closed without any answer.
    private var attempts = 0
    /// Set when a resend was refused because the method is not safe to repeat.
    private var resendRefused = false
    /// (monotonic ns, bytes moved) samples for the low-speed check, oldest first.
    private var samples: [(time: UInt64, bytes: Int64)] = []

    private init(job: TransferJob, easy: UnsafeMutableRawPointer) {
        self.job = job
        self.easy = easy
        let size = gc_curl_error_size()
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Makes and configures the handle for `job`.
    static func start(_ job: TransferJob, share: UnsafeMutableRawPointer?) -> Result<CurlTransfer, HTTPClientError> {
        guard let easy = curl_easy_init() else {
            return .failure(.transport(code: -1, message: "could not create a transfer"))
        }
        let transfer = CurlTransfer(job: job, easy: easy)
        if let error = transfer.configure(share: share) {
            return .failure(error)
        }
        return .success(transfer)
    }

    // MARK: - Setup

    private func configure(share: UnsafeMutableRawPointer?) -> HTTPClientError? {
        let request = job.request
        var failed: CURLcode = CURLE_OK
        func check(_ code: CURLcode) {
            if code != CURLE_OK && failed == CURLE_OK { failed = code }
        }
        let me = Unmanaged.passUnretained(self).toOpaque()

        check(gc_curl_setopt_buffer(easy, CURLOPT_ERRORBUFFER, errorBuffer))
        check(gc_curl_setopt_string(easy, CURLOPT_URL, request.url))
        check(gc_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
        check(gc_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        check(gc_curl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "https"))
        check(gc_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0))
        check(gc_curl_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)))
        if request.url.lowercased().hasPrefix("https:") {
            // Wait for a TLS connection to say whether it multiplexes (HTTP/2) before opening another.
            check(gc_curl_setopt_long(easy, CURLOPT_PIPEWAIT, 1))
        }
        check(gc_curl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""))
        check(gc_curl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeoutMS))
        check(gc_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, request.totalTimeoutMS))
        check(gc_curl_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1))
        check(gc_curl_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1))
        check(gc_curl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2))
        if let caBundle = request.caBundle {
            // OpenSSL reads both: the system store from the hashed directory, plus this file.
            check(gc_curl_setopt_string(easy, CURLOPT_CAPATH, "/etc/ssl/certs"))
            check(gc_curl_setopt_string(easy, CURLOPT_CAINFO, caBundle))
        }
        check(gc_curl_setopt_string(easy, CURLOPT_PROXY, request.proxy))
        if let noProxy = request.noProxy {
            check(gc_curl_setopt_string(easy, CURLOPT_NOPROXY, noProxy))
        }
        check(gc_curl_setopt_string(easy, CURLOPT_USERAGENT, request.userAgent))
        if let share {
            check(gc_curl_setopt_share(easy, CURLOPT_SHARE, share))
        }

        check(gc_curl_setopt_write(easy, CURLOPT_WRITEFUNCTION, transferWriteBody))
        check(gc_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, me))
        check(gc_curl_setopt_write(easy, CURLOPT_HEADERFUNCTION, transferWriteHeader))
        check(gc_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, me))
        check(gc_curl_setopt_xferinfo(easy, CURLOPT_XFERINFOFUNCTION, transferProgress))
        check(gc_curl_setopt_pointer(easy, CURLOPT_XFERINFODATA, me))
        check(gc_curl_setopt_long(easy, CURLOPT_NOPROGRESS, 0))
        check(gc_curl_setopt_prereq(easy, CURLOPT_PREREQFUNCTION, transferAboutToSend))
        check(gc_curl_setopt_pointer(easy, CURLOPT_PREREQDATA, me))

        var lines = request.headerLines
        // A long body asks first (`HTTPRequest.expectContinueBytes`); a short one goes without the round trip.
        lines.append((request.body?.count ?? 0) > HTTPRequest.expectContinueBytes ? "Expect: 100-continue" : "Expect:")
        let method = request.method
        switch (method, request.body) {
        case ("GET", nil):
            check(gc_curl_setopt_long(easy, CURLOPT_HTTPGET, 1))
        case ("HEAD", nil):
            check(gc_curl_setopt_long(easy, CURLOPT_NOBODY, 1))
        case (_, let body?):
            if !request.headerLines.contains(where: { $0.lowercased().hasPrefix("content-type:") }) {
                lines.append("Content-Type:")
            }
            check(gc_curl_setopt_long(easy, CURLOPT_POST, 1))
            check(gc_curl_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            body.withUnsafeBytes { raw in
                let empty: StaticString = ""
                check(gc_curl_setopt_bytes(easy, CURLOPT_COPYPOSTFIELDS,
                                           raw.baseAddress ?? UnsafeRawPointer(empty.utf8Start)))
            }
            if method != "POST" {
                check(gc_curl_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method))
            }
        case (_, nil):
            check(gc_curl_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method))
        }
        for line in lines {
            guard let appended = curl_slist_append(headerList, line) else {
                return .transport(code: -1, message: "out of memory")
            }
            headerList = appended
        }
        check(gc_curl_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList))

        guard failed == CURLE_OK else {
            if failed == CURLE_URL_MALFORMAT { return .invalidURL }
            return .transport(code: Int(failed.rawValue), message: String(cString: curl_easy_strerror(failed)))
        }
        return nil
    }

    // MARK: - Callbacks

    fileprivate func receiveBody(_ data: UnsafeMutablePointer<CChar>?, count: Int) -> Int {
        guard count > 0, let data else { return count }
        if body.count + count > job.request.maxResponseBodyBytes {
            bodyTooLarge = true
            return 0
        }
        body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
        return count
    }

    fileprivate func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, count: Int) -> Int {
        guard count > 0, let data else { return count }
        let bytes = UnsafeRawBufferPointer(start: data, count: count)
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            // A new status line (after a 1xx, or a proxy's CONNECT answer): start over.
            headers = HTTPHeaders()
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { headers.add(name: name, value: value) }
        }
        return count
    }

    /// Lets libcurl's automatic resend through only for methods safe to repeat (GET, HEAD, OPTIONS):
    /// a write is sent at most once per `send`, so a lost answer stays "may have been applied".
    fileprivate func aboutToSend() -> Int32 {
        attempts += 1
        if attempts > 1 && !["GET", "HEAD", "OPTIONS"].contains(job.request.method) {
            resendRefused = true
            return 1
        }
        return 0
    }

    /// Aborts (non-zero) when cancelled, or when the last `lowSpeedTime` moved too few bytes.
    fileprivate func progress(downloaded: Int64, uploaded: Int64) -> Int32 {
        if job.isCancelled { return 1 }
        let request = job.request
        guard request.lowSpeedLimit > 0, request.lowSpeedTimeMS > 0 else { return 0 }
        let now = DispatchTime.now().uptimeNanoseconds
        let moved = downloaded + uploaded
        let window = UInt64(request.lowSpeedTimeMS) * 1_000_000
        if samples.isEmpty || now - samples[samples.count - 1].time >= 50_000_000 {
            samples.append((now, moved))
        }
        while samples.count >= 2 && now - samples[1].time >= window {
            samples.removeFirst()
        }
        let oldest = samples[0]
        let elapsed = now - oldest.time
        if elapsed >= window {
            let rate = Double(moved - oldest.bytes) / (Double(elapsed) / 1e9)
            if rate < Double(request.lowSpeedLimit) {
                stalled = true
                return 1
            }
        }
        return 0
    }

    // MARK: - Completion

    func finish(_ result: Result<HTTPResponse, HTTPClientError>) {
        var connects = 0
        _ = gc_curl_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        job.finish(TransferCompletion(result: result, newConnections: connects))
    }

    func finishCancelled() {
        finish(.failure(.cancelled))
    }

    func complete(_ code: CURLcode) {
        finish(outcome(code))
    }

    private func outcome(_ code: CURLcode) -> Result<HTTPResponse, HTTPClientError> {
        if job.isCancelled { return .failure(.cancelled) }
        if bodyTooLarge { return .failure(.bodyTooLarge(limit: job.request.maxResponseBodyBytes)) }
        if stalled { return .failure(.stalled) }
        if resendRefused { return .failure(.connectionLost) }
        guard code == CURLE_OK else { return .failure(error(for: code)) }

        var status = 0
        _ = gc_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        if (300..<400).contains(status) && status != 304 {
            return .failure(.redirectRefused(status: status, location: headers["location"]))
        }
        var downloaded: curl_off_t = 0
        var headerBytes = 0
        var connects = 0
        _ = gc_curl_getinfo_off(easy, CURLINFO_SIZE_DOWNLOAD_T, &downloaded)
        _ = gc_curl_getinfo_long(easy, CURLINFO_HEADER_SIZE, &headerBytes)
        _ = gc_curl_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        var version = 0
        _ = gc_curl_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
        return .success(HTTPResponse(status: status, headers: headers, body: body,
                                     wireBytes: Int(downloaded) + headerBytes, newConnections: connects,
                                     httpVersion: Self.protocolName(version)))
    }

    /// `HTTP/2` for libcurl's CURL_HTTP_VERSION_2_0, and so on.
    static func protocolName(_ version: Int) -> String {
        switch version {
        case Int(CURL_HTTP_VERSION_1_0): "HTTP/1.0"
        case Int(CURL_HTTP_VERSION_2_0): "HTTP/2"
        case Int(CURL_HTTP_VERSION_3): "HTTP/3"
        default: "HTTP/1.1"
        }
    }

    private func error(for code: CURLcode) -> HTTPClientError {
        let message = errorBuffer.pointee != 0
            ? String(cString: errorBuffer)
            : String(cString: curl_easy_strerror(code))
        switch code {
        case CURLE_URL_MALFORMAT:
            return .invalidURL
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .couldNotResolve
        case CURLE_COULDNT_CONNECT:
            return .couldNotConnect
        case CURLE_OPERATION_TIMEDOUT:
            var pretransfer: curl_off_t = 0
            _ = gc_curl_getinfo_off(easy, CURLINFO_PRETRANSFER_TIME_T, &pretransfer)
            return .timedOut(requestSent: pretransfer > 0)
        case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_HTTP2_STREAM:
            return .connectionLost
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE:
            if let problem = HTTPClientError.certificateProblem(code: Int(code.rawValue), message: message,
                                                                caBundle: job.request.caBundle) {
                return .certificate(problem, host: job.request.host, detail: message)
            }
            return .tls(message)
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED, CURLE_SSL_ENGINE_NOTFOUND,
             CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED:
            return .tls(message)
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        default:
            return .transport(code: Int(code.rawValue), message: message)
        }
    }
}

// C callbacks: they capture nothing and reach the transfer through their user-data pointer.

private let transferWriteBody: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data, size, count, user in
    guard let user else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().receiveBody(data, count: size * count)
}

private let transferWriteHeader: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data, size, count, user in
    guard let user else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().receiveHeader(data, count: size * count)
}

private let transferProgress: @convention(c) (UnsafeMutableRawPointer?, curl_off_t, curl_off_t, curl_off_t, curl_off_t) -> Int32 = {
    user, _, downloaded, _, uploaded in
    guard let user else { return 1 }
    return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
        .progress(downloaded: Int64(downloaded), uploaded: Int64(uploaded))
}

private let transferAboutToSend: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?,
                                                 UnsafeMutablePointer<CChar>?, Int32, Int32) -> Int32 = {
    user, _, _, _, _ in
    guard let user else { return 1 }
    return Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue().aboutToSend()
}
