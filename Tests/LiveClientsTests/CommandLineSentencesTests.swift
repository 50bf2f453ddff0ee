import AppCore
import ClientModel
import DemoInstance
import Foundation
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

    /// The demo speaks plain HTTP on loopback; typed without its scheme, the address becomes
    /// https and the TLS handshake meets an HTTP answer: the sentence says so.
    @Test func aPlainHTTPInstanceTypedWithoutItsSchemeIsSaidToAnswerPlainHTTP() async throws {
        let home = try TemporaryDirectory(prefix: "guestcraft-plain-http-tests")
        let demo = try DemoInstance.start(DemoConfiguration(rooms: 8, log: { _ in }))
        defer { demo.stop() }
        let services = try LiveServices(environment: ["GUESTCRAFT_HOME": home.url.path])
        let typed = String(try #require(demo.origin.split(separator: "/").last))   // "127.0.0.1:PORT"
        do {
            _ = try await services.connector.connect(typed)
            Issue.record("an https connection to a plain HTTP instance succeeded")
        } catch {
            #expect(ErrorText.connect(error) == "This address answers plain HTTP, not HTTPS. If it is a test instance on this machine, type it with http:// in front.",
                    "\(error)")
        }
    }
}
