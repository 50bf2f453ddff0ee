import OfflineStore

/// Which entries of a round may be in flight together (#34). Entries of different subjects go side
/// by side, at most the window's size at a time; an entry starts only once every earlier entry of
/// its own subject, of the subject it depends on (a photo's report) and of a subject that depends
/// on it is sent; an entry behind a held one of its subject, or of the subject it depends on,
/// waits for the person's decision. With a window of 1 this is the order of the ids, as before.
/// Pure: the engine tells it what became of each entry.
struct OutboxSchedule {
    enum Step: Equatable {
        /// Not started in this round (or kept: the round stops starting sends).
        case waiting
        case inFlight
        case sent
        /// Held (before the round, or by it): its subject waits for a decision.
        case held
    }

    private let subjects: [String]
    private let parents: [String?]
    private(set) var steps: [Step]
    /// How many are in flight.
    private(set) var inFlight = 0
    /// Every entry before it is sent (a scan starts there).
    private var firstOpen = 0

    init(entries: [OutboxEntry], parent: (OutboxEntry) -> String?) {
        subjects = entries.map(\.subject)
        parents = entries.map(parent)
        steps = entries.map { $0.hold == nil ? .waiting : .held }
    }

    mutating func set(_ index: Int, _ step: Step) {
        if steps[index] == .inFlight { inFlight -= 1 }
        if step == .inFlight { inFlight += 1 }
        steps[index] = step
        while firstOpen < steps.count, steps[firstOpen] == .sent { firstOpen += 1 }
    }

    /// The entries that may start now, in order, at most `limit`.
    func startable(limit: Int) -> [Int] {
        guard limit > 0 else { return [] }
        var found: [Int] = []
        /// Subjects with an earlier entry held (what comes after waits for a decision).
        var held = Set<String>()
        /// Subjects with an earlier entry not yet sent, and the subjects those depend on.
        var open = Set<String>()
        var openParents = Set<String>()
        for index in firstOpen..<steps.count {
            let subject = subjects[index]
            let parent = parents[index]
            switch steps[index] {
            case .sent:
                continue
            case .held:
                held.insert(subject)
                continue
            case .waiting, .inFlight:
                break
            }
            if held.contains(subject) || parent.map(held.contains) == true { continue }
            let behind = open.contains(subject) || parent.map(open.contains) == true || openParents.contains(subject)
            open.insert(subject)
            if let parent { openParents.insert(parent) }
            guard !behind, steps[index] == .waiting else { continue }
            found.append(index)
            if found.count == limit { break }
        }
        return found
    }
}
