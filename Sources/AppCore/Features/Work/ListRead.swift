import Foundation

/// The read steps a work tab's list takes, the same for Housekeeping and My tasks: its first
/// opening shows the saved copy, then reads fresh; later openings and refreshes read fresh with
/// "Updating" over what is shown. Each step also reads the outbox's marks for the list, and every
/// read cancels the one before it (`id`).
struct ListRead<Value: Sendable & Equatable, Pending: Sendable, Action: Sendable>: Sendable {
    let id: EffectID
    let saved: @Sendable () async -> SavedCopy<Value>?
    let fetch: @Sendable () async -> ReadResult<Value>
    let pending: @Sendable () async -> Pending
    let savedLoaded: @Sendable (SavedCopy<Value>?, Pending) -> Action
    let read: @Sendable (ReadResult<Value>, Pending) -> Action
    /// Before the saved copy on a first opening: what can be shown of it sooner (the head of a
    /// long saved list, #18), as the action that shows it; nil for nothing.
    var preview: (@Sendable () async -> Action?)? = nil

    /// The tab was opened: the saved copy then a fresh read the first time, a fresh read after.
    func appeared(hasLoaded: inout Bool, freshness: inout Freshness, lastUpdated: String?) -> Effect<Action> {
        guard hasLoaded else {
            hasLoaded = true
            freshness = .loading
            return savedThenFresh()
        }
        return fresh(&freshness, lastUpdated: lastUpdated)
    }

    /// A fresh read of a list's state, "Updating" meanwhile (unless nothing is shown yet).
    func fresh(_ state: inout some ListReadState) -> Effect<Action> {
        fresh(&state.freshness, lastUpdated: state.lastUpdated)
    }

    /// A fresh read, "Updating" meanwhile (unless nothing is shown yet).
    func fresh(_ freshness: inout Freshness, lastUpdated: String?) -> Effect<Action> {
        if freshness != .loading { freshness = .updating(lastUpdated: lastUpdated) }
        return follow()
    }

    /// A read of the list on screen that follows the instance on its own (`WorkTabEvent.liveRefresh`):
    /// conditional like every read, and shown without "Updating" — the person is not waiting for it.
    func follow() -> Effect<Action> {
        let (fetch, pending, read) = (self.fetch, self.pending, self.read)
        return .run(id: id, cancelInFlight: true) { send in
            let result = await fetch()
            send(read(result, await pending()))
        }
    }

    private func savedThenFresh() -> Effect<Action> {
        let (saved, fetch, pending, savedLoaded, read) = (self.saved, self.fetch, self.pending, self.savedLoaded, self.read)
        let savedThenFresh: @Sendable (Send<Action>) async -> Void = { send in
            let copy = await saved()
            send(savedLoaded(copy, await pending()))
            let result = await fetch()
            send(read(result, await pending()))
        }
        guard let preview else { return .run(id: id, cancelInFlight: true, savedThenFresh) }
        // The head is most often read ahead already: shown without a hop to another thread and
        // back, the rest of the read then goes off the UI thread.
        return .runStartingHere(id: id, cancelInFlight: true) { send in
            if let shown = await preview() { send(shown) }
            await Task.yield()
            await savedThenFresh(send)
        }
    }
}

/// A work list's state as `ListRead` keeps it: how fresh, and since when.
protocol ListReadState {
    var freshness: Freshness { get set }
    var lastUpdated: String? { get }
}

extension HousekeepingFeature.State: ListReadState {}
extension TasksFeature.State: ListReadState {}
