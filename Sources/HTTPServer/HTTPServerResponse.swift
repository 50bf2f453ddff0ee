import Foundation

/// What a handler answers: bytes, a body streamed over time, a body cut short, or no answer at all.
public struct HTTPServerResponse: Sendable {
    /// How the body goes out.
    public enum Body: Sendable {
        /// The whole body at once, with a Content-Length.
        case bytes(Data)
        /// Chunks produced over time (slow or endless bodies).
        case stream(HTTPServerStream)
        /// Declares `declaredLength` bytes, sends `sent`, then closes the connection.
        case closeMidBody(sent: Data, declaredLength: Int)
        /// Closes the connection without any answer.
        case dropConnection
    }

    public var status: Int
    /// Header fields to send; a name or value holding CR, LF or NUL is never emitted.
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Bytes with a status and headers.
    public static func bytes(_ data: Data, status: Int = 200,
                             headers: [(name: String, value: String)] = []) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: headers, body: .bytes(data))
    }

    /// UTF-8 text with a Content-Type.
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8",
                            headers: [(name: String, value: String)] = []) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: [("Content-Type", contentType)] + headers,
                           body: .bytes(Data(text.utf8)))
    }

    /// A streamed body.
    public static func stream(_ stream: HTTPServerStream, status: Int = 200,
                              headers: [(name: String, value: String)] = []) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: headers, body: .stream(stream))
    }

    /// Sends part of a body declared longer, then closes the connection.
    public static func closeMidBody(sent: Data, declaredLength: Int, status: Int = 200,
                                    headers: [(name: String, value: String)] = []) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: headers,
                           body: .closeMidBody(sent: sent, declaredLength: max(declaredLength, sent.count + 1)))
    }

    /// Closes the connection without answering.
    public static var drop: HTTPServerResponse {
        HTTPServerResponse(status: 0, body: .dropConnection)
    }
}

/// A body produced chunk by chunk on the connection's thread; `next` may block (use `context.wait`).
public struct HTTPServerStream: Sendable {
    /// What the producer gives next.
    public enum Step: Sendable {
        case chunk(Data)
        /// Normal end of the body.
        case end
        /// Ends the body with an error: the connection is closed.
        case fail
    }

    /// Declared Content-Length; nil sends the body chunked.
    public var contentLength: Int?
    /// Called for each chunk until it returns `.end` or `.fail`.
    public var next: @Sendable (HTTPStreamContext) -> Step

    public init(contentLength: Int? = nil, next: @escaping @Sendable (HTTPStreamContext) -> Step) {
        self.contentLength = contentLength
        self.next = next
    }

    /// `chunk` at once, then again every `interval`; `count` chunks in all, or without end when nil.
    public static func repeating(_ chunk: Data, every interval: Duration, count: Int? = nil) -> HTTPServerStream {
        HTTPServerStream { context in
            if let count, context.chunkIndex >= count { return .end }
            if context.chunkIndex > 0, !context.wait(interval) { return .fail }
            return .chunk(chunk)
        }
    }
}

/// What a stream producer knows: how far it got, and whether the server is stopping.
public struct HTTPStreamContext: Sendable {
    /// Chunks produced so far for this response.
    public let chunkIndex: Int
    /// Body bytes produced so far for this response.
    public let bytesProduced: Int
    let signal: StopSignal

    /// True once the server is stopping: end the stream.
    public var isStopping: Bool { signal.isStopping }

    /// Sleeps for `duration`, waking early when the server stops; false if it is stopping.
    public func wait(_ duration: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: duration)
        while !signal.isStopping {
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero { return true }
            let slice = min(left, .milliseconds(10))
            let (seconds, attoseconds) = slice.components
            usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        }
        return false
    }
}
