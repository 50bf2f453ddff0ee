import Foundation
import OfflineStore
import Testing
@testable import Outbox
import TestSupport

/// The window (#34): entries of different subjects in flight together, each subject strictly in
/// order, whatever order the instance answers in. The scripted instance holds each attempt at a
/// gate of its own; the tests open them, in the order they choose, once every attempt the engine
/// started has reached its gate (`OutboxEngine.attemptsInFlight`): no wall clock.
@Suite(.timeLimit(.minutes(5))) struct WindowTests {
    /// A seeded generator (SplitMix64): the same seed, the same order of answers.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Waits until `condition` holds, yielding (no bound of its own: the time limit is the net).
    static func until(_ condition: () async throws -> Bool) async rethrows {
        while try await !condition(), !Task.isCancelled { await Task.yield() }
    }

    /// Over HTTP/1.1 a connection carries one request: the window narrows to what the client says
    /// it carries, and widens again when an answer says the connection multiplexes (HTTP/2).
    @Test func theWindowFollowsWhatTheConnectionCarries() async throws {
        let f = try EngineFixture(window: 8)
        let g = try f.store.beginGeneration(desk)
        let rooms = (1...12).map { "\(100 + $0)" }
        let gates = rooms.map { _ in Gate() }
        try f.queue(rooms.map { change($0, "clean") }, generation: g)
        let client = ScriptedClient("desk", plans: Dictionary(uniqueKeysWithValues: zip(rooms, gates).map {
            ($0, [.after($1, version: 2)])
        }))
        client.requestsAtOnce = 3
        let engine = f.engine
        let round = Task { await engine.activate(partition: desk, generation: g, client: client) }
        func waiting() async -> [Int] {
            await Self.until {
                let started = await engine.attemptsInFlight
                return started > 0 && gates.filter { $0.waiters > 0 }.count == started
            }
            return gates.indices.filter { gates[$0].waiters > 0 }
        }
        // Three at once while the connection carries three; each answer lets the next one start.
        #expect(await waiting() == [0, 1, 2])
        gates[0].open()
        #expect(await waiting() == [1, 2, 3])
        // The answer said HTTP/2: the next answer lets the window fill to eight.
        client.requestsAtOnce = nil
        gates[1].open()
        #expect(await waiting() == [2, 3, 4, 5, 6, 7, 8, 9])
        for gate in gates { gate.open() }
        let report = await round.value
        #expect(report.sent.count == 12 && report.stop == nil)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64], [8, 3])
    func eachRoomGoesInOrderWhateverOrderTheAnswersComeIn(seed: UInt64, window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        var random = Seeded(state: seed)
        // 40 changes to 12 rooms, in a random order of rooms; each room's k-th change read version 1
        // and the instance answers it version k + 2: the later ones go with what the earlier answered.
        let rooms = (1...12).map { "\(100 + $0)" }
        var made: [String: Int] = [:]
        var changes: [RoomChange] = []
        var plans: [String: [Planned]] = [:]
        var gates: [(unit: String, gate: Gate)] = []
        for _ in 0..<40 {
            let unit = rooms.randomElement(using: &random)!
            let k = made[unit, default: 0]
            made[unit] = k + 1
            changes.append(change(unit, "status\(k)"))
            let gate = Gate()
            gates.append((unit, gate))
            plans[unit, default: []].append(.after(gate, version: k + 2))
        }
        try f.queue(changes, generation: g)
        let client = ScriptedClient("desk", plans: plans)
        let store = f.store
        let outOfOrder = Recorder<String>()
        client.onAttempt = { call in
            // Nothing earlier of its room is still waiting: the earlier ones were answered and recorded.
            let first = (try? store.pendingEntries(desk))?.first { $0.subject == "unit:\(call.change.unit)" }
            if first?.idempotencyKey != call.idempotencyKey { outOfOrder.append("\(call.change.unit) \(call.change.status)") }
        }
        let engine = f.engine
        let round = Task { await engine.activate(partition: desk, generation: g, client: client) }
        var widest = 0
        for _ in 0..<changes.count {
            // Every attempt started has reached its gate: answer one of them, chosen at random.
            await Self.until {
                let started = await engine.attemptsInFlight
                return started > 0 && gates.filter { $0.gate.waiters > 0 }.count == started
            }
            let waiting = gates.indices.filter { gates[$0].gate.waiters > 0 }
            widest = max(widest, waiting.count)
            #expect(waiting.count <= window)
            gates[waiting.randomElement(using: &random)!].gate.open()
        }
        let report = await round.value
        #expect(report.sent.count == 40 && report.stop == nil)
        #expect(outOfOrder.all.isEmpty, "attempted before an earlier change of its room was answered: \(outOfOrder.all)")
        #expect(widest == min(window, made.count), "the window was used")
        // Each room's changes went in order, each with the version the one before it created.
        for unit in made.keys {
            let sent = client.calls.map(\.change).filter { $0.unit == unit }
            #expect(sent.map(\.status) == (0..<made[unit]!).map { "status\($0)" })
            #expect(sent.map(\.expectedVersion) == [1] + (0..<(made[unit]! - 1)).map { $0 + 2 })
        }
        #expect(try f.store.pendingEntries(desk).isEmpty)
    }

    @Test func aHeldEntryAmongParallelOnesStopsOnlyItsOwnRoom() async throws {
        let f = try EngineFixture(window: 8)
        let g = try f.store.beginGeneration(desk)
        let ids = try f.queue([change("101", "clean"), change("102", "clean"), change("103", "clean"),
                               change("101", "inspected"), change("102", "inspected")], generation: g)
        let (gate102, gate103) = (Gate(), Gate())
        let client = ScriptedClient("desk", plans: [
            "101": [.fail(.status(code: 409, problemCode: "unit.status_conflict", detail: nil, retryAfter: nil))],
            "102": [.after(gate102, version: 2), .applied(version: 3)],
            "103": [.after(gate103, version: 2)],
        ])
        let engine = f.engine
        let round = Task { await engine.activate(partition: desk, generation: g, client: client) }
        // 101 is held while 102 and 103 are on their way.
        try await Self.until { try f.store.entry(ids[0], partition: desk)?.hold != nil && gate102.waiters == 1 && gate103.waiters == 1 }
        gate102.open()
        gate103.open()
        let report = await round.value
        #expect(report.held == [ids[0]])
        #expect(report.sent == [ids[1], ids[2], ids[4]])
        #expect(report.stop == nil)
        #expect(client.units.filter { $0 == "101" }.count == 1, "101's second change waits for the decision")
        #expect(try f.store.pendingEntries(desk).map(\.id) == [ids[0], ids[3]])
        #expect(try f.store.outboxCounts(desk) == OutboxCounts(toSend: 1, toReview: 1, outcomeUnknown: 0))
    }

    @Test func photosWaitForTheirReportWhileOtherRoomsGo() async throws {
        let f = try EngineFixture(window: 8)
        let g = try f.store.beginGeneration(desk)
        let gate = Gate()
        let client = ScriptedClient("desk", plans: ["t1": [.after(gate, version: 1)]])
        client.answer("101", .applied(version: 2))
        client.answer("p1", .applied(version: 1))
        client.answer("p2", .applied(version: 1))
        let store = f.store
        let early = Recorder<String>()
        client.onAttempt = { call in
            // A photo goes only once its report was answered and recorded (no longer waiting).
            if call.change.status == "photo", (try? store.pendingEntries(desk))?.contains(where: { $0.subject == "ticket:t1" }) != false {
                early.append(call.change.unit)
            }
        }
        await f.engine.activate(partition: desk, generation: g, client: client)
        let engine = f.engine
        let submit = Task {
            try await engine.submit(together: [
                OutboxChange(Ticket(), Ticket.Report(id: "t1")),
                OutboxChange(Photo(), Photo.Image(ticket: "t1", id: "p1", jpeg: Data([0xFF, 0xD8, 0xFF, 1]))),
                OutboxChange(Photo(), Photo.Image(ticket: "t1", id: "p2", jpeg: Data([0xFF, 0xD8, 0xFF, 2]))),
                OutboxChange(RoomStatus(), change("101", "clean")),
            ])
        }
        // Room 101, saved after the photos, goes beside the report; no photo goes before its answer.
        await Self.until { gate.waiters == 1 && client.units.contains("101") }
        await Self.until { await engine.attemptsInFlight == 1 }
        #expect(!client.units.contains("p1") && !client.units.contains("p2"))
        gate.open()
        let outcomes = try await submit.value
        #expect(outcomes.count == 4)
        for outcome in outcomes {
            guard case .sent = outcome else { Issue.record("\(outcome)"); continue }
        }
        #expect(early.all.isEmpty, "photos sent before their report was answered: \(early.all)")
        #expect(Set(client.units.suffix(2)) == ["p1", "p2"])
    }

    static let slowDowns: [OutboxFailure] = [
        .status(code: 429, problemCode: "rate_limited", detail: nil, retryAfter: .seconds(30)),
        .status(code: 503, problemCode: "instance.unavailable", detail: nil, retryAfter: .seconds(30)),
    ]

    @Test(arguments: slowDowns)
    func aRetryAfterOnAnyEntrySlowsTheWholeWindow(_ slowDown: OutboxFailure) async throws {
        let f = try EngineFixture(window: 8)
        let g = try f.store.beginGeneration(desk)
        let rooms = (101...110).map(String.init)
        let ids = try f.queue(rooms.map { change($0, "clean") }, generation: g)
        let gate = Gate()
        var plans: [String: [Planned]] = [:]
        for room in rooms { plans[room] = [.after(gate, version: 2)] }
        // The fifth room is told to wait 30 s; the sixth, answered later, only 5 s: the longer stands.
        plans["105"] = [.fail(slowDown)]
        plans["106"] = [.failAfter(gate, .status(code: 429, problemCode: "rate_limited", detail: nil, retryAfter: .seconds(5)))]
        let client = ScriptedClient("desk", plans: plans)
        let engine = f.engine
        let round = Task { await engine.activate(partition: desk, generation: g, client: client) }
        // The wait is on disk while seven others are on their way; then they are answered.
        try await Self.until { try f.store.outboxWait(desk, now: f.clock.now) != nil && gate.waiters == 7 }
        gate.open()
        let report = await round.value
        guard case .status(let status, _, _, _, _) = slowDown else { return }
        #expect(report.stop == .retryLater(status: status))
        #expect(report.retryIn == .seconds(30))
        #expect(client.calls.count == 8, "no new send started after the Retry-After: \(client.units)")
        #expect(report.sent == [ids[0], ids[1], ids[2], ids[3], ids[6], ids[7]])
        #expect(try f.store.outboxWait(desk, now: f.clock.now)?.notBefore == f.clock.now.addingTimeInterval(30))

        // Before the time nothing is sent; after it, what is left goes.
        #expect(await f.engine.sendNow().stop == .retryLater(status: status))
        #expect(client.calls.count == 8)
        f.clock.advance(31)
        client.answer("105", .applied(version: 2))
        client.answer("106", .applied(version: 2))
        client.answer("109", .applied(version: 2))
        client.answer("110", .applied(version: 2))
        let after = await f.engine.networkChanged()
        #expect(after.sent == [ids[4], ids[5], ids[8], ids[9]])
        #expect(try f.store.pendingEntries(desk).isEmpty)
    }

    @Test func a401MidWindowStopsTheWholeWindowAndEndsTheSessionOnce() async throws {
        let f = try EngineFixture(window: 8)
        let g = try f.store.beginGeneration(desk)
        let rooms = (101...110).map(String.init)
        let ids = try f.queue(rooms.map { change($0, "clean") }, generation: g)
        let gate = Gate()
        var plans: [String: [Planned]] = [:]
        for room in rooms { plans[room] = [.hang] }
        plans["101"] = [.failAfter(gate, .unauthorized)]
        plans["102"] = [.failAfter(gate, .status(code: 401, problemCode: "session.expired", detail: nil, retryAfter: nil))]
        plans["109"] = [.applied(version: 2)]
        plans["110"] = [.applied(version: 2)]
        let client = ScriptedClient("desk", plans: plans)
        let engine = f.engine
        let round = Task { await engine.activate(partition: desk, generation: g, client: client) }
        await Self.until { gate.waiters == 2 && client.calls.count == 8 }
        gate.open()
        let report = await round.value
        #expect(report.stop == .unauthorized)
        #expect(f.sessionsEnded == [desk], "the session ends once")
        #expect(client.calls.count == 8, "nothing started after the 401")
        #expect(report.sent.isEmpty && report.held.isEmpty)
        let left = try f.store.pendingEntries(desk)
        #expect(left.map(\.id) == ids, "every change is kept")
        // The others' requests were aborted: each may have arrived.
        #expect(left.filter(\.outcomeUnknown).map(\.id) == Array(ids[2...7]))
        #expect(left.allSatisfy { $0.hold == nil })
        #expect(await f.engine.scheduledRetry == nil)
    }
}

/// Which entries may start together, without an engine.
@Suite struct OutboxScheduleTests {
    static func entry(_ id: Int64, _ subject: String, held: Bool = false) -> OutboxEntry {
        OutboxEntry(id: id, partition: desk, operation: "x", subject: subject, payload: Data(), idempotencyKey: "k\(id)",
                    createdAt: t0, attempts: 0, lastAttemptAt: nil, outcomeUnknown: false,
                    hold: held ? OutboxHold(reason: .refused, status: 422, code: nil, detail: nil, heldAt: t0) : nil)
    }

    static func parent(_ entry: OutboxEntry) -> String? {
        entry.subject.range(of: "/photo:").map { String(entry.subject[..<$0.lowerBound]) }
    }

    @Test func onlyTheFirstOfEachSubjectAndNoPhotoBeforeItsReport() {
        let entries = [Self.entry(1, "unit:101"), Self.entry(2, "ticket:t"), Self.entry(3, "ticket:t/photo:a"),
                       Self.entry(4, "unit:101"), Self.entry(5, "unit:102"), Self.entry(6, "ticket:t/photo:b"),
                       Self.entry(7, "ticket:t")]
        var schedule = OutboxSchedule(entries: entries, parent: Self.parent)
        #expect(schedule.startable(limit: 8) == [0, 1, 4])
        #expect(schedule.startable(limit: 2) == [0, 1])
        schedule.set(1, .inFlight)
        #expect(schedule.startable(limit: 8) == [0, 4])
        schedule.set(1, .sent)
        // Both photos go side by side; the report's later entry waits for them.
        #expect(schedule.startable(limit: 8) == [0, 2, 4, 5])
        schedule.set(0, .sent)
        #expect(schedule.startable(limit: 8) == [2, 3, 4, 5])
    }

    @Test func aHeldEntryStopsItsSubjectAndWhatDependsOnIt() {
        let entries = [Self.entry(1, "ticket:t", held: true), Self.entry(2, "ticket:t/photo:a"), Self.entry(3, "unit:101"),
                       Self.entry(4, "unit:101"), Self.entry(5, "ticket:t")]
        var schedule = OutboxSchedule(entries: entries, parent: Self.parent)
        #expect(schedule.startable(limit: 8) == [2])
        schedule.set(2, .held)
        #expect(schedule.startable(limit: 8).isEmpty)
    }
}
