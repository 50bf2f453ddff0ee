import CMicroHTTPD
import Foundation
import Synchronization

/// Tells stream producers that the server is stopping.
final class StopSignal: Sendable {
    private let stopping = Atomic<Bool>(false)
    var isStopping: Bool { stopping.load(ordering: .acquiring) }
    func stop() { stopping.store(true, ordering: .releasing) }
}

/// What libmicrohttpd's callbacks reach through their `cls` pointer.
final class ServerCore: Sendable {
    let handler: @Sendable (HTTPServerRequest) -> HTTPServerResponse
    let maxRequestBodyBytes: Int
    let payloadTooLarge: @Sendable (HTTPServerRequest) -> HTTPServerResponse
    let signal = StopSignal()
    let connectionsAccepted = Atomic<Int>(0)
    /// Request and stream states alive now: both return to 0 once every connection is done.
    let liveRequestStates = Atomic<Int>(0)
    let liveStreamStates = Atomic<Int>(0)

    init(configuration: HTTPServerConfiguration,
         handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse) {
        self.handler = handler
        self.maxRequestBodyBytes = configuration.maxRequestBodyBytes
        self.payloadTooLarge = configuration.payloadTooLarge
    }
}

/// One request while it is being received; lives in `con_cls` until NOTIFY_COMPLETED.
final class RequestState {
    var request: HTTPServerRequest
    var bodyTooLarge = false
    var answered = false
    private let core: ServerCore

    init(request: HTTPServerRequest, core: ServerCore) {
        self.request = request
        self.core = core
        core.liveRequestStates.add(1, ordering: .relaxed)
    }

    deinit {
        core.liveRequestStates.subtract(1, ordering: .relaxed)
    }
}

/// The producer side of a streamed or cut-short body; lives until libmicrohttpd frees the response.
final class StreamState {
    enum Source {
        case stream(HTTPServerStream)
        case cut(Data)
    }

    let source: Source
    let signal: StopSignal
    private let core: ServerCore
    var pending = Data()
    var pendingOffset = 0
    var chunkIndex = 0
    var bytesProduced = 0
    var finished = false

    init(source: Source, core: ServerCore) {
        self.source = source
        self.signal = core.signal
        self.core = core
        core.liveStreamStates.add(1, ordering: .relaxed)
        if case .cut(let data) = source {
            pending = data
        }
    }

    deinit {
        core.liveStreamStates.subtract(1, ordering: .relaxed)
    }

    /// Fills `buffer`; returns the count or one of libmicrohttpd's end markers.
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        while pendingOffset >= pending.count {
            if finished || signal.isStopping { return gc_mhd_reader_end_with_error() }
            switch source {
            case .cut:
                finished = true
                return gc_mhd_reader_end_with_error()
            case .stream(let stream):
                let context = HTTPStreamContext(chunkIndex: chunkIndex, bytesProduced: bytesProduced, signal: signal)
                switch stream.next(context) {
                case .chunk(let data):
                    chunkIndex += 1
                    bytesProduced += data.count
                    pending = data
                    pendingOffset = 0
                case .end:
                    finished = true
                    return gc_mhd_reader_end_of_stream()
                case .fail:
                    finished = true
                    return gc_mhd_reader_end_with_error()
                }
            }
        }
        let count = min(max, pending.count - pendingOffset)
        pending.withUnsafeBytes { raw in
            let start = raw.baseAddress!.advanced(by: pendingOffset)
            UnsafeMutableRawPointer(buffer).copyMemory(from: start, byteCount: count)
        }
        pendingOffset += count
        return count
    }
}
