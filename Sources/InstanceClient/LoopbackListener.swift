import Catalog
import Foundation
import GuestCraftAPI
import HTTPServer
import SodiumCrypto
import Locking

/// What the browser brought back to the loopback listener.
enum CallbackOutcome: Sendable, Equatable {
    /// Allow: the one-time code (`gcc_…`).
    case code(String)
    /// The instance sent `error=<error>` (`access_denied` when the person chose Cancel).
    case error(String)
    /// The callback had the right `state` but neither a usable code nor an error.
    case malformed
    /// The listener was closed before a callback came.
    case closed
}

/// A one-shot HTTP listener on 127.0.0.1 and an ephemeral port (RFC 8252 §7.3): it accepts exactly
/// one `GET /callback` whose `state` matches, shows a plain "you can close this page" answer, and
/// closes. Callbacks with another `state` are refused and do not end the wait.
final class LoopbackListener: Sendable {
    /// How long the listener stays up after the accepted callback so its answer reaches the browser.
    static let drainTime: Duration = .milliseconds(300)

    let port: UInt16
    private let core: ListenerCore

    /// `http://127.0.0.1:<port>/callback`.
    var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    /// Starts listening; `expectedState` is compared in constant time.
    init(expectedState: String) throws(HTTPServerError) {
        let core = ListenerCore(expectedState: Array(expectedState.utf8))
        let configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threading: .pool(size: 1),
                                                    maxRequestBodyBytes: 4096, connectionTimeoutSeconds: 10)
        let server = HTTPServer(configuration: configuration) { [core] request in core.handle(request) }
        self.port = try server.start()
        core.server.withLock { $0 = server }
        self.core = core
    }

    deinit {
        core.close()
    }

    /// Waits for the accepted callback (or the close); task cancellation closes the listener.
    func outcome() async -> CallbackOutcome {
        let core = self.core
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<CallbackOutcome, Never>) in
                let ready: CallbackOutcome? = core.state.withLock { state in
                    if let outcome = state.outcome { return outcome }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            core.close()
        }
    }

    /// Stops listening at once; a wait still running ends with `.closed`.
    func close() { core.close() }

    /// Returns once the listener no longer listens.
    func closed() async {
        let core = self.core
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = core.state.withLock { state -> Bool in
                if state.closed { return true }
                state.closeWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// The listener's state, shared with the server's handler.
private final class ListenerCore: Sendable {
    struct State {
        var outcome: CallbackOutcome?
        var waiter: CheckedContinuation<CallbackOutcome, Never>?
        var closed = false
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let expectedState: [UInt8]
    let state = Locked(State())
    /// Set once started; cleared when stopped (which also breaks the server → handler → core cycle).
    let server = Locked<HTTPServer?>(nil)

    init(expectedState: [UInt8]) {
        self.expectedState = expectedState
    }

    func close() {
        let waiter: CheckedContinuation<CallbackOutcome, Never>? = state.withLock { state in
            if state.outcome == nil { state.outcome = .closed }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: .closed)
        stopServer()
    }

    /// Stops the server (never from its own handler thread) and wakes those waiting for the close.
    private func stopServer() {
        let running = server.withLock { server -> HTTPServer? in
            defer { server = nil }
            return server
        }
        running?.stop()
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.closed = true
            defer { state.closeWaiters.removeAll() }
            return state.closeWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Stops after the drain time, off the server's own thread.
    private func closeAfterDrain() {
        Task.detached { [self] in
            try? await Task.sleep(for: LoopbackListener.drainTime)
            stopServer()
        }
    }

    func handle(_ request: HTTPServerRequest) -> HTTPServerResponse {
        guard request.method == "GET", request.path == "/callback" else {
            return Self.page(L("signin.page.not_found"), status: 404)
        }
        guard let given = request.queryValue("state"), ConstantTime.equal(Array(given.utf8), expectedState) else {
            return Self.page(L("signin.page.wrong_state"), status: 400)
        }
        let outcome: CallbackOutcome
        if let error = request.queryValue("error") {
            outcome = .error(String(error.prefix(64)))
        } else if let code = request.queryValue("code"), CredentialPrefix.isSignInCode(code) {
            outcome = .code(code)
        } else {
            outcome = .malformed
        }
        let (accepted, waiter) = state.withLock { state -> (Bool, CheckedContinuation<CallbackOutcome, Never>?) in
            guard state.outcome == nil else { return (false, nil) }
            state.outcome = outcome
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        guard accepted else {
            return Self.page(L("signin.page.already_finished"), status: 410)
        }
        waiter?.resume(returning: outcome)
        closeAfterDrain()
        let text: String
        switch outcome {
        case .code: text = L("signin.page.signed_in")
        case .error("access_denied"): text = L("signin.page.cancelled")
        default: text = L("signin.page.failed")
        }
        return Self.page(text, status: 200)
    }

    static func page(_ text: String, status: Int) -> HTTPServerResponse {
        .text(text + "\n", status: status, headers: [
            (name: "Cache-Control", value: "no-store"),
            (name: "Referrer-Policy", value: "no-referrer"),
            (name: "Connection", value: "close"),
        ])
    }
}
