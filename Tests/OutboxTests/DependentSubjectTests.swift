import Foundation
import OfflineStore
import Testing
@testable import Outbox

/// A scripted fault report (subject `ticket:<id>`) and its photos (`ticket:<id>/photo:<id>`, whose
/// parent subject is the report's), as the app's `FaultReportOperation` and `FaultPhotoOperation`.
struct Ticket: OutboxOperation {
    struct Report: Codable, Sendable, Equatable { let id: String }

    var name: String { "maintenance_tickets.put" }
    func subject(_ payload: Report) -> String { "ticket:" + payload.id }

    func send(_ client: ScriptedClient, _ payload: Report, _ context: OutboxSendContext) async throws -> String {
        try await scripted(client, payload.id, "ticket", context)
    }
}

struct Photo: OutboxOperation {
    /// Kept as raw bytes (`OutboxBytesPayload`): the ticket id, a newline, then the photo's bytes.
    struct Image: OutboxBytesPayload, Equatable {
        let ticket: String
        let id: String
        let jpeg: Data

        func outboxBytes() throws -> Data { Data("\(ticket) \(id)\n".utf8) + jpeg }

        init(ticket: String, id: String, jpeg: Data) {
            self.ticket = ticket
            self.id = id
            self.jpeg = jpeg
        }

        init(outboxBytes bytes: Data) throws {
            let newline = try #require(bytes.firstIndex(of: 0x0A))
            let head = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
            self.init(ticket: String(head[0]), id: String(head[1]), jpeg: Data(bytes[(newline + 1)...]))
        }
    }

    var name: String { "maintenance_photos.put" }
    func subject(_ payload: Image) -> String { "ticket:\(payload.ticket)/photo:\(payload.id)" }

    func parentSubject(of subject: String) -> String? {
        subject.range(of: "/photo:").map { String(subject[..<$0.lowerBound]) }
    }

    func send(_ client: ScriptedClient, _ payload: Image, _ context: OutboxSendContext) async throws -> String {
        try await scripted(client, payload.id, "photo", context)
    }
}

/// One scripted attempt, recorded as a `Call` whose unit is the ticket's or photo's id.
private func scripted(_ client: ScriptedClient, _ id: String, _ kind: String, _ context: OutboxSendContext) async throws -> String {
    let call = Call(client: client.name, change: RoomChange(unit: id, status: kind, expectedVersion: 0),
                    idempotencyKey: context.idempotencyKey, attempt: context.attempt)
    switch client.next(call) {
    case .applied, .precondition: return id
    case .after(let gate, _):
        await gate.wait()
        return id
    case .failAfter(let gate, let failure):
        await gate.wait()
        throw TestFailure(outboxFailure: failure)
    case .fail(let failure): throw TestFailure(outboxFailure: failure)
    case .plainError: throw PlainError()
    case .hang: throw TestFailure(outboxFailure: .noAnswer)
    }
}

/// A photo is never sent before its report was accepted; a refused photo stops only itself.
@Suite(.timeLimit(.minutes(5))) struct DependentSubjectTests {
    static let refused = OutboxFailure.status(code: 422, problemCode: "block.overlap", detail: "Overlaps",
                                              retryAfter: nil, field: "block.from")
    static let tooLarge = OutboxFailure.status(code: 413, problemCode: "photo.too_large", detail: "Too large",
                                               retryAfter: nil)

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        /// What the instance answers to each id's attempts (the report `t1`, its photos `p1`, `p2`).
        let plans: [String: [Planned]]
        /// The ids attempted, in order.
        let attempted: [String]
        /// What each of the three is afterwards: "sent", "held", "waits" (for a connection),
        /// "decision" (waits behind a held entry).
        let after: [String]
        /// The same with a wider window, where they differ: the two photos go side by side.
        var inWindow: (attempted: [String], after: [String])?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "all accepted", plans: ["t1": [.applied(version: 1)], "p1": [.applied(version: 1)], "p2": [.applied(version: 1)]],
            attempted: ["t1", "p1", "p2"], after: ["sent", "sent", "sent"]),
        Row(name: "the report gets no answer: no photo is attempted", plans: ["t1": [.fail(.noAnswer)]],
            attempted: ["t1"], after: ["waits", "waits", "waits"]),
        Row(name: "the report is not sent (no route): no photo is attempted", plans: ["t1": [.fail(.notSent)]],
            attempted: ["t1"], after: ["waits", "waits", "waits"]),
        Row(name: "the report waits for Retry-After (429): no photo is attempted",
            plans: ["t1": [.fail(.status(code: 429, problemCode: "rate_limited", detail: nil, retryAfter: .seconds(2)))]],
            attempted: ["t1"], after: ["waits", "waits", "waits"]),
        Row(name: "the report is refused: its photos wait for the decision", plans: ["t1": [.fail(refused)]],
            attempted: ["t1"], after: ["held", "decision", "decision"]),
        Row(name: "a refused photo stops neither its report nor the other photo",
            plans: ["t1": [.applied(version: 1)], "p1": [.fail(tooLarge)], "p2": [.applied(version: 1)]],
            attempted: ["t1", "p1", "p2"], after: ["sent", "held", "sent"]),
        Row(name: "a photo without an answer stops the round",
            plans: ["t1": [.applied(version: 1)], "p1": [.fail(.noAnswer)], "p2": [.applied(version: 1)]],
            attempted: ["t1", "p1"], after: ["sent", "waits", "waits"],
            // The other photo was already on its way: it is answered, nothing starts after.
            inWindow: (attempted: ["t1", "p1", "p2"], after: ["sent", "waits", "sent"])),
    ]

    @Test(arguments: rows, windows)
    func aPhotoWaitsForItsReport(_ row: Row, window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let client = ScriptedClient("desk", plans: row.plans)
        let expected = window > 1 ? row.inWindow ?? (row.attempted, row.after) : (row.attempted, row.after)
        await f.engine.activate(partition: desk, generation: g, client: client)
        let outcomes = try await f.engine.submit(together: [
            OutboxChange(Ticket(), Ticket.Report(id: "t1")),
            OutboxChange(Photo(), Photo.Image(ticket: "t1", id: "p1", jpeg: Data([0xFF, 0xD8, 0xFF, 1]))),
            OutboxChange(Photo(), Photo.Image(ticket: "t1", id: "p2", jpeg: Data([0xFF, 0xD8, 0xFF, 2]))),
        ])
        #expect(inOrder(client.units, expected.0, window: window))
        let seen = outcomes.map { outcome -> String in
            switch outcome {
            case .sent: "sent"
            case .held: "held"
            case .queued(waitsForDecision: false): "waits"
            case .queued(waitsForDecision: true): "decision"
            case .failed: "failed"
            case .expired: "expired"
            }
        }
        #expect(seen == expected.1)
        // Nothing held is sent again by itself, and nothing waiting behind it either.
        if row.after.contains("held") {
            let attempts = client.calls.count
            await f.engine.sendNow()
            #expect(client.calls.count == attempts)
        }
    }

    @Test(arguments: windows)
    func aRefusedReportsPhotosAreHeldWithItAndDiscardedWithIt(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let client = ScriptedClient("desk", plans: ["t1": [.fail(Self.refused)], "t2": [.applied(version: 1)]])
        await f.engine.activate(partition: desk, generation: g, client: client)
        _ = try await f.engine.submit(together: [
            OutboxChange(Ticket(), Ticket.Report(id: "t1")),
            OutboxChange(Photo(), Photo.Image(ticket: "t1", id: "p1", jpeg: Data([0xFF, 0xD8, 0xFF]))),
            OutboxChange(Photo(), Photo.Image(ticket: "t1", id: "p2", jpeg: Data([0xFF, 0xD8, 0xFF]))),
            OutboxChange(Ticket(), Ticket.Report(id: "t2")),
        ])
        let entries = try f.store.pendingEntries(desk)
        #expect(entries.count == 3, "t2, another report, went: \(client.calls.map(\.change.unit))")
        let held = try #require(entries.first)
        #expect(held.hold?.code == "block.overlap")
        #expect(held.hold?.field == "block.from", "the field the refusal names is kept")
        #expect(held.hold?.detail == "Overlaps")
        #expect(try f.store.outboxCounts(desk) == OutboxCounts(toSend: 2, toReview: 1, outcomeUnknown: 0))

        // Discarding the report (Account's Discard) takes the photos waiting on it.
        #expect(try await f.engine.discard(held.id))
        #expect(try f.store.pendingEntries(desk).isEmpty)
        #expect(inOrder(client.units, ["t1", "t2"], window: window), "no photo of the refused report was ever sent")
    }

    @Test(arguments: windows)
    func discardingARefusedPhotoLeavesItsReportsOtherEntries(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        let client = ScriptedClient("desk", plans: ["t1": [.applied(version: 1)], "p1": [.fail(Self.tooLarge)],
                                                    "p2": [.fail(.noAnswer)]])
        await f.engine.activate(partition: desk, generation: g, client: client)
        _ = try await f.engine.submit(together: [
            OutboxChange(Ticket(), Ticket.Report(id: "t1")),
            OutboxChange(Photo(), Photo.Image(ticket: "t1", id: "p1", jpeg: Data([0xFF, 0xD8, 0xFF]))),
            OutboxChange(Photo(), Photo.Image(ticket: "t1", id: "p2", jpeg: Data([0xFF, 0xD8, 0xFF]))),
        ])
        let entries = try f.store.pendingEntries(desk)
        #expect(entries.map { $0.hold?.code } == ["photo.too_large", nil])
        client.answer("p2", .applied(version: 1))
        #expect(try await f.engine.discard(entries[0].id))
        #expect(try f.store.pendingEntries(desk).isEmpty, "the other photo went in the round after the discard")
        #expect(inOrder(client.units, ["t1", "p1", "p2", "p2"], window: window))
    }

    @Test(arguments: windows)
    func aBytesPayloadIsSavedAsItsOwnBytesNotAsJSON(window: Int) async throws {
        let f = try EngineFixture(window: window)
        let g = try f.store.beginGeneration(desk)
        await f.engine.activate(partition: desk, generation: g, client: ScriptedClient("desk"))
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<1_000).map { UInt8(truncatingIfNeeded: $0) })
        _ = try await f.engine.submit(together: [
            OutboxChange(Ticket(), Ticket.Report(id: "t1")),
            OutboxChange(Photo(), Photo.Image(ticket: "t1", id: "p1", jpeg: jpeg)),
        ])
        let saved = try f.store.pendingEntries(desk)
        #expect(saved.count == 2)
        #expect(saved[1].payload == Data("t1 p1\n".utf8) + jpeg, "the BLOB is the bytes, no base64")
        #expect(try PayloadCoding.decode(Photo.Image.self, saved[1].payload) == Photo.Image(ticket: "t1", id: "p1", jpeg: jpeg))
        #expect(saved[0].payload == Data(#"{"id":"t1"}"#.utf8), "other payloads stay JSON")
    }
}
