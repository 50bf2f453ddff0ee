import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
@testable import InstanceClient
import Testing
import TestSupport

/// Browser sign-in against the demo, with the test playing the browser through its HTML form.
@Suite struct BrowserSignInTests {
    struct Setup {
        let demo: Demo
        let instance: ConnectedInstance
        let connector: InstanceConnector
        let credentials: CredentialStore
        let directory: TemporaryDirectory
        let opened = Shared<[URL]>([])

        var opener: BrowserOpener {
            let opened = self.opened
            return { url in opened.update { $0.append(url) }; return true }
        }
    }

    func setup(_ configuration: DemoConfiguration = DemoConfiguration(rooms: 8)) async throws -> Setup {
        let demo = try Demo(configuration)
        let connector = InstanceConnector(http: makeHTTP())
        let instance = try await connector.connect(demo.address)
        let directory = try TemporaryDirectory()
        return Setup(demo: demo, instance: instance, connector: connector,
                     credentials: try CredentialStore(directory: directory.url), directory: directory)
    }

    @Test func signingInThroughTheBrowserGivesASavedWorkingSession() async throws {
        let setup = try await setup()
        let signIn = try BrowserSignIn(instance: setup.instance, deviceName: "fd-desk-01 terminal",
                                       connector: setup.connector, credentials: setup.credentials,
                                       openBrowser: setup.opener)
        #expect(signIn.browserOpened)
        #expect(setup.opened.value == [signIn.authorizationURL])
        let url = signIn.authorizationURL
        #expect(InstanceOrigin(url: url) == setup.demo.origin)
        let query = Dictionary(uniqueKeysWithValues: PercentEncoding.parseQuery(url.query ?? "").map { ($0.name, $0.value) })
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["code_challenge"] == PKCE.challenge(for: signIn.pkce.verifier))
        #expect(query["redirect_uri"] == signIn.redirectURI)
        #expect(query["device_name"] == "fd-desk-01 terminal")
        #expect((query["state"]?.count ?? 0) >= 43)
        #expect(!url.absoluteString.contains(signIn.pkce.verifier))

        var browser = BrowserPlayer(http: makeHTTP())
        let finish = try await browser.signIn(at: url, member: "frontdesk")
        #expect(finish.status == 200)
        #expect(finish.page.contains("You can close this page"))
        let session = try await signIn.finish()
        #expect(session.user.id == "usr_frontdesk")
        #expect(session.deviceName == "fd-desk-01 terminal")
        #expect(try setup.credentials.session(for: setup.demo.origin) == session)
        let client = InstanceClient(session: session, http: makeHTTP())
        #expect(try await client.workspaces().value?.user.name == "Fatima Okafor")
        // The listener closes after its one callback.
        await signIn.listenerClosed()
        await #expect(throws: HTTPClientError.couldNotConnect) {
            _ = try await makeHTTP().send(HTTPRequest(url: URL(string: signIn.redirectURI)!))
        }
    }

    @Test func aCallbackWithAnotherStateIsRefusedAndTheRightOneStillCompletes() async throws {
        let setup = try await setup()
        let signIn = try BrowserSignIn(instance: setup.instance, deviceName: "desk", connector: setup.connector,
                                       credentials: setup.credentials, openBrowser: setup.opener)
        let genuine = Shared<URL?>(nil)
        var browser = BrowserPlayer(http: makeHTTP())
        let forged = try await browser.signIn(at: signIn.authorizationURL, member: "manager") { url in
            genuine.update { $0 = url }
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            components.queryItems = components.queryItems?.map { $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0 }
            return components.url!
        }
        #expect(forged.status == 400)
        #expect(forged.page.contains("does not belong"))
        // Nothing was accepted: the sign-in still waits, and the genuine callback completes it.
        let original = try #require(genuine.value)
        let response = try await makeHTTP().send(HTTPRequest(url: original))
        #expect(response.status == 200)
        let session = try await signIn.finish()
        #expect(session.user.id == "usr_manager")
    }

    @Test func cancelInTheBrowserIsDenied() async throws {
        let setup = try await setup()
        let signIn = try BrowserSignIn(instance: setup.instance, deviceName: "desk", connector: setup.connector,
                                       credentials: setup.credentials, openBrowser: setup.opener)
        var browser = BrowserPlayer(http: makeHTTP())
        let finish = try await browser.signIn(at: signIn.authorizationURL, member: "frontdesk", decision: "cancel")
        #expect(finish.page.contains("cancelled"))
        await #expect(throws: SignInError.denied) { _ = try await signIn.finish() }
        #expect(try setup.credentials.sessions().isEmpty)
    }

    @Test func escapeClosesTheListener() async throws {
        let setup = try await setup()
        let signIn = try BrowserSignIn(instance: setup.instance, deviceName: "desk", connector: setup.connector,
                                       credentials: setup.credentials, openBrowser: { _ in false })
        #expect(!signIn.browserOpened)
        let waiting = Task { () -> SignInError? in
            do {
                _ = try await signIn.finish()
                return nil
            } catch {
                return error as? SignInError
            }
        }
        signIn.cancel()
        #expect(await waiting.value == .cancelled)
        await signIn.listenerClosed()
        await #expect(throws: HTTPClientError.couldNotConnect) {
            _ = try await makeHTTP().send(HTTPRequest(url: URL(string: signIn.redirectURI)!))
        }
    }

    @Test func aCodeTheInstanceDidNotIssueIsRefused() async throws {
        let setup = try await setup()
        let signIn = try BrowserSignIn(instance: setup.instance, deviceName: "desk", connector: setup.connector,
                                       credentials: setup.credentials, openBrowser: setup.opener)
        var browser = BrowserPlayer(http: makeHTTP())
        let forgedCode = CredentialPrefix.make(prefix: "gcc_", bytes: Array(repeating: 1, count: 32))
        _ = try await browser.signIn(at: signIn.authorizationURL, member: "frontdesk") { url in
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            components.queryItems = components.queryItems?.map { $0.name == "code" ? URLQueryItem(name: "code", value: forgedCode) : $0 }
            return components.url!
        }
        await #expect(throws: SignInError.codeRefused) { _ = try await signIn.finish() }
        #expect(try setup.credentials.sessions().isEmpty)
        // The code is never sent a second time.
        let attempts = try await setup.demo.requests(.deviceSessionsCreate)
        await #expect(throws: SignInError.alreadyFinished) { _ = try await signIn.finish() }
        #expect(try await setup.demo.requests(.deviceSessionsCreate) == attempts)
    }

    @Test func refusalsBeforeTheBrowserOpens() async throws {
        let setup = try await setup(DemoConfiguration(rooms: 8))
        // An invalid device name.
        #expect(throws: SignInError.invalidDeviceName(.invisibleCharacter(scalar: 0x202E))) {
            _ = try BrowserSignIn(instance: setup.instance, deviceName: "desk\u{202E}", connector: setup.connector,
                                  credentials: setup.credentials, openBrowser: setup.opener)
        }
        // An instance without loopback redirects.
        var closed = setup.instance.discovery
        closed.auth.loopbackRedirects = false
        let noLoopback = ConnectedInstance(origin: setup.instance.origin, discovery: closed, etag: nil)
        #expect(throws: SignInError.browserSignInNotOffered) {
            _ = try BrowserSignIn(instance: noLoopback, deviceName: "desk", connector: setup.connector,
                                  credentials: setup.credentials, openBrowser: setup.opener)
        }
        #expect(setup.opened.value.isEmpty)
    }
}
