import Foundation
import OfflineStore

/// Sends the outbox of the active partition: each subject in id order, entries of different
/// subjects side by side in a bounded window (`OutboxSchedule`), with that partition's client,
/// under the state directory's send lock. Operations plug in through an
/// `OutboxRegistry`; the engine knows nothing of what they change.
///
/// Triggers: a new change (`submit`), the partition becoming active (`activate`), `sendNow`,
/// `networkChanged`, and — only while entries wait for a connection — a retry after a capped
/// exponential backoff with jitter.
public actor OutboxEngine<Client: Sendable> {
    /// The active partition, its generation and its client (or, `background`, another account's
    /// partition sent while someone else is on screen).
    private struct Active {
        let partition: Partition
        let generation: GenerationID
        let client: Client
        let cancellation: OutboxCancellation
        var background = false
    }

    private let store: OfflineStore
    private let registry: OutboxRegistry<Client>
    private let timing: OutboxTiming
    /// How many entries (of different subjects) may be in flight at once; 1 sends one after another.
    private let window: Int
    /// How many requests a client's connection carries at once, if fewer than the window (#34).
    private let requestsAtOnce: @Sendable (Client) -> Int?
    private let onUnauthorized: @Sendable (Partition) -> Void
    private let cancellations = GenerationCancellations()
    private let eventSink: AsyncStream<OutboxNews>.Continuation

    /// Rounds and 401s as the app reads them, for the app's loop (one consumer).
    public nonisolated let events: AsyncStream<OutboxNews>

    private var active: Active?
    /// The entries a submit waits on, and the results rounds got for them: a round that was
    /// already waiting to run sends every entry saved before it started, so a change's result
    /// may come from a round its own submit did not run (#31).
    private var awaited: Set<Int64> = []
    private var delivered: [Int64: any Sendable] = [:]
    private var roundRunning = false
    private var roundWaiters: [CheckedContinuation<Void, Never>] = []
    private var consecutiveFailures = 0
    private var notBefore: Date?
    private var notBeforeStatus = 429
    private var retryTask: Task<Void, Never>?
    private var retryToken = 0
    /// The delay of the retry scheduled now, if any.
    public private(set) var scheduledRetry: Duration?

    /// The other accounts' partitions with their own clients, for the background (#31); nil:
    /// only the active partition is sent (`guestcraft send`, tests).
    private var others: (@Sendable () -> [OutboxBackgroundAccount<Client>])?
    /// Accounts a 401 stopped in the background: not sent again in this process.
    private var stoppedAccounts: Set<Account> = []
    private var onBackgroundStopped: @Sendable (Partition) -> Void = { _ in }
    private var backgroundRunning = false
    private var backgroundAgain = false
    private var backgroundFailures = 0
    private var backgroundRetry: Task<Void, Never>?
    /// The account a background round is sending now, and the active rounds waiting for it to
    /// stop (between a switch's `deactivate` and `activate`, the next account may still be in
    /// the background; its entry in flight is never sent twice at once).
    private var backgroundSending: Account?
    private var backgroundWaiters: [CheckedContinuation<Void, Never>] = []
    /// The send lock while any round of this engine holds it (an active and a background round
    /// share it: they never send the same partition; another process stays out).
    private var heldLock: SendLock?
    private var lockUsers = 0
    /// The attempts started and not yet answered, of every round: what a test waits on before it
    /// answers one of them.
    private(set) var attemptsInFlight = 0

    /// How many entries go at once unless told otherwise (#34): over HTTP/2 they are streams of one
    /// connection, and 32 send 50 changes through a link of 300 ms round trips in two round trips
    /// (under 1 s, where one after another took 15 s), far below nginx's 128 streams.
    public static var defaultWindow: Int { 32 }

    /// An engine over `store`'s outbox, sending up to `window` entries of different subjects at
    /// once, or fewer when `requestsAtOnce` says the client's connection carries fewer (over
    /// HTTP/1.1, one request per connection: as many as it opens to one host). `onUnauthorized` is
    /// called on a 401 (end the session; forgetting the account then wipes its entries).
    public init(store: OfflineStore, registry: OutboxRegistry<Client>, timing: OutboxTiming = .live,
                window: Int = defaultWindow, requestsAtOnce: @escaping @Sendable (Client) -> Int? = { _ in nil },
                onUnauthorized: @escaping @Sendable (Partition) -> Void = { _ in }) {
        precondition(window >= 1, "an outbox window of \(window)")
        self.store = store
        self.registry = registry
        self.timing = timing
        self.window = window
        self.requestsAtOnce = requestsAtOnce
        self.onUnauthorized = onUnauthorized
        (events, eventSink) = AsyncStream<OutboxNews>.makeStream()
        let cancellations = self.cancellations
        // A generation that ends (sign-out, 401, removal, a new workspace) aborts its request.
        store.onGenerationsEnded { ended in cancellations.cancel(ended.map { $0.id.rawValue }) }
    }

    /// An engine let go ends its event stream (the loop reading it ends) and its retry's sleep.
    deinit {
        retryTask?.cancel()
        backgroundRetry?.cancel()
        eventSink.finish()
    }

    // MARK: Partition

    /// Makes `partition` the one whose entries are sent, with its generation and client; the
    /// request in flight for another partition is aborted. Runs a round.
    @discardableResult
    public func activate(partition: Partition, generation: GenerationID, client: Client) async -> OutboxRoundReport {
        if let current = active, current.generation != generation { current.cancellation.cancel() }
        active = Active(partition: partition, generation: generation, client: client,
                        cancellation: cancellations.cancellation(for: generation.rawValue))
        consecutiveFailures = 0
        // A Retry-After an earlier process was given still holds (kept in the file).
        notBefore = nil
        if let wait = try? store.outboxWait(partition, now: timing.now()) {
            notBefore = wait.notBefore
            notBeforeStatus = wait.status
            scheduleRetry(retryAfter: .milliseconds(Int64(wait.notBefore.timeIntervalSince(timing.now()) * 1000)))
        }
        let report = await runRound()
        sendOthers()
        return report
    }

    /// No partition is active any more (signed out, switching): aborts the request in flight;
    /// entries wait for their own partition (or, with `keepSendingOthers`, go in the background).
    public func deactivate() {
        active?.cancellation.cancel()
        active = nil
        cancelRetry()
        sendOthers()
    }

    /// From now on, the partitions `others` answers (every other account's, each with its own
    /// session's client) are sent in the background whenever the active one is (#31): after a
    /// switch, on Send now, a network change and the retries. Never the active account's; an
    /// account a 401 stops is not sent again by this engine (its entries stay).
    /// `stopped` hears of each account a 401 stopped (for the log).
    public func keepSendingOthers(_ others: @escaping @Sendable () -> [OutboxBackgroundAccount<Client>],
                                  stopped: @escaping @Sendable (Partition) -> Void = { _ in }) {
        self.others = others
        self.onBackgroundStopped = stopped
    }

    /// The active partition, if any.
    public var activePartition: Partition? { active?.partition }

    /// Whether a round (the active partition's or the background's) is running: what the
    /// in-process harness waits out before it calls the app idle (#33).
    public var isSending: Bool { roundRunning || backgroundRunning }

    // MARK: Triggers

    /// Saves a change (with a random idempotency key) before its first attempt, then runs a
    /// round and says what became of it.
    public func submit<Operation: OutboxOperation>(
        _ operation: Operation, _ payload: Operation.Payload
    ) async throws -> ChangeOutcome<Operation.Result> where Operation.Client == Client {
        precondition(registry.contains(operation.name), "outbox operation \(operation.name) is not registered")
        guard let current = active else { return .expired }
        let data = try PayloadCoding.encode(payload)
        guard let id = try store.enqueue(operation: operation.name, subject: operation.subject(payload),
                                         payload: data, partition: current.partition,
                                         generation: current.generation, now: timing.now())
        else { return .expired }
        let result = await runRound(awaiting: [id])[id]
        if let result = result as? Operation.Result { return .sent(result) }
        return try outcome(of: id, in: current.partition)
    }

    /// Saves several changes in one transaction (a fault report and its photos: all or none)
    /// before any is sent, then runs a round. Answers each change's outcome, in order; all
    /// `.expired` when the generation had ended.
    public func submit(together changes: [OutboxChange<Client>]) async throws -> [ChangeOutcome<any Sendable>] {
        for change in changes {
            precondition(registry.contains(change.operation), "outbox operation \(change.operation) is not registered")
        }
        guard let current = active else { return changes.map { _ in .expired } }
        let entries = changes.map {
            NewOutboxEntry(operation: $0.operation, subject: $0.subject, payload: $0.payload)
        }
        guard let ids = try store.enqueue(entries, partition: current.partition, generation: current.generation,
                                          now: timing.now())
        else { return changes.map { _ in .expired } }
        let results = await runRound(awaiting: ids)
        return try ids.map { id in
            if let result = results[id] { return .sent(result) }
            return try outcome(of: id, in: current.partition)
        }
    }

    /// "Send now": a round at once.
    @discardableResult
    public func sendNow() async -> OutboxRoundReport {
        let report = await runRound()
        sendOthers()
        return report
    }

    /// The network came back or changed: a round at once.
    @discardableResult
    public func networkChanged() async -> OutboxRoundReport {
        let report = await runRound()
        sendOthers()
        return report
    }

    /// Discards an entry of the active partition (the person's decision), with the entries that
    /// depend on its subject (a fault report's photos), in one transaction; then runs a round,
    /// since the later entries of its subject are free now.
    @discardableResult
    public func discard(_ id: Int64) async throws -> Bool {
        guard let current = active else { return false }
        let entries = try store.pendingEntries(current.partition)
        guard let entry = entries.first(where: { $0.id == id }) else { return false }
        let dependents = entries.filter { registry.parentSubject(of: $0) == entry.subject }.map(\.id)
        let removed = try store.discard([id] + dependents, partition: current.partition) > 0
        if removed { _ = await runRound() }
        return removed
    }

    // MARK: Reading

    /// The active partition's entries, held ones included, in order.
    public func entries() throws -> [OutboxEntry] {
        guard let current = active else { return [] }
        return try store.pendingEntries(current.partition)
    }

    // MARK: Rounds

    private func runRound() async -> OutboxRoundReport {
        while roundRunning { await withCheckedContinuation { roundWaiters.append($0) } }
        roundRunning = true
        defer {
            roundRunning = false
            if !roundWaiters.isEmpty { roundWaiters.removeFirst().resume() }
        }
        while let sending = backgroundSending, sending == active?.partition.account {
            await withCheckedContinuation { backgroundWaiters.append($0) }
        }
        guard let current = active else { return await round(nil) }
        let report = await round(current)
        for (id, result) in report.results where awaited.contains(id) { delivered[id] = result }
        eventSink.yield(report.news(at: timing.now()))
        return report
    }

    /// A round for a submit of `ids`: their results, whichever round since they were saved sent
    /// them (this one, or one that was already waiting to run when they were saved).
    private func runRound(awaiting ids: [Int64]) async -> [Int64: any Sendable] {
        awaited.formUnion(ids)
        _ = await runRound()
        var results: [Int64: any Sendable] = [:]
        for id in ids {
            awaited.remove(id)
            results[id] = delivered.removeValue(forKey: id)
        }
        return results
    }

    private func round(_ target: Active?) async -> OutboxRoundReport {
        var sent: [Int64] = []
        var held: [Int64] = []
        var results: [Int64: any Sendable] = [:]

        let background = target?.background == true
        func finish(_ stop: OutboxStop?, partition: Partition?, retryAfter: Duration? = nil) -> OutboxRoundReport {
            // A background round leaves the active partition's retries alone (`sendOthers` has its own).
            if background {
                return OutboxRoundReport(partition: partition, sent: sent.sorted(), held: held.sorted(), stop: stop,
                                         retryIn: nil, results: results)
            }
            switch stop {
            case .noAnswer, .notSent, .retryLater, .inProgress, .anotherSender:
                scheduleRetry(retryAfter: retryAfter)
            case .none:
                consecutiveFailures = 0
                cancelRetry()
            case .inactive, .unauthorized, .cancelled, .unexpected:
                cancelRetry()
            }
            return OutboxRoundReport(partition: partition, sent: sent.sorted(), held: held.sorted(), stop: stop,
                                     retryIn: scheduledRetry, results: results)
        }

        guard let current = target else { return finish(.inactive, partition: nil) }
        let partition = current.partition
        if !background, let notBefore, timing.now() < notBefore {
            // The instance asked to wait (Retry-After); a retry is already scheduled for then.
            return OutboxRoundReport(partition: partition, sent: [], held: [], stop: .retryLater(status: notBeforeStatus),
                                     retryIn: scheduledRetry, results: [:])
        }
        guard acquireLock() else {
            // Retry only if something of ours waits (the other sender may be sending it now).
            let waiting = (try? store.outboxCounts(partition).toSend) ?? 0
            return finish(waiting > 0 ? .anotherSender : nil, partition: partition)
        }
        defer { releaseLock() }

        var entries: [OutboxEntry]
        /// What the last send of each subject answered (this process's or another's).
        var versions: [String: Int]
        do {
            entries = try store.pendingEntries(partition)
            versions = try store.sentVersions(partition)
        } catch {
            return finish(.unexpected("\(error)"), partition: partition)
        }
        var payloads: [Int64: Data] = [:]
        var schedule = OutboxSchedule(entries: entries) { registry.parentSubject(of: $0) }
        /// The entry marked attempted in a send's commit (it starts next).
        var premarked: Int64?
        var announced = false
        /// Why no new send starts (the round ends once those in flight have answered).
        var stop: OutboxStop?
        /// The longest wait the instance asked for in this round, and until when.
        var retryAfter: Duration?
        var waitUntil: Date?
        /// The window now: what the client's connection carries may be learnt from its first answer.
        var window: Int { min(self.window, max(1, requestsAtOnce(current.client) ?? self.window)) }

        /// `entry`'s payload going with the version the last send of its subject answered, when
        /// that is newer than its own; nil when it stays as it is, as it always does once
        /// attempted (its body is frozen: the instance may have it) or when it cannot be read.
        func lifted(_ entry: OutboxEntry) -> Data? {
            guard !entry.isAttempted, let version = versions[entry.subject],
                  let operation = registry[entry.operation] else { return nil }
            return try? operation.expecting(payloads[entry.id] ?? entry.payload, version)
        }

        /// The entry that starts next once a send completes, if its operation is known.
        func nextToStart() -> Int64? {
            guard stop == nil, schedule.inFlight < window, let index = schedule.startable(limit: 1).first else { return nil }
            return registry.contains(entries[index].operation) ? entries[index].id : nil
        }

        /// No new send starts. The first reason stands, but a cancellation and then a 401 say more.
        func halt(_ reason: OutboxStop, after delay: Duration? = nil) {
            if let delay { retryAfter = max(retryAfter ?? delay, delay) }
            func weight(_ stop: OutboxStop?) -> Int {
                switch stop {
                case nil: 0
                case .unauthorized?: 3
                case .cancelled?: 2
                default: 1
                }
            }
            if weight(reason) > weight(stop) { stop = reason }
        }

        /// The answers of the attempts in flight, as they arrive, and the tasks waiting for them.
        let (answers, answer) = AsyncStream<(Int, AttemptOutcome)>.makeStream()
        defer { answer.finish() }
        var attempts: [Int: Task<Void, Never>] = [:]

        /// Starts what may start, within the window.
        func fill() throws {
            while stop == nil, schedule.inFlight < window {
                let ready = schedule.startable(limit: window - schedule.inFlight)
                if ready.isEmpty { return }
                for index in ready {
                    let entry = entries[index]
                    // Still this round's to send: the same generation active, or, in the background,
                    // not the account on screen now (its own round takes it).
                    let stillOurs = background
                        ? active?.partition.account != partition.account
                        : active?.generation == current.generation
                    guard stillOurs, !current.cancellation.isCancelled else { return halt(.cancelled) }
                    guard let operation = registry[entry.operation] else {
                        // Saved by a version that knew this operation; only the person can decide.
                        try store.hold(entry.id, partition: partition, reason: .refused, status: nil,
                                       code: "outbox.unknown_operation", detail: nil, now: timing.now())
                        held.append(entry.id)
                        schedule.set(index, .held)
                        break  // what may start changed: look again
                    }
                    if premarked == entry.id {
                        premarked = nil
                    } else {
                        let lift = lifted(entry)
                        try store.markAttempted(entry.id, partition: partition, payload: lift, now: timing.now())
                        if let lift { payloads[entry.id] = lift }
                    }
                    let payload = payloads[entry.id] ?? entry.payload
                    if !announced && !background {
                        announced = true
                        eventSink.yield(.sending(partition))
                    }
                    let context = OutboxSendContext(idempotencyKey: entry.idempotencyKey,
                                                    cancellation: current.cancellation, attempt: entry.attempts + 1)
                    let client = current.client
                    schedule.set(index, .inFlight)
                    attemptsInFlight += 1
                    attempts[index] = Task {
                        answer.yield((index, await Self.attempt(operation, client: client, payload: payload, context: context)))
                    }
                }
            }
        }

        /// Records what became of one attempt, as its answer arrives.
        func record(_ index: Int, _ outcome: AttemptOutcome) throws {
            let entry = entries[index]
            schedule.set(index, .waiting)
            switch outcome {
            case .success(let result):
                schedule.set(index, .sent)
                let version = registry[entry.operation]?.version(result)
                if let version { versions[entry.subject] = version }
                // The entry that starts next is marked attempted in the same commit (one disk sync
                // per send), so it takes its subject's version in it too; so do the later entries
                // of this subject (rebase). An unreadable payload is left as it is (held in its turn).
                let next = nextToStart()
                var rebased: [(id: Int64, payload: Data)] = []
                for later in entries[(index + 1)...]
                where (later.subject == entry.subject || later.id == next) && later.hold == nil {
                    if let data = lifted(later) {
                        rebased.append((later.id, data))
                        payloads[later.id] = data
                    }
                }
                try store.completeAndRebase(sentID: entry.id, partition: partition, rebased: rebased,
                                            sentVersion: version, nextAttempt: next, now: timing.now())
                premarked = next
                sent.append(entry.id)
                results[entry.id] = result
            case .failure(let failure):
                switch OutboxRules.decide(failure) {
                case .keep(let kept, let wait):
                    if kept == .noAnswer { try store.markOutcomeUnknown(entry.id, partition: partition, true) }
                    if let wait, kept != .noAnswer, kept != .notSent {
                        // Retry-After slows the whole window: nothing new starts before it.
                        var status = notBeforeStatus
                        if case .retryLater(let code) = kept { status = code }
                        let until = timing.now().addingTimeInterval(Self.seconds(min(wait, timing.retryAfterCap)))
                        if until > waitUntil ?? .distantPast {
                            waitUntil = until
                            if !background {
                                notBeforeStatus = status
                                notBefore = until
                            }
                            try? store.setOutboxWait(until, status: status, partition: partition)
                        }
                    }
                    halt(kept, after: wait)
                case .hold(let reason, let status, let code, let detail, let field):
                    // A conflict says the version this outbox recorded is not the subject's any more.
                    let forget = reason == .conflict
                    try store.hold(entry.id, partition: partition, reason: reason, status: status, code: code,
                                   detail: detail, field: field, forgettingSentVersion: forget, now: timing.now())
                    if forget { versions[entry.subject] = nil }
                    held.append(entry.id)
                    schedule.set(index, .held)
                case .endSession:
                    // In the background a 401 only stops that account's sending: its entries
                    // wait for the person (#35 decides what a 401 does to them).
                    if stop != .unauthorized && !background {
                        onUnauthorized(partition)
                        eventSink.yield(.sessionEnded(partition))
                    }
                    halt(.unauthorized)
                }
            case .unreadable:
                // Nothing was sent; only the person can decide (discard it).
                try store.hold(entry.id, partition: partition, reason: .refused, status: nil,
                               code: "outbox.unreadable_payload", detail: nil, now: timing.now())
                held.append(entry.id)
                schedule.set(index, .held)
            case .cancelled:
                // The request may have reached the instance before it was aborted.
                try store.markOutcomeUnknown(entry.id, partition: partition, true)
                halt(.cancelled)
            case .unexpected(let description):
                halt(.unexpected(description))
            }
        }

        do { try fill() } catch { halt(.unexpected("\(error)")) }
        var arriving = answers.makeAsyncIterator()
        while schedule.inFlight > 0, let (index, outcome) = await arriving.next() {
            attempts[index] = nil
            attemptsInFlight -= 1
            do {
                try record(index, outcome)
                // A 401 stops the whole window: the others' requests are aborted (each may have
                // arrived: its outcome is unknown, its key covers the resend).
                if stop == .unauthorized { attempts.values.forEach { $0.cancel() } }
                try fill()
            } catch {
                halt(.unexpected("\(error)"))
            }
        }
        return finish(stop, partition: partition, retryAfter: retryAfter)
    }

    private enum AttemptOutcome: Sendable {
        case success(any Sendable)
        case failure(OutboxFailure)
        case unreadable
        case cancelled
        case unexpected(String)
    }

    /// One send, in its own task so that the generation's cancellation (or the caller's) can
    /// abort it.
    private nonisolated static func attempt(_ operation: AnyOutboxOperation<Client>, client: Client, payload: Data,
                                            context: OutboxSendContext) async -> AttemptOutcome {
        if context.cancellation.isCancelled { return .cancelled }
        let task = Task { try await operation.send(client, payload, context) }
        context.cancellation.onCancel { task.cancel() }
        do {
            let result = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
            return .success(result)
        } catch let error as OutboxClassifiable {
            if context.cancellation.isCancelled { return .cancelled }
            return .failure(error.outboxFailure)
        } catch is UnreadablePayload {
            return .unreadable
        } catch is CancellationError {
            return .cancelled
        } catch {
            if context.cancellation.isCancelled { return .cancelled }
            return .unexpected(String(describing: type(of: error)) + ": \(error)")
        }
    }

    private func outcome<Result>(of id: Int64, in partition: Partition) throws -> ChangeOutcome<Result> {
        let entries = try store.pendingEntries(partition)
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return .expired }
        let entry = entries[index]
        if let hold = entry.hold { return .held(hold.reason, code: hold.code) }
        let parent = registry.parentSubject(of: entry)
        let waitsForDecision = entries[..<index].contains {
            $0.hold != nil && ($0.subject == entry.subject || $0.subject == parent)
        }
        return .queued(waitsForDecision: waitsForDecision)
    }

    // MARK: The other accounts, in the background (#31)

    /// Starts a background pass (one at a time; a trigger during one runs another after it).
    private func sendOthers() {
        guard others != nil else { return }
        if backgroundRunning {
            backgroundAgain = true
            return
        }
        backgroundRunning = true
        Task { await self.backgroundPass() }
    }

    /// One round for each other account's partition with changes to send, each in a generation
    /// of its own (ending it — sign-out, removal — aborts its request) and with its own client.
    private func backgroundPass() async {
        repeat {
            backgroundAgain = false
            var keep = false
            for other in others?() ?? [] {
                let partition = other.partition
                guard partition.account != active?.partition.account, !stoppedAccounts.contains(partition.account),
                      ((try? store.outboxCounts(partition).toSend) ?? 0) > 0 else { continue }
                if (try? store.outboxWait(partition, now: timing.now())) != nil {
                    keep = true  // the instance asked this partition to wait
                    continue
                }
                guard let generation = try? store.beginGeneration(partition) else { continue }
                let target = Active(partition: partition, generation: generation, client: other.client,
                                    cancellation: cancellations.cancellation(for: generation.rawValue), background: true)
                backgroundSending = partition.account
                let report = await round(target)
                backgroundSending = nil
                for waiter in backgroundWaiters { waiter.resume() }
                backgroundWaiters = []
                _ = try? store.endGenerations(.generation(generation))
                switch report.stop {
                case .unauthorized?:
                    stoppedAccounts.insert(partition.account)
                    onBackgroundStopped(partition)
                case .noAnswer?, .notSent?, .retryLater?, .inProgress?, .anotherSender?:
                    keep = true
                case nil, .inactive?, .cancelled?, .unexpected?:
                    break
                }
                eventSink.yield(.othersRoundFinished(sent: report.sent.count, held: report.held.count))
            }
            if keep { scheduleBackgroundRetry() } else {
                backgroundFailures = 0
                backgroundRetry?.cancel()
                backgroundRetry = nil
            }
        } while backgroundAgain
        backgroundRunning = false
    }

    /// The same backoff as the active partition's, on its own count.
    private func scheduleBackgroundRetry() {
        backgroundFailures += 1
        let delay = timing.retryDelay(failures: backgroundFailures, retryAfter: nil)
        let sleep = timing.sleep
        backgroundRetry?.cancel()
        backgroundRetry = Task { [weak self] in
            do { try await sleep(delay) } catch { return }
            await self?.sendOthers()
        }
    }

    private func acquireLock() -> Bool {
        if heldLock == nil {
            guard let lock = SendLock.tryAcquire(in: store.directory) else { return false }
            heldLock = lock
        }
        lockUsers += 1
        return true
    }

    private func releaseLock() {
        lockUsers -= 1
        if lockUsers == 0 { heldLock = nil }
    }

    // MARK: Retries

    private func scheduleRetry(retryAfter: Duration?) {
        consecutiveFailures += 1
        let delay = timing.retryDelay(failures: consecutiveFailures, retryAfter: retryAfter)
        retryTask?.cancel()
        retryToken += 1
        let token = retryToken
        let sleep = timing.sleep
        scheduledRetry = delay
        retryTask = Task { [weak self] in
            do { try await sleep(delay) } catch { return }
            await self?.retryFired(token)
        }
    }

    private func retryFired(_ token: Int) async {
        guard token == retryToken else { return }
        retryTask = nil
        scheduledRetry = nil
        notBefore = nil
        _ = await runRound()
        sendOthers()
    }

    private func cancelRetry() {
        retryTask?.cancel()
        retryTask = nil
        retryToken += 1
        scheduledRetry = nil
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
