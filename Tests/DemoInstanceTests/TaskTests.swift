import DemoInstance
import Foundation
import GuestCraftAPI
import HTTPClient
import Testing

@Suite("Tasks of the business date")
struct TaskTests {
    let base = "/api/v1/properties/prp_harbour/tasks"

    @Test func myTasksComeWithArrivingGuestsFirst() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let mine = try await demo.get("\(base)?assignee=me", token: token).decode(TaskList.self)
        #expect(mine.tasks.map(\.id) == ["tsk_0005", "tsk_0001", "tsk_0003", "tsk_0002"])
        #expect(mine.tasks.map(\.guestArriving) == [true, false, false, false])
        let all = try await demo.get(base, token: token).decode(TaskList.self)
        #expect(all.tasks.map(\.id) == ["tsk_0005", "tsk_0004", "tsk_0001", "tsk_0003", "tsk_0002", "tsk_0006"])
        expectProblem(try await demo.get("\(base)?assignee=someone", token: token), 400, .requestMalformed, field: "assignee")
        expectProblem(try await demo.get("\(base)/tsk_9999", token: token), 404, .taskNotFound)
    }

    @Test func statusChangesNeedTheTasksVersion() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let path = "\(base)/tsk_0005/status"
        let body = #"{"status": "in_progress"}"#
        expectProblem(try await demo.send("PUT", path, token: token, json: body), 428, .preconditionRequired, field: "If-Match")
        expectProblem(try await demo.send("PUT", path, token: token, json: body, headers: ["If-Match": "\"7\""]),
                      412, .taskVersionMismatch, field: "If-Match")
        let started = try await demo.send("PUT", path, token: token, json: body, headers: ["If-Match": "\"1\""])
        #expect(started.status == 200)
        #expect(started.headers["etag"] == "\"2\"")
        let task = try started.decode(HousekeepingTask.self)
        #expect(task.status == .inProgress)
        #expect(task.version == 2)
        let stale = try await demo.send("PUT", path, token: token, json: #"{"status": "done"}"#, headers: ["If-Match": "\"1\""])
        expectProblem(stale, 412, .taskVersionMismatch, field: "If-Match")
        #expect(try stale.decode(ProblemDocument.self).detail == "The task changed since version 1; read it again.")
        expectProblem(try await demo.send("PUT", path, token: try demo.token(.frontdesk), json: body,
                                          headers: ["If-Match": "\"2\""]), 403, .authForbidden)
    }

    @Test func skippingNeedsAReasonAndASkippedTaskCanOnlyBeReopened() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let path = "\(base)/tsk_0001/status"
        expectProblem(try await demo.send("PUT", path, token: token, json: #"{"status": "skipped"}"#, headers: ["If-Match": "\"1\""]),
                      422, .taskReasonRequired, field: "reason")
        expectProblem(try await demo.send("PUT", path, token: token, json: #"{"status": "skipped", "reason": "  "}"#,
                                          headers: ["If-Match": "\"1\""]), 422, .taskReasonRequired, field: "reason")
        expectProblem(try await demo.send("PUT", path, token: token, json: #"{"status": "open"}"#, headers: ["If-Match": "\"1\""]),
                      409, .taskTransitionInvalid, field: "status")
        let skipped = try await demo.send("PUT", path, token: token, json: #"{"status": "skipped", "reason": "Do not disturb"}"#,
                                          headers: ["If-Match": "\"1\""]).decode(HousekeepingTask.self)
        #expect(skipped.skipReason == "Do not disturb")
        let refused = try await demo.send("PUT", path, token: token, json: #"{"status": "in_progress"}"#,
                                          headers: ["If-Match": "\"2\""])
        expectProblem(refused, 409, .taskTransitionInvalid, field: "status")
        #expect(try refused.decode(ProblemDocument.self).detail == "A skipped task can only be reopened.")
        let reopened = try await demo.send("PUT", path, token: token, json: #"{"status": "open"}"#,
                                           headers: ["If-Match": "\"2\""]).decode(HousekeepingTask.self)
        #expect(reopened.status == .open)
        #expect(reopened.skipReason == nil)
        #expect(reopened.version == 3)
        expectProblem(try await demo.send("PUT", path, token: token, json: #"{"status": "paused"}"#,
                                          headers: ["If-Match": "\"3\""]), 422, .requestInvalid, field: "status")
    }

    @Test func notesAreSetAndClearedWithTheVersion() async throws {
        let demo = try Demo()
        let token = try demo.token(.housekeeper)
        let path = "\(base)/tsk_0003/note"
        let noted = try await demo.send("PUT", path, token: token, json: #"{"note": "Extra towels"}"#,
                                        headers: ["If-Match": "\"2\"", "Idempotency-Key": "note-1"])
        #expect(try noted.decode(HousekeepingTask.self).note == "Extra towels")
        let replay = try await demo.send("PUT", path, token: token, json: #"{"note": "Extra towels"}"#,
                                         headers: ["If-Match": "\"2\"", "Idempotency-Key": "note-1"])
        #expect(replay.body == noted.body)
        let cleared = try await demo.send("PUT", path, token: token, json: #"{"note": ""}"#, headers: ["If-Match": "\"3\""])
            .decode(HousekeepingTask.self)
        #expect(cleared.note == nil)
        #expect(cleared.version == 4)
        let long = String(repeating: "n", count: 2_001)
        expectProblem(try await demo.send("PUT", path, token: token, json: #"{"note": "\#(long)"}"#, headers: ["If-Match": "\"4\""]),
                      422, .requestInvalid, field: "note")
        #expect(try await demo.get("\(base)/tsk_0003", token: token).decode(HousekeepingTask.self).version == 4)
    }
}
