import Foundation
import Locking
import Synchronization

/// A request checked and reduced to what libcurl needs, with the options of its client.
struct PreparedRequest: Sendable {
    var url: String
    /// The URL's host, for a certificate's sentence.
    var host: String
    var method: String
    /// "Name: value" lines, already checked for CR/LF.
    var headerLines: [String]
    var body: Data?
    var connectTimeoutMS: Int
    var totalTimeoutMS: Int
    var lowSpeedLimit: Int
    var lowSpeedTimeMS: Int
    var maxResponseBodyBytes: Int
    /// Extra CA file added to the system store.
    var caBundle: String?
    /// Proxy URL, empty for none.
    var proxy: String
    var noProxy: String?
    var userAgent: String
}

/// How a transfer ended, and how many connections it opened.
struct TransferCompletion: Sendable {
    var result: Result<HTTPResponse, HTTPClientError>
    var newConnections: Int
}

/// One request handed to the transport thread; finished exactly once, there (or at submission).
final class TransferJob: Sendable {
    let request: PreparedRequest
    private let cancelledFlag = Atomic<Bool>(false)
    private let continuation = Locked<CheckedContinuation<TransferCompletion, Never>?>(nil)
    private let wake: @Sendable () -> Void

    init(request: PreparedRequest, wake: @escaping @Sendable () -> Void) {
        self.request = request
        self.wake = wake
    }

    var isCancelled: Bool { cancelledFlag.load(ordering: .acquiring) }

    func attach(_ continuation: CheckedContinuation<TransferCompletion, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    /// Marks the job cancelled and wakes the transport thread, which aborts it.
    func cancel() {
        cancelledFlag.store(true, ordering: .releasing)
        wake()
    }

    func finish(_ completion: TransferCompletion) {
        let waiting = continuation.withLock { stored in
            let taken = stored
            stored = nil
            return taken
        }
        waiting?.resume(returning: completion)
    }
}
