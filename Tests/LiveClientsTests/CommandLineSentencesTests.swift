import AppCore
import ClientModel
import Foundation
import Glibc
import InstanceClient
@testable import LiveClients
import Testing
import TestSupport

/// Sentences of the command line and Connect that #13 found wrong, against the real things.
@Suite struct CommandLineSentencesTests {
    @Test func statusWithNoAccountSaysSoAndExitsWithItsOwnStatus() throws {
        let home = try TemporaryDirectory(prefix: "guestcraft-status-tests")
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.path])
        #expect(StatusCommand.run(services) == StatusCommand.noAccountStatus)
        #expect(StatusCommand.noAccountStatus != 0 && StatusCommand.noAccountStatus != 1 && StatusCommand.noAccountStatus != 2)
    }

    /// A plain HTTP server (the demo is one on loopback); typed without its scheme, the address
    /// becomes https and the TLS handshake meets an HTTP answer: the sentence says so. The server
    /// here answers before it reads and reads all before it closes: the demo's server closes on
    /// the ClientHello, and under load the reset could come before its answer was read
    /// ("SSL_ERROR_SYSCALL" instead of OpenSSL's "wrong version number"; seen in a full run).
    @Test func aPlainHTTPInstanceTypedWithoutItsSchemeIsSaidToAnswerPlainHTTP() async throws {
        let home = try TemporaryDirectory(prefix: "guestcraft-plain-http-tests")
        let server = try PlainHTTPAnswerer()
        defer { server.stop() }
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.path])
        do {
            _ = try await services.connector.connect("127.0.0.1:\(server.port)")
            Issue.record("an https connection to a plain HTTP server succeeded")
        } catch {
            #expect(ErrorText.connect(error) == "This address answers plain HTTP, not HTTPS. If it is a test instance on this machine, type it with http:// in front.",
                    "\(error)")
        }
    }
}

/// A TCP server on 127.0.0.1 that answers every connection with a plain HTTP 400 at once, then
/// reads until the client closes (so it never resets a connection with data unread).
final class PlainHTTPAnswerer: Sendable {
    let port: UInt16
    private let listener: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 8) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let thread = Thread {
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                let answer = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
                _ = answer.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                var buffer = [UInt8](repeating: 0, count: 4096)
                while recv(client, &buffer, buffer.count, 0) > 0 {}
                close(client)
            }
        }
        thread.start()
    }

    /// Stops accepting (the thread's `accept` fails and it ends).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
