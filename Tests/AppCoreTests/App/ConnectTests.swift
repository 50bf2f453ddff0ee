import Foundation
import GuestCraftAPI
import ClientModel
import Testing
@testable import AppCore

@MainActor
@Suite struct ConnectTests {
    func typing(_ text: String, into store: TestStore<AppState, AppAction>,
                sourceLocation: SourceLocation = #_sourceLocation) async {
        for character in text {
            await store.send(.keyPressed(.character(character)), assert: {
                if case .connect(var connect) = $0.route {
                    connect.address.insert(String(character))
                    $0.route = .connect(connect)
                }
            }, sourceLocation: sourceLocation)
        }
    }

    @Test func anAddressThatChecksIsSavedAndOpensSignIn() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        let connected = Fixtures.connected()
        let saved = Fixtures.instance()
        env.instances.connect = { address in
            world.calls.append("connect \(address)")
            return .success(connected)
        }
        env.instances.save = { _ in .success(saved) }
        env.instances.check = { _ in .success(connected) }
        let store = TestStore(initialState: AppState(route: .connect(ConnectFeature.State(isLoading: false, focus: .address))),
                              reducer: AppReducer(environment: env))
        await typing("hotel.example.com", into: store)
        await store.send(.keyPressed(.enter)) {
            $0.connect?.isChecking = true
        }
        await store.receive(.connect(.addressChecked(.success(saved)))) {
            $0.connect?.isChecking = false
            $0.connect?.address = TextInput()
        }
        await store.receive(.connect(.delegate(.open(InstanceSummary(instance: saved, session: nil, unsent: 0))))) {
            $0.route = .signIn(SignInFeature.State(instance: saved, deviceName: "desk-01 terminal"))
        }
        await store.receive(.signIn(.checked(.success(connected)))) {
            $0.signIn?.phase = .choosing(connected)
            $0.signIn?.focus = .browser
        }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
        #expect(world.calls.all == ["connect hotel.example.com"])
    }

    nonisolated static let refusals: [ConnectError] = [
        .invalidAddress, .notHTTPS, .unreachable(.couldNotConnect), .notGuestCraft("404"), .instanceTooOld,
        .appTooOld(minimum: "2.0.0"), .otherOrigin(member: "auth.token_url"), .noUsableSignIn,
        .unavailable(retryAfter: nil),
        .unreachable(.certificate(.untrusted, host: "hotel.example.com", detail: "unable to get local issuer certificate")),
        .unreachable(.certificate(.expired, host: "hotel.example.com", detail: "certificate has expired")),
        .unreachable(.certificate(.notYetValid, host: "hotel.example.com", detail: "certificate is not yet valid")),
        .unreachable(.certificate(.wrongHost, host: "hotel.example.com", detail: "no alternative certificate subject name")),
        .unreachable(.certificate(.caBundleUnreadable(path: "/etc/ssl/hotel-ca.pem"), host: "hotel.example.com",
                                  detail: "error setting certificate file")),
    ]

    @Test(arguments: refusals)
    func eachDiscoveryRefusalShowsItsSentence(_ refusal: ConnectError) async {
        let world = FakeWorld()
        var env = world.environment
        env.instances.connect = { _ in .failure(refusal) }
        let store = TestStore(initialState: AppState(route: .connect(ConnectFeature.State(isLoading: false, focus: .address))),
                              reducer: AppReducer(environment: env))
        await typing("hotel.example.com", into: store)
        await store.send(.keyPressed(.enter)) { $0.connect?.isChecking = true }
        await store.receive(.connect(.addressChecked(.failure(.connect(refusal))))) {
            $0.connect?.isChecking = false
            $0.connect?.notice = Notice(.error, ErrorText.connect(refusal))
        }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
        #expect(world.logged.all.count == 1)
    }

    @Test func everyRefusalHasItsOwnSentence() {
        let sentences = Self.refusals.map(ErrorText.connect)
        #expect(Set(sentences).count == sentences.count)
        #expect(sentences.allSatisfy { !$0.hasPrefix("[") })
    }

    /// Issue #35: each certificate problem is its own sentence naming the host (or the CA file) and
    /// what to do, never "Nothing answered at this address"; OpenSSL's words stay in the log.
    @Test func aCertificateProblemNamesTheHostAndWhatToDo() {
        let problems: [CertificateProblem] = [.untrusted, .expired, .notYetValid, .wrongHost]
        for problem in problems {
            let sentence = ErrorText.connect(.unreachable(.certificate(problem, host: "hotel.example.com", detail: "OpenSSL words")))
            #expect(sentence.contains("hotel.example.com"), "\(sentence)")
            #expect(!sentence.contains("OpenSSL words") && sentence != ErrorText.connect(.unreachable(.couldNotConnect)))
            // In use, a request's failure says the same sentence.
            #expect(ErrorText.request(.noAnswer(.certificate(problem, host: "hotel.example.com", detail: ""))) == sentence)
        }
        let untrusted = ErrorText.connect(.unreachable(.certificate(.untrusted, host: "h.example", detail: "")))
        #expect(untrusted.contains("ca_bundle in /etc/guestcraft/guestcraft.conf") && untrusted.contains("update-ca-certificates"))
        let unreadable = ErrorText.connect(.unreachable(.certificate(.caBundleUnreadable(path: "/etc/ssl/hotel-ca.pem"),
                                                                     host: "h.example", detail: "")))
        #expect(unreadable.contains("/etc/ssl/hotel-ca.pem") && unreadable.contains("ca_bundle"))
    }

    /// The sentence names the discovery field that is on another address, and what it is for: behind a
    /// reverse proxy it is most often `api_base_url` (the instance's public address is not set), not sign-in.
    @Test func anAddressOnAnotherOriginIsSaidByItsField() {
        let fields = ["api_base_url", "auth.authorize_url", "auth.token_url", "auth.pairing_url_prefix", "auth.new_url"]
        let sentences = fields.map { ErrorText.connect(.otherOrigin(member: $0)) }
        for (field, sentence) in zip(fields, sentences) {
            #expect(sentence.contains(field), "\(sentence)")
            #expect(!sentence.hasPrefix("["))
        }
        #expect(Set(sentences).count == fields.count)
        #expect(sentences[0].contains("API") && !sentences[0].contains("sign-in"))
        #expect(sentences[1].contains("sign-in") && sentences[2].contains("sign-in") && sentences[3].contains("pairing"))
    }

    @Test func removingAnInstanceFirstSaysHowManyUnsentChangesItDeletes() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        let instance = Fixtures.instance()
        let summary = InstanceSummary(instance: instance, session: Fixtures.session(), unsent: 3)
        env.instances.remove = { removed in
            world.calls.append("remove \(removed.key)")
            return .success(.revoked)
        }
        env.instances.list = { .success([]) }
        let connect = ConnectFeature.State(instances: [summary], isLoading: false, focus: .instance(instance.key))
        let store = TestStore(initialState: AppState(route: .connect(connect)), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.character("x")))
        await store.receive(.connect(.delegate(.remove(summary)))) {
            $0.confirmation = Confirmation(
                purpose: .removeInstance(instance),
                question: "Remove Harbour Hotels from this device? This device is signed out there and 3 unsent changes are deleted.",
                confirmLabel: "Remove")
        }
        await store.send(.keyPressed(.enter)) { $0.confirmation = nil }
        #expect(world.calls.all.isEmpty, "Enter keeps things as they are: the focus starts on No")

        await store.send(.keyPressed(.character("x")))
        await store.receive(.connect(.delegate(.remove(summary)))) {
            $0.confirmation = Confirmation(purpose: .removeInstance(instance),
                                           question: ErrorTextProbe.removeQuestion(count: 3), confirmLabel: "Remove")
        }
        await store.send(.keyPressed(.character("y"))) {
            $0.confirmation = nil
            $0.route = .connect(ConnectFeature.State(notice: Notice(.info, "Removing the instance…")))
        }
        await store.receive(.instanceRemoved(instanceName: "Harbour Hotels", .success(.revoked))) {
            $0.connect?.notice = Notice(.info, "Harbour Hotels was removed from this device.")
        }
        await store.receive(.connect(.listed(.success([])))) {
            $0.connect?.isLoading = false
            $0.connect?.focus = .address
        }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
        #expect(world.calls.all.sorted() == ["preferences.save - 0", "remove ins_0000000000000001"])
    }

    @Test func aPairingLinkPastedOnConnectGoesToPairAndIsChecked() async {
        let world = FakeWorld()
        var env = world.environment
        let offer = PairingOffer(ticket: 1, name: "Harbour Hotels", host: "hotel.example.com", origin: Fixtures.origin)
        env.pairing.check = { link in
            world.calls.append("check \(link)")
            return .success(offer)
        }
        let store = TestStore(initialState: AppState(route: .connect(ConnectFeature.State(isLoading: false, focus: .address))),
                              reducer: AppReducer(environment: env))
        await store.send(.pasted(Fixtures.pairingLink + "\n"))
        await store.receive(.connect(.delegate(.pair(link: Fixtures.pairingLink)))) {
            $0.route = .pair(PairFeature.State(link: Fixtures.pairingLink, deviceName: "desk-01 terminal",
                                               phase: .checking))
        }
        await store.receive(.pair(.checked(.success(offer)))) {
            $0.pair?.phase = .confirming(offer)
        }
        await store.finish()
        #expect(world.calls.all == ["check " + Fixtures.pairingLink])
        #expect(world.unexpected.all.isEmpty)
    }

    @Test func arrowsMoveBetweenInstancesTheFieldAndPairAndEnterOpens() async {
        let world = FakeWorld()
        var env = world.recordingEnvironment
        let first = InstanceSummary(instance: Fixtures.instance(), session: nil, unsent: 0)
        let second = InstanceSummary(instance: Fixtures.instance(key: "ins_2", origin: Fixtures.otherOrigin, name: "Other"),
                                     session: nil, unsent: 0)
        env.instances.check = { _ in .failure(.unreachable(.couldNotConnect)) }
        let connect = ConnectFeature.State(instances: [first, second], isLoading: false, focus: .instance(first.instance.key))
        let store = TestStore(initialState: AppState(route: .connect(connect)), reducer: AppReducer(environment: env))
        await store.send(.keyPressed(.down)) { $0.connect?.focus = .instance("ins_2") }
        await store.send(.keyPressed(.character("j"))) { $0.connect?.focus = .address }
        await store.send(.keyPressed(.down)) { $0.connect?.focus = .pair }
        await store.send(.keyPressed(.down))
        await store.send(.keyPressed(.character("k"))) { $0.connect?.focus = .address }
        await store.send(.keyPressed(.escape)) { $0.connect?.focus = .instance("ins_2") }
        await store.send(.keyPressed(.enter))
        await store.receive(.connect(.delegate(.open(second)))) {
            $0.route = .signIn(SignInFeature.State(instance: second.instance, deviceName: "desk-01 terminal"))
        }
        await store.receive(.signIn(.checked(.failure(.unreachable(.couldNotConnect))))) {
            $0.signIn?.phase = .unavailable
            $0.signIn?.notice = Notice(.error, ErrorText.connect(.unreachable(.couldNotConnect)))
        }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }
}

@MainActor
@Suite struct ConnectScanTests {
    /// A scanner types the link and ends it with Enter, even while an instance has the focus.
    @Test func aScannedPairingLinkGoesToPair() async {
        let world = FakeWorld()
        var env = world.environment
        let offer = PairingOffer(ticket: 1, name: "Harbour Hotels", host: "hotel.example.com", origin: Fixtures.origin)
        env.pairing.check = { _ in .success(offer) }
        let summary = InstanceSummary(instance: Fixtures.instance(), session: nil, unsent: 0)
        let connect = ConnectFeature.State(instances: [summary], isLoading: false, focus: .instance(summary.instance.key))
        let store = TestStore(initialState: AppState(route: .connect(connect)), reducer: AppReducer(environment: env))
        var typed = ""
        for character in Fixtures.pairingLink {
            typed.append(character)
            let expected = typed
            await store.send(.keyPressed(.character(character))) {
                $0.connect?.focus = .address
                $0.connect?.address = TextInput(expected)
            }
        }
        await store.send(.keyPressed(.enter))
        await store.receive(.connect(.delegate(.pair(link: Fixtures.pairingLink)))) {
            $0.route = .pair(PairFeature.State(link: Fixtures.pairingLink, deviceName: "desk-01 terminal", phase: .checking))
        }
        await store.receive(.pair(.checked(.success(offer)))) { $0.pair?.phase = .confirming(offer) }
        await store.finish()
        #expect(world.unexpected.all.isEmpty)
    }
}

/// Catalog sentences built the way the app builds them, for expectations.
enum ErrorTextProbe {
    static func removeQuestion(count: Int) -> String {
        "Remove Harbour Hotels from this device? This device is signed out there and \(count) unsent changes are deleted."
    }
}
