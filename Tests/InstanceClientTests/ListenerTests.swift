import Foundation
import HTTPClient
@testable import InstanceClient
import Testing
import TestSupport

/// The loopback listener on its own, with the test as the browser.
@Suite struct ListenerTests {
    let code = "gcc_" + String(repeating: "A", count: 43)

    func get(_ http: HTTPClient, _ listener: LoopbackListener, _ query: String,
             path: String = "/callback") async throws -> (Int, String) {
        let response = try await http.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(listener.port)\(path)?\(query)")!))
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    @Test func acceptsExactlyOneCallbackWithTheRightStateThenCloses() async throws {
        let listener = try LoopbackListener(expectedState: "right-state")
        #expect(listener.redirectURI == "http://127.0.0.1:\(listener.port)/callback")
        let http = makeHTTP()
        let (wrongStatus, wrongPage) = try await get(http, listener, "code=\(code)&state=wrong-state")
        #expect(wrongStatus == 400)
        #expect(wrongPage.contains("does not belong"))
        #expect(try await get(http, listener, "code=\(code)").0 == 400)
        #expect(try await get(http, listener, "code=\(code)&state=right-state", path: "/other").0 == 404)
        let (status, page) = try await get(http, listener, "code=\(code)&state=right-state")
        #expect(status == 200)
        #expect(page.contains("You can close this page"))
        #expect(await listener.outcome() == .code(code))
        // A second callback, even with the right state, is not accepted.
        if let second = try? await get(http, listener, "code=gcc_\(String(repeating: "B", count: 43))&state=right-state") {
            #expect(second.0 == 410)
        }
        #expect(await listener.outcome() == .code(code))
        await listener.closed()
        await #expect(throws: HTTPClientError.couldNotConnect) {
            _ = try await http.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(listener.port)/callback")!))
        }
    }

    @Test func anErrorWithTheRightStateEndsTheWait() async throws {
        let listener = try LoopbackListener(expectedState: "s")
        let http = makeHTTP()
        #expect(try await get(http, listener, "error=access_denied&state=other").0 == 400)
        let (status, page) = try await get(http, listener, "error=access_denied&state=s")
        #expect(status == 200)
        #expect(page.contains("cancelled"))
        #expect(await listener.outcome() == .error("access_denied"))
    }

    @Test func aCallbackWithoutAUsableCodeIsMalformed() async throws {
        let listener = try LoopbackListener(expectedState: "s")
        #expect(try await get(makeHTTP(), listener, "code=gcd_notacode&state=s").0 == 200)
        #expect(await listener.outcome() == .malformed)
    }

    @Test func closingEndsAWaitAndTheListener() async throws {
        let listener = try LoopbackListener(expectedState: "s")
        let port = listener.port
        async let outcome = listener.outcome()
        listener.close()
        #expect(await outcome == .closed)
        await listener.closed()
        // Refused — or, when another test's server was given the freed port meanwhile (the suite
        // starts about 150), answered by that one: never by the listener.
        do {
            let answer = try await makeHTTP().send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/callback?state=s")!))
            let listenersPage = [200, 410].contains(answer.status) && answer.headers["Referrer-Policy"] == "no-referrer"
            #expect(!listenersPage, "the closed listener answered \(answer.status)")
        } catch {
            #expect(error == .couldNotConnect)
        }
    }

    @Test func cancellingTheWaitingTaskClosesTheListener() async throws {
        let listener = try LoopbackListener(expectedState: "s")
        let wait = Task { await listener.outcome() }
        wait.cancel()
        #expect(await wait.value == .closed)
        await listener.closed()
    }
}

@Suite struct SystemBrowserTests {
    let url = URL(string: "https://hotel.example.com/mobile/authorize?a=1&state=x%20y")!

    @Test func commandsFollowTheBrowserConvention() {
        #expect(SystemBrowser.commands(for: url, environment: [:]) == [["xdg-open", url.absoluteString]])
        #expect(SystemBrowser.commands(for: url, environment: ["BROWSER": "firefox --new-window:w3m %s"]) == [
            ["firefox", "--new-window", url.absoluteString], ["w3m", url.absoluteString], ["xdg-open", url.absoluteString],
        ])
    }

    /// The fake browser is a script `/bin/sh` reads, not one executed: a script written and then
    /// executed at once fails with ETXTBSY when another test's child forked while it was open for
    /// writing (CI, #33). The wait ends when the browser has written, not after a wall time.
    @Test(.timeLimit(.minutes(1))) func opensTheURLWithTheFirstBrowserFoundWithoutAShell() async throws {
        let temp = try TemporaryDirectory()
        let output = temp.url.appendingPathComponent("opened.txt")
        let script = temp.url.appendingPathComponent("fake-browser")
        try "printf '%s' \"$1\" > \"\(output.path).tmp\" && mv \"\(output.path).tmp\" \"\(output.path)\"\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let opener = SystemBrowser.opener(environment: ["BROWSER": "no-such-browser-here:/bin/sh \(script.path)",
                                                        "PATH": "/usr/bin:/bin"])
        try #require(opener(url))
        var opened: String?
        while opened == nil {
            opened = try? String(contentsOf: output, encoding: .utf8)
            if opened == nil { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(opened == url.absoluteString)
        #expect(!SystemBrowser.opener(environment: ["BROWSER": "no-such-browser-here", "PATH": temp.url.path])(url))
    }
}
