import CMicroHTTPD
import Foundation

// libmicrohttpd's C callbacks. Each reaches the ServerCore through `cls` and the request's
// state through `con_cls`; none captures anything, so they convert to C function pointers.

let serverAccessHandler: gc_mhd_access_handler = { cls, connection, url, method, _, uploadData, uploadDataSize, conCls in
    guard let cls, let connection, let uploadDataSize, let conCls else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()

    guard let existing = conCls.pointee else {
        // First call: headers are complete, no body yet.
        let request = HTTPServerRequest(
            method: method.map { String(cString: $0) } ?? "GET",
            path: url.map { String(cString: $0) } ?? "/",
            query: connectionValues(connection, kind: .GET_ARGUMENT_KIND).map { (name: $0.0, value: $0.1) },
            headers: headerDictionary(connection),
            clientAddress: "", clientPort: 0)
        let state = RequestState(request: request, core: core)
        fillClientAddress(connection, into: state)
        conCls.pointee = Unmanaged.passRetained(state).toOpaque()
        if let declared = request.headers["content-length"], let length = Int(declared),
           length > core.maxRequestBodyBytes {
            state.bodyTooLarge = true
            return answerTooLarge(core: core, state: state, connection: connection)
        }
        return .YES
    }

    let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
    let chunkSize = uploadDataSize.pointee
    if chunkSize > 0 {
        if !state.answered, !state.bodyTooLarge, let uploadData {
            if state.request.body.count + chunkSize > core.maxRequestBodyBytes {
                state.bodyTooLarge = true
                state.request.body = Data()
            } else {
                state.request.body.append(UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self),
                                          count: chunkSize)
            }
        }
        uploadDataSize.pointee = 0
        return .YES
    }
    if state.answered { return .YES }
    if state.bodyTooLarge {
        return answerTooLarge(core: core, state: state, connection: connection)
    }
    state.answered = true
    let response = core.handler(state.request)
    return queue(response, on: connection, core: core)
}

let serverRequestCompleted: gc_mhd_completed = { _, _, conCls, _ in
    guard let conCls, let pointer = conCls.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(pointer).release()
    conCls.pointee = nil
}

let serverConnectionNotify: gc_mhd_connection_notify = { cls, _, _, code in
    guard let cls, code == .CONNECTION_NOTIFY_STARTED else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    core.connectionsAccepted.add(1, ordering: .relaxed)
}

private let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return gc_mhd_reader_end_with_error() }
    let stream = Unmanaged<StreamState>.fromOpaque(cls).takeUnretainedValue()
    return stream.read(into: buffer, max: max)
}

private let streamFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<StreamState>.fromOpaque(cls).release()
}

private func answerTooLarge(core: ServerCore, state: RequestState, connection: OpaquePointer) -> MHD_Result {
    state.answered = true
    var head = state.request
    head.body = Data()
    var response = core.payloadTooLarge(head)
    response.status = 413
    if case .bytes = response.body {} else { response.body = .bytes(Data()) }
    // The body was not read: the connection cannot carry another request.
    response.headers.removeAll { $0.name.lowercased() == "connection" }
    response.headers.append((name: "Connection", value: "close"))
    return queue(response, on: connection, core: core)
}

private func queue(_ response: HTTPServerResponse, on connection: OpaquePointer, core: ServerCore) -> MHD_Result {
    let mhdResponse: OpaquePointer?
    switch response.body {
    case .dropConnection:
        return .NO
    case .bytes(let data):
        mhdResponse = data.withUnsafeBytes { raw in
            MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress),
                                            .RESPMEM_MUST_COPY)
        }
    case .stream(let stream):
        let state = StreamState(source: .stream(stream), core: core)
        let size = stream.contentLength.map { UInt64(max(0, $0)) } ?? gc_mhd_size_unknown()
        let retained = Unmanaged.passRetained(state)
        mhdResponse = MHD_create_response_from_callback(size, 16 * 1024, streamReader, retained.toOpaque(), streamFree)
        if mhdResponse == nil { retained.release() }
    case .closeMidBody(let sent, let declaredLength):
        let state = StreamState(source: .cut(sent), core: core)
        let retained = Unmanaged.passRetained(state)
        mhdResponse = MHD_create_response_from_callback(UInt64(max(declaredLength, sent.count + 1)), 16 * 1024,
                                                        streamReader, retained.toOpaque(), streamFree)
        if mhdResponse == nil { retained.release() }
    }
    guard let mhdResponse else { return .NO }
    defer { MHD_destroy_response(mhdResponse) }
    for (name, value) in response.headers where isEmittable(name: name, value: value) {
        _ = MHD_add_response_header(mhdResponse, name, value)
    }
    return MHD_queue_response(connection, UInt32(clamping: response.status), mhdResponse)
}

/// A header goes out only when its name is a token and neither holds CR, LF or NUL.
func isEmittable(name: String, value: String) -> Bool {
    guard !name.isEmpty else { return false }
    let tokenExtras: Set<UInt8> = Set("!#$%&'*+-.^_`|~".utf8)
    for byte in name.utf8 {
        let isAlnum = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        if !isAlnum && !tokenExtras.contains(byte) { return false }
    }
    for byte in value.utf8 where byte == 0x0D || byte == 0x0A || byte == 0x00 {
        return false
    }
    return true
}

/// Collects name/value pairs of one kind (headers or query arguments) in order.
private final class ValueCollector {
    var pairs: [(String, String)] = []
}

private let collectValue: MHD_KeyValueIterator = { cls, _, key, value in
    guard let cls, let key else { return .YES }
    let collector = Unmanaged<ValueCollector>.fromOpaque(cls).takeUnretainedValue()
    collector.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return .YES
}

private func connectionValues(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(String, String)] {
    let collector = ValueCollector()
    withExtendedLifetime(collector) {
        _ = MHD_get_connection_values(connection, kind, collectValue, Unmanaged.passUnretained(collector).toOpaque())
    }
    return collector.pairs
}

private func headerDictionary(_ connection: OpaquePointer) -> [String: String] {
    var headers: [String: String] = [:]
    for (name, value) in connectionValues(connection, kind: .HEADER_KIND) {
        let key = name.lowercased()
        if let existing = headers[key] {
            headers[key] = existing + ", " + value
        } else {
            headers[key] = value
        }
    }
    return headers
}

private func fillClientAddress(_ connection: OpaquePointer, into state: RequestState) {
    var buffer = [CChar](repeating: 0, count: 64)
    var port: UInt16 = 0
    let result = buffer.withUnsafeMutableBufferPointer { pointer in
        gc_mhd_client_address(connection, pointer.baseAddress, pointer.count, &port)
    }
    if result == 0 {
        state.request.clientAddress = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        state.request.clientPort = port
    }
}
