/// Waits until `condition` holds, looking every millisecond: for a state that no event announces
/// (a read ahead settled, a thread come back). No bound of its own (#33: a count of tries was a
/// bound in wall time, and a loaded run went past it): the test's `.timeLimit` cancels the wait,
/// which then throws `CancellationError`.
public func waitUntil(_ condition: () throws -> Bool) async throws {
    while try !condition() {
        try await Task.sleep(for: .milliseconds(1))
    }
}
