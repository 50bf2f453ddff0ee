import AppCore
import Foundation
import Locking
import Testing
import TestSupport

/// An exhaustive test store in the shape of TCA's: each `send` and `receive` states exactly how
/// the state changes; every action an effect sends back must be received; at the end no effect
/// may still run (`finish()`, and a check when the store goes away).
///
///     let store = TestStore(initialState: Feature.State(), reducer: Feature(environment: env))
///     await store.send(.refreshKeyPressed) { $0.isRefreshing = true }
///     await store.receive(.refreshFinished) { $0.isRefreshing = false }
///     await store.finish()
///
/// Effects run for real (as tasks, with the environment the reducer was given): inject fakes
/// and a `ManualClock` there. Waiting for an action gives up after `timeout`, which only bounds a
/// failing test; it is never a measure of speed.
@MainActor
final class TestStore<State: Equatable, Action: Equatable & Sendable> {
    private(set) var state: State
    private let reducer: any Reducer<State, Action>
    private let effects: EffectRunner<Action>
    private let effectErrors: ErrorBox
    /// Signalled by the runner after each action queued and each effect ended (its `wake`).
    private let effectsChanged = DispatchSemaphore(value: 0)
    private var received: [Action] = []
    let timeout: Duration

    /// The bound on a wait: a minute, two under a sanitizer — a suite under AddressSanitizer on two
    /// cores once held Swift's threads for 27 s (its PIN hashes), and an effect that goes on after
    /// a suspension (`Effect.runStartingHere`) waited that long for one.
    static var defaultTimeout: Duration { .seconds(Sanitizer.active ? 120 : 60) }

    init(initialState: State, reducer: some Reducer<State, Action>, timeout: Duration = defaultTimeout) {
        state = initialState
        self.reducer = reducer
        self.timeout = timeout
        let errors = ErrorBox()
        effectErrors = errors
        let changed = effectsChanged
        effects = EffectRunner(wake: { changed.signal() }, onError: { errors.append($0) })
    }

    isolated deinit {
        waitForEffectsToEnd()
        collect()
        if !received.isEmpty {
            Issue.record("The test store ended with actions not received:\n\(describe(received))")
        }
        if effects.activeCount > 0 {
            Issue.record("The test store ended with \(effects.activeCount) effect(s) still running.")
        }
        effects.cancelAll()
    }

    /// Sends `action` and asserts the state it leads to: `update` makes the expected change
    /// from the state before; any other difference fails with a diff.
    func send(_ action: Action, assert update: ((inout State) throws -> Void)? = nil,
              sourceLocation: SourceLocation = #_sourceLocation) async {
        collect()
        if !received.isEmpty {
            Issue.record("Receive these actions before sending \(action):\n\(describe(received))",
                         sourceLocation: sourceLocation)
            received.removeAll()
        }
        apply(action, update: update, sourceLocation: sourceLocation)
        reportEffectErrors(sourceLocation)
    }

    /// Waits for the next action an effect sends, checks it is `expected`, runs it and asserts
    /// the state like `send`.
    func receive(_ expected: Action, assert update: ((inout State) throws -> Void)? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) async {
        await waitFor(sourceLocation) { !self.received.isEmpty }
        guard !received.isEmpty else {
            Issue.record("Expected to receive \(expected), but nothing arrived (\(effects.runningCount) effect(s) running).",
                         sourceLocation: sourceLocation)
            return
        }
        let action = received.removeFirst()
        if action != expected {
            Issue.record("Received an unexpected action:\n\(StateDiff.diff(expected: expected, actual: action))",
                         sourceLocation: sourceLocation)
        }
        apply(action, update: update, sourceLocation: sourceLocation)
        reportEffectErrors(sourceLocation)
    }

    /// Waits for the next action an effect sends, whatever it is (for effects that race), runs
    /// it and asserts the state `update` makes of it; answers the action.
    @discardableResult
    func receiveAny(assert update: (Action, inout State) -> Void,
                    sourceLocation: SourceLocation = #_sourceLocation) async -> Action? {
        await waitFor(sourceLocation) { !self.received.isEmpty }
        guard !received.isEmpty else {
            Issue.record("Expected to receive an action, but nothing arrived.", sourceLocation: sourceLocation)
            return nil
        }
        let action = received.removeFirst()
        withoutActuallyEscaping(update) { update in
            apply(action, update: { update(action, &$0) }, sourceLocation: sourceLocation)
        }
        reportEffectErrors(sourceLocation)
        return action
    }

    /// Waits until every effect has ended, then fails for any action not received.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
        await waitFor(sourceLocation) { self.effects.runningCount == 0 }
        collect()
        if effects.runningCount > 0 {
            Issue.record("\(effects.runningCount) effect(s) still running.", sourceLocation: sourceLocation)
        }
        if !received.isEmpty {
            Issue.record("Actions not received:\n\(describe(received))", sourceLocation: sourceLocation)
            received.removeAll()
        }
        reportEffectErrors(sourceLocation)
    }

    /// Effects started and not yet ended.
    var runningEffects: Int { effects.runningCount }

    private func apply(_ action: Action, update: ((inout State) throws -> Void)?, sourceLocation: SourceLocation) {
        var expected = state
        do {
            try update?(&expected)
        } catch {
            Issue.record(error, "The assertion closure threw", sourceLocation: sourceLocation)
        }
        let effect = reducer.reduce(into: &state, action: action)
        received += effects.start(effect)
        if expected != state {
            let diff = StateDiff.diff(expected: expected, actual: state)
            Issue.record("The state changed other than asserted (− expected, + actual):\n\(diff)",
                         sourceLocation: sourceLocation)
        }
    }

    private func collect() {
        received += effects.takeQueued()
    }

    private func waitFor(_ sourceLocation: SourceLocation, _ condition: () -> Bool) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        collect()
        while !condition(), clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
            collect()
        }
    }

    /// Blocks until every effect nobody cancelled has ended — an effect that sent its last action
    /// may not have returned yet — woken by the runner as each one ends (#33: a second of wall
    /// time here, which a loaded run's last effect outlasted). `timeout`, the store's minute, only
    /// ends the wait for an effect that will never end by itself (asleep on a clock nobody
    /// moves): the deinit then fails with "effects still running".
    private func waitForEffectsToEnd() {
        let (seconds, attoseconds) = timeout.components
        let deadline = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        while effects.activeCount > 0, effectsChanged.wait(timeout: deadline) == .success {}
    }

    /// Reports what effects threw, and the unexpected calls of the test's fakes made on the
    /// effects' tasks (`UnexpectedCalls`), on the test's own task.
    private func reportEffectErrors(_ sourceLocation: SourceLocation) {
        UnexpectedCalls.reportPending()
        for error in effectErrors.take() {
            Issue.record(error, "An effect threw", sourceLocation: sourceLocation)
        }
    }

    private func describe(_ actions: [Action]) -> String {
        actions.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// Errors effects threw, kept until the test's own task can report them.
final class ErrorBox: Sendable {
    private let errors = Locked<[any Error]>([])

    func append(_ error: any Error) { errors.withLock { $0.append(error) } }
    func take() -> [any Error] { errors.withLock { e in defer { e.removeAll() }; return e } }
}
