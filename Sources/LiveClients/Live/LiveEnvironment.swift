import AppCore
import Catalog
import Foundation
import GuestCraftAPI
import InstanceClient
import OfflineStore
import Outbox
import Locking
import DeviceServices
import TerminalUI

extension AppEnvironment {
    /// The app's environment over the real services.
    static func live(_ services: LiveServices) -> AppEnvironment {
        let log = services.log
        return AppEnvironment(
            instances: .live(services),
            pairing: .live(services),
            signIn: .live(services),
            api: .live(services),
            offline: .live(services.offline, pins: services.pins, log: log, afterFirstFrame: services.start.gate),
            outbox: .live(services),
            preferences: PreferencesClient(load: { services.loadPreferences() },
                                           save: { services.preferences.save($0) }),
            clock: services.clock,
            formatTime: { LocalTime.format($0) },
            log: { log.write($0) },
            defaultDeviceName: { DefaultDeviceName.make() },
            tabs: .live(services),
            live: services.liveRefresh,
            probe: .standard,
            lock: .live(services.pins, log: log, firstAccounts: services.start.pinAccounts),
            lockPolicy: services.lockPolicy)
    }
}

extension LockClient {
    /// The PIN file's accounts and hashes; hashing and checking (Argon2id) run on a thread of
    /// their own (`PINHashing`), neither the UI thread nor Swift's. Failures go to the log without
    /// the PIN.
    /// `firstAccounts`: the accounts with a PIN as the start read them beside the opening
    /// (`AppStart.storeOpened`), answered to the first ask.
    static func live(_ pins: PINStore, log: DeviceServices.Log,
                     firstAccounts: FirstRead<StoreRead<Set<Account>>>? = nil) -> LockClient {
        LockClient(
            accountsWithPIN: {
                firstAccounts?.take(writesNow: pins.writes) ?? accounts(pins, log: log)
            },
            setPIN: { account, pin in
                await PINHashing.run {
                    do { return .success(try pins.set(pin.digits, for: account)) } catch {
                        return .failure(StorageFailure("\(error)"))
                    }
                }
            },
            removePIN: { account in
                do { return .success(try pins.remove(account)) } catch {
                    return .failure(StorageFailure("\(error)"))
                }
            },
            verify: { account, pin in
                await PINHashing.run {
                    do { return try pins.verify(pin.digits, for: account) } catch {
                        log.write("pins: reading failed: \(error)")
                        return false
                    }
                }
            })
    }
}

extension InstancesClient {
    static func live(_ services: LiveServices) -> InstancesClient {
        let credentials = services.credentials
        let offline = services.offline
        let connector = services.connector
        let first = services.start.instances
        return InstancesClient(
            list: {
                first.take(writesNow: credentials.writes) ?? list(credentials, offline)
            },
            connect: { address in
                do throws(ConnectError) { return .success(try await connector.connect(address)) } catch { return .failure(error) }
            },
            check: { origin in
                do throws(ConnectError) { return .success(try await connector.connect(origin: origin)) } catch { return .failure(error) }
            },
            save: { connected in
                do { return .success(try credentials.saveInstance(connected)) } catch {
                    return .failure(StorageFailure("\(error)"))
                }
            },
            remove: { instance in
                do {
                    let outcome = try await credentials.removeInstance(instance.origin, http: services.http,
                                                                       logger: { services.log.write($0.description) })
                    try offline.forgetInstance(instance.key)
                    return .success(outcome)
                } catch {
                    return .failure(StorageFailure("\(error)"))
                }
            })
    }
}

extension PairingClient {
    static func live(_ services: LiveServices) -> PairingClient {
        let pairing = Pairing(connector: services.connector, credentials: services.credentials)
        let candidates = PairingCandidates()
        return PairingClient(
            check: { link in
                do throws(PairingError) {
                    let candidate = try await pairing.check(link)
                    let ticket = candidates.keep(candidate)
                    return .success(PairingOffer(ticket: ticket, name: candidate.name, host: candidate.host,
                                                 origin: candidate.instance.origin))
                } catch {
                    return .failure(error)
                }
            },
            exchange: { offer, deviceName in
                guard let candidate = candidates.take(offer.ticket) else { return .failure(.codeAlreadyUsed) }
                do {
                    let session = try await pairing.exchange(candidate, deviceName: deviceName)
                    guard let instance = try services.credentials.instance(for: session.origin) else {
                        return .failure(.storage(.instanceNotSaved(origin: session.origin.string)))
                    }
                    services.signedIn(session, at: instance)
                    return .success(SignedIn(instance: instance, session: session))
                } catch let error as PairingError {
                    return .failure(error)
                } catch let error as CredentialStoreError {
                    return .failure(.storage(error))
                } catch {
                    return .failure(.storage(.unreadable(path: services.credentials.fileURL.path, reason: "\(error)")))
                }
            })
    }
}

/// Checked pairing links waiting for the person's confirmation; each is used at most once.
final class PairingCandidates: Sendable {
    private let state = Locked<(next: Int, kept: [Int: PairingCandidate])>((1, [:]))

    func keep(_ candidate: PairingCandidate) -> Int {
        state.withLock { s in
            let ticket = s.next
            s.next += 1
            s.kept = [ticket: candidate]
            return ticket
        }
    }

    func take(_ ticket: Int) -> PairingCandidate? {
        state.withLock { $0.kept.removeValue(forKey: ticket) }
    }
}

extension SignInClient {
    static func live(_ services: LiveServices) -> SignInClient {
        SignInClient(browser: { connected, deviceName, started in
            let signIn: BrowserSignIn
            do throws(SignInError) {
                signIn = try BrowserSignIn(instance: connected, deviceName: deviceName, connector: services.connector,
                                           credentials: services.credentials,
                                           openBrowser: SystemBrowser.opener(environment: services.environment))
            } catch {
                return .failure(error)
            }
            started(BrowserSignInStarted(url: signIn.authorizationURL.absoluteString, browserOpened: signIn.browserOpened))
            do {
                let session = try await withTaskCancellationHandler {
                    try await signIn.finish()
                } onCancel: {
                    signIn.cancel()
                }
                guard let instance = try services.credentials.instance(for: session.origin) else {
                    return .failure(.storage(.instanceNotSaved(origin: session.origin.string)))
                }
                services.signedIn(session, at: instance)
                return .success(SignedIn(instance: instance, session: session))
            } catch let error as SignInError {
                return .failure(error)
            } catch let error as CredentialStoreError {
                return .failure(.storage(error))
            } catch {
                return .failure(.cancelled)
            }
        })
    }
}

extension SessionAPIClient {
    static func live(_ services: LiveServices) -> SessionAPIClient {
        SessionAPIClient(
            workspaces: { session in
                do throws(GuestCraftError) {
                    let answer = try await services.client(for: session).workspaces()
                    guard let list = answer.value else {
                        return .failure(.invalidResponse(InvalidResponse(status: 304, what: "304 without a saved copy")))
                    }
                    return .success(list)
                } catch {
                    return .failure(error)
                }
            },
            properties: { session, workspace, cursor in
                do throws(GuestCraftError) {
                    let answer = try await services.client(for: session).properties(workspace: workspace, cursor: cursor)
                    guard let page = answer.value else {
                        return .failure(.invalidResponse(InvalidResponse(status: 304, what: "304 without a saved copy")))
                    }
                    return .success(page)
                } catch {
                    return .failure(error)
                }
            },
            signOut: { session in
                do {
                    return .success(try await services.credentials.signOut(services.client(for: session)))
                } catch {
                    return .failure(StorageFailure("\(error)"))
                }
            },
            forgetToken: { session in
                _ = try? services.credentials.forget(token: session.token)
            },
            refusedRightAfterSuccess: { session in
                services.sessionAnswers.refusedRightAfterSuccess(session)
            })
    }
}

extension OfflineClient {
    /// `afterFirstFrame`: the start's generation row (a write and three disk syncs the first frame
    /// does not use: the outbox waits for it, the saved reads do not) and the start-up clean-up
    /// wait for that frame (#18).
    static func live(_ store: OfflineStore, pins: PINStore, log: DeviceServices.Log,
                     afterFirstFrame: AfterFirstFrame? = nil) -> OfflineClient {
        OfflineClient(
            newGeneration: { GenerationID(rawValue: IdempotencyKey.random()) },
            beginGeneration: { partition, id in
                await OffThePool.run {
                    afterFirstFrame?.wait()
                    do { return .success(try store.beginGeneration(partition, id: id)) } catch {
                        return .failure(StorageFailure("\(error)"))
                    }
                }
            },
            endGeneration: { generation in
                await OffThePool.run {
                    do { try store.endGenerations(.generation(generation)) } catch { log.write("generation end: \(error)") }
                }
            },
            forgetAccount: { account in
                do { return .success(try store.forgetAccount(account).outboxEntries) } catch {
                    return .failure(StorageFailure("\(error)"))
                }
            },
            sealAccount: { account in
                do { return .success(try store.sealAccount(account).keptEntries) } catch {
                    return .failure(StorageFailure("\(error)"))
                }
            },
            counts: { partition in
                (try? store.outboxCounts(partition)) ?? .zero
            },
            accountCounts: { account in
                (try? store.outboxCounts(account: account)) ?? .zero
            },
            retainAccounts: { accounts in
                // The start-up clean-up is no work of the first frame's either (#18).
                await OffThePool.run {
                    afterFirstFrame?.wait()
                    retain(accounts, store: store, pins: pins, log: log)
                }
            })
    }

    /// The start-up clean-up (`retainAccounts`): PINs, then what the store keeps.
    private static func retain(_ accounts: Set<Account>, store: OfflineStore, pins: PINStore, log: DeviceServices.Log) {
        do { try pins.retain(accounts) } catch { log.write("start: PIN clean-up failed: \(error)") }
        do {
            let forgotten = try store.retainAccounts(accounts)
            if forgotten.outboxEntries + forgotten.savedReads > 0 {
                // A sealed account's changes (#35: a 401, a sign-out keeping them) are not among them.
                log.write("start: deleted \(forgotten.savedReads) saved reads and \(forgotten.outboxEntries) changes of accounts without a session")
            }
        } catch {
            log.write("start: clean-up failed: \(error)")
        }
    }
}

extension OutboxClient {
    static func live(_ services: LiveServices) -> OutboxClient {
        let engine = services.outbox
        let enabled = services.outboxEnabled
        let offline = services.offline
        let others = backgroundAccounts(services)
        let log = services.log
        let stopped: @Sendable (Partition) -> Void = { partition in
            log.write("outbox: stopped sending in the background for \(partition): the instance ended the session (401); its changes stay on this device")
        }
        return OutboxClient(
            activate: { context in
                guard enabled else { return }
                await engine.keepSendingOthers(others, stopped: stopped)
                await engine.activate(partition: context.partition, generation: context.generation,
                                      client: services.client(for: context.session))
            },
            deactivate: {
                if enabled { await engine.keepSendingOthers(others, stopped: stopped) }
                await engine.deactivate()
            },
            sendNow: { if enabled { await engine.sendNow() } },
            discard: { id in
                do {
                    if enabled { return .success(try await engine.discard(id)) }
                    return .success(false)
                } catch {
                    return .failure(StorageFailure("\(error)"))
                }
            },
            changes: {
                do {
                    let entries: [OutboxEntry]
                    if let partition = await engine.activePartition {
                        entries = try offline.pendingEntries(partition)
                    } else {
                        entries = []
                    }
                    return .success(entries.map { entry in
                        PendingChange(id: entry.id, summary: ChangeSummary.text(entry),
                                      createdAt: entry.createdAt,
                                      hold: entry.hold.map { PendingChange.Hold(reason: $0.reason, code: $0.code, detail: $0.detail) },
                                      outcomeUnknown: entry.outcomeUnknown)
                    })
                } catch {
                    return .failure(StorageFailure("\(error)"))
                }
            },
            news: {
                AsyncStream { continuation in
                    let task = Task {
                        for await news in engine.events { continuation.yield(news) }
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            })
    }
}

extension OutboxClient {
    /// Every signed-in account's partitions with changes to send, each with a client of its own
    /// session (its token, to its own instance's origin), as `guestcraft send` finds them. The
    /// engine leaves out the account on screen. A 401 there forgets no token: the account only
    /// stops being sent in the background (#31). A sealed account (#35: signed out by a 401, its
    /// changes kept) has no session, and is skipped even if its seal outlived one.
    static func backgroundAccounts(_ services: LiveServices) -> @Sendable () -> [OutboxBackgroundAccount<InstanceClient>] {
        // Weakly: the engine keeps this closure and the services keep the engine (a cycle that
        // kept both alive after the app let them go, found by LeakSanitizer).
        { [weak services] in
            guard let services else { return [] }
            let accounts: [(SavedInstance, StoredSession)]
            let summary: [OutboxSummary]
            let sealed: Set<Account>
            do {
                accounts = try StatusCommand.signedInAccounts(services)
                summary = try services.offline.accountsSummary()
                sealed = try services.offline.sealedAccounts()
            } catch {
                services.log.write("outbox: the other accounts could not be read: \(error)")
                return []
            }
            let log = services.log
            return accounts.flatMap { instance, session in
                let account = Account(instanceKey: instance.key, personID: session.user.id.rawValue)
                guard !sealed.contains(account) else { return [OutboxBackgroundAccount<InstanceClient>]() }
                let client = InstanceClient(session: session, http: services.http, logger: { log.write($0.description) })
                return summary.filter { $0.partition.account == account && $0.counts.toSend > 0 }
                    .map { OutboxBackgroundAccount(partition: $0.partition, client: client) }
            }
        }
    }
}

/// How Account names a change: the operation's own sentence, or a plain one for an operation
/// this version does not know (or a payload it cannot read).
enum ChangeSummary {
    static func text(_ entry: OutboxEntry) -> String {
        WorkOperations.sentence(entry) ?? L("account.change_unknown")
    }
}

extension LockClient {
    /// The accounts with a PIN in the PIN file; none (logged) when it cannot be read.
    static func accounts(_ pins: PINStore, log: DeviceServices.Log) -> Set<Account> {
        do { return try pins.accounts() } catch {
            log.write("pins: reading failed: \(error)")
            return []
        }
    }
}

extension InstancesClient {
    /// The saved instances, each with its sessions and its changes not sent yet.
    static func list(_ credentials: CredentialStore, _ offline: OfflineStore) -> Result<[InstanceSummary], StorageFailure> {
        do {
            let (instances, sessions) = try credentials.saved()
            return .success(instances.map { instance in
                let counts = (try? offline.outboxCounts(instanceKey: instance.key)) ?? .zero
                return InstanceSummary(instance: instance, sessions: sessions.filter { $0.origin == instance.origin },
                                       unsent: counts.toSend + counts.toReview)
            })
        } catch {
            return .failure(StorageFailure("\(error)"))
        }
    }
}
