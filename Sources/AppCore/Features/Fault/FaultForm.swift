import Catalog
import Foundation
import GuestCraftAPI

/// What the fault form tells the screen that hosts it (the room detail, the task detail).
public enum FaultFormDelegate: Equatable, Sendable {
    /// Left without sending (Esc, after a question when something was entered).
    case closed
    /// Sent or saved: the host shows the sentence and reads the room again.
    case reported(Notice)
    /// What a work screen tells the app (`.sessionEnded`, `.outboxChanged`, `.sendNow`, `.openReview`).
    case work(WorkTabDelegate)
}

/// The fault report form (SPEC §5): what is wrong, a description, the priority, photos and, with
/// `blocks.manage_ooo` / `blocks.manage_oos`, the room out of order or out of service in the same
/// request. A child feature: the host keeps `FaultForm.State?`, sends `.appeared` when it sets
/// it, forwards every key, paste and click while it is set, asks `isEditingText`, and sets it to
/// nil on `.delegate(.closed)` or `.delegate(.reported)` (`Presents`). The report and its
/// photos are saved together through `FaultFormEnvironment.submit`; a refusal comes back next to
/// the line it names and the corrected report goes as a new submit.
public struct FaultForm: Reducer {
    /// A line of the form, in the order Tab moves through them.
    public enum Line: Hashable, Sendable {
        case category, priority, description
        /// A chosen photo, by its id in the form.
        case photo(Int)
        case addPhoto
        /// Out of order, out of service, or not at all.
        case block
        case from, to, reason
        case send
    }

    /// A line whose value is chosen from a list (Enter opens it).
    public enum Choice: Sendable, Equatable {
        case category, priority, block
    }

    /// A sentence next to a line: why it was not sent, and what the instance said.
    public struct Problem: Sendable, Equatable {
        public var sentence: String
        /// The instance's own sentence (drawn inert), when it gave one.
        public var instanceSays: String?

        public init(_ sentence: String, instanceSays: String? = nil) {
            self.sentence = sentence
            self.instanceSays = instanceSays
        }
    }

    public enum PhotoStatus: Sendable, Equatable {
        /// Being re-encoded.
        case preparing
        case ready(FaultPhotoInfo)
        /// Could not be re-encoded: shown with why; the report goes without it.
        case failed(FaultPhotoProblem)
    }

    /// A photo chosen for the report.
    public struct Photo: Sendable, Equatable {
        public var id: Int
        public var name: String
        public var path: String
        public var status: PhotoStatus

        public init(id: Int, name: String, path: String, status: PhotoStatus = .preparing) {
            self.id = id
            self.name = name
            self.path = path
            self.status = status
        }

        public var info: FaultPhotoInfo? { if case .ready(let info) = status { info } else { nil } }
    }

    /// A choice's list over the form.
    public struct ChoiceList: Sendable, Equatable {
        public var choice: Choice
        public var focus: Int

        public init(choice: Choice, focus: Int = 0) {
            self.choice = choice
            self.focus = focus
        }
    }

    /// The photos folder (newest first) and a path to type.
    public struct PhotoChooser: Sendable, Equatable {
        /// One file of the folder, with its time as the person reads it.
        public struct Entry: Sendable, Equatable {
            public var file: FolderPhoto
            public var time: String

            public init(file: FolderPhoto, time: String) {
                self.file = file
                self.time = time
            }
        }

        /// The folder as read; nil while it is read.
        public var directory: String?
        public var isReadable: Bool
        /// Its files, newest first.
        public var files: [Entry]
        public var path: TextInput
        /// The focused file (index into `files`); nil on the path field.
        public var focus: Int?

        public init(directory: String? = nil, isReadable: Bool = true, files: [Entry] = [],
                    path: TextInput = TextInput(limit: 1_024), focus: Int? = nil) {
            self.directory = directory
            self.isReadable = isReadable
            self.files = files
            self.path = path
            self.focus = focus
        }
    }

    /// A step over the form.
    public enum Mode: Sendable, Equatable {
        case choosing(ChoiceList)
        case photos(PhotoChooser)
        /// Esc with something entered: "Leave this report?"
        case leaving
    }

    /// A photo the instance refused for good, on the receipt.
    public struct RefusedPhoto: Sendable, Equatable {
        public var token: String
        public var name: String
        public var problem: Problem
        public var dropped: Bool

        public init(token: String, name: String, problem: Problem, dropped: Bool = false) {
            self.token = token
            self.name = name
            self.problem = problem
            self.dropped = dropped
        }
    }

    /// What a sent report leaves to read before the form closes: the nights its block overbooks,
    /// the photos the instance refused.
    public struct Receipt: Sendable, Equatable {
        /// The sentence the host shows once the receipt is closed.
        public var notice: Notice
        public var overbooked: [BusinessDate]
        public var refused: [RefusedPhoto]
        /// The focused line among `lines`.
        public var focus: Int

        public init(notice: Notice, overbooked: [BusinessDate] = [], refused: [RefusedPhoto] = [], focus: Int = 0) {
            self.notice = notice
            self.overbooked = overbooked
            self.refused = refused
            self.focus = focus
        }

        /// The refused photos still waiting (Enter drops one), then "Done" (nil).
        public var lines: [String?] { refused.filter { !$0.dropped }.map(\.token) + [nil] }
    }

    public struct State: Sendable, Equatable {
        public var unit: UnitRef
        /// The task the report is made from (linked to it).
        public var taskID: TaskID?
        public var taskKind: TaskKind?
        /// The property's business date as the host last read it (the block's first day).
        public var businessDate: BusinessDate?
        public var category: MaintenanceCategory?
        public var priority: MaintenancePriority
        public var description: TextInput
        public var photos: [Photo]
        public var nextPhotoID: Int
        /// The block asked for; nil for none.
        public var block: BlockKind?
        public var from: TextInput
        public var to: TextInput
        public var reason: TextInput
        public var focus: Line
        public var mode: Mode?
        /// The report is with the live layer; keys wait for its answer.
        public var sending: Bool
        /// Sentences next to lines: a check before sending, or the instance's refusal.
        public var problems: [Line: Problem]
        public var notice: Notice?
        /// Sent, with something to read first.
        public var receipt: Receipt?
        /// What the role and the instance allow (set from the environment on `.appeared`).
        public var grants: FaultGrants

        public init(unit: UnitRef, taskID: TaskID? = nil, taskKind: TaskKind? = nil, businessDate: BusinessDate? = nil,
                    category: MaintenanceCategory? = nil, priority: MaintenancePriority = .normal,
                    description: String = "", photos: [Photo] = [], block: BlockKind? = nil,
                    from: String = "", to: String = "", reason: String = "", focus: Line = .category,
                    mode: Mode? = nil, sending: Bool = false, problems: [Line: Problem] = [:],
                    notice: Notice? = nil, receipt: Receipt? = nil, grants: FaultGrants = FaultGrants()) {
            self.unit = unit
            self.taskID = taskID
            self.taskKind = taskKind
            self.businessDate = businessDate
            self.category = category
            self.priority = priority
            self.description = TextInput(description, limit: FaultForm.descriptionLimit)
            self.photos = photos
            nextPhotoID = (photos.map(\.id).max() ?? 0) + 1
            self.block = block
            self.from = TextInput(from, limit: 10)
            self.to = TextInput(to, limit: 10)
            self.reason = TextInput(reason, limit: FaultForm.reasonLimit)
            self.focus = focus
            self.mode = mode
            self.sending = sending
            self.problems = problems
            self.notice = notice
            self.receipt = receipt
            self.grants = grants
        }

        /// The lines the person moves through: photos with `maintenance_photos`, the block's with
        /// a block permission (its dates and reason once a kind is chosen).
        public var lines: [Line] {
            var lines: [Line] = [.category, .priority, .description]
            if grants.takesPhotos { lines += photos.map { .photo($0.id) } + [.addPhoto] }
            if !grants.blockKinds.isEmpty {
                lines.append(.block)
                if block != nil { lines += [.from, .to, .reason] }
            }
            return lines + [.send]
        }

        /// Whether anything was entered (Esc asks before it is lost).
        public var hasContent: Bool {
            category != nil || priority != .normal || !description.trimmed.isEmpty || !photos.isEmpty || block != nil
                || !reason.trimmed.isEmpty
        }
    }

    /// A report made from a room's detail.
    public static func room(_ unit: UnitRef, businessDate: BusinessDate?) -> State {
        State(unit: unit, businessDate: businessDate)
    }

    /// A report made from a task's detail: linked to the task.
    public static func task(_ task: HousekeepingTask, businessDate: BusinessDate?) -> State {
        State(unit: task.unit, taskID: task.id, taskKind: task.kind, businessDate: businessDate)
    }

    public enum Action: Sendable, Equatable {
        /// The form was opened: its grants and the block's default dates.
        case appeared
        case keyPressed(Key)
        case pasted(String)
        case rowClicked(RowID)
        case folderListed(PhotoFolderListing)
        case photoEncoded(Int, Result<FaultPhotoInfo, FaultPhotoProblem>)
        case submitted(FaultSubmitResult)
        case photoDropped(String, Bool)
        case delegate(FaultFormDelegate)
    }

    /// `description` takes 1–2,000 characters, a block's `reason` 1–200 (docs/api.md).
    public static let descriptionLimit = 2_000
    public static let reasonLimit = 200

    static let effectID: EffectID = "fault.form"
    /// Cancelled by the host when its context stops.
    public static let effectIDs: [EffectID] = [effectID]

    let environment: FaultFormEnvironment

    public init(environment: FaultFormEnvironment) {
        self.environment = environment
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appeared:
            state.grants = environment.grants
            if state.businessDate == nil { state.businessDate = environment.propertyDate() }
            if let date = state.businessDate, state.from.isEmpty, state.to.isEmpty {
                state.from.set(date.description)
                state.to.set(date.adding(days: 1).description)
            }
            return .none

        case .keyPressed(let key):
            if state.sending { return .none }
            if state.receipt != nil { return receiptKey(key, &state) }
            switch state.mode {
            case .choosing(let list): return choiceKey(key, list, &state)
            case .photos(let chooser): return chooserKey(key, chooser, &state)
            case .leaving: return leavingKey(key, &state)
            case nil: return formKey(key, &state)
            }

        case .pasted(let text):
            let line = PastedLine(text)
            if case .photos(var chooser) = state.mode, chooser.focus == nil {
                chooser.path.insert(line.text)
                state.mode = .photos(chooser)
                return line.submits ? addTypedPath(&state) : .none
            }
            guard state.mode == nil, state.receipt == nil, !state.sending else { return .none }
            editText(of: state.focus, &state) { $0.insert(line.text) }
            return .none

        case .rowClicked(let id):
            return rowClicked(id, &state)

        case .folderListed(let listing):
            guard case .photos(var chooser) = state.mode else { return .none }
            let newestFirst = listing.files.sorted {
                $0.modifiedAt != $1.modifiedAt ? $0.modifiedAt > $1.modifiedAt : $0.name < $1.name
            }
            chooser.directory = listing.directory
            chooser.isReadable = listing.isReadable
            chooser.files = newestFirst.map { PhotoChooser.Entry(file: $0, time: environment.formatTime($0.modifiedAt)) }
            // A path being typed keeps the focus; otherwise the newest photo has it.
            if chooser.path.isEmpty { chooser.focus = chooser.files.isEmpty ? nil : 0 }
            state.mode = .photos(chooser)
            return .none

        case .photoEncoded(let id, let result):
            guard let index = state.photos.firstIndex(where: { $0.id == id }) else {
                // Taken out while it was prepared: its bytes may go.
                return release(result)
            }
            switch result {
            case .success(let info): state.photos[index].status = .ready(info)
            case .failure(let problem): state.photos[index].status = .failed(problem)
            }
            return .none

        case .submitted(let result):
            state.sending = false
            return submitted(result, &state)

        case .photoDropped(let token, _):
            guard var receipt = state.receipt else { return .none }
            for index in receipt.refused.indices where receipt.refused[index].token == token {
                receipt.refused[index].dropped = true
            }
            receipt.focus = min(receipt.focus, receipt.lines.count - 1)
            state.receipt = receipt
            return .send(.delegate(.work(.outboxChanged)))

        case .delegate:
            return .none
        }
    }

    /// What to do with an answer that came after the form closed: a re-encoded photo's bytes may go.
    public func lateAnswer(_ action: Action) -> Effect<Action> {
        if case .photoEncoded(_, let result) = action { return release(result) }
        return .none
    }

    func release(_ result: Result<FaultPhotoInfo, FaultPhotoProblem>) -> Effect<Action> {
        guard case .success(let info) = result else { return .none }
        return release([info.token])
    }

    func release(_ tokens: [String]) -> Effect<Action> {
        guard !tokens.isEmpty else { return .none }
        let environment = self.environment
        return .run { _ in await environment.releasePhotos(tokens) }
    }

    /// Whether printable keys go to the form: a text line (or the typed path) has the focus.
    public static func isEditingText(_ state: State) -> Bool {
        guard state.receipt == nil, !state.sending else { return false }
        switch state.mode {
        case .photos(let chooser): return chooser.focus == nil
        case .choosing, .leaving: return false
        case nil: return isText(state.focus)
        }
    }

    static func isText(_ line: Line) -> Bool {
        switch line {
        case .description, .from, .to, .reason: true
        default: false
        }
    }
}

/// Presented over a room's or a task's detail (`Presents`): leaving it unsent dismisses it with
/// no sentence, a report sent or saved with its sentence; a photo encoded after it was left is
/// released.
extension FaultForm: PresentedWorkScreen {
    public static var presented: Action { .appeared }

    public static func request(_ action: Action) -> PresentationRequest<Notice?, WorkTabDelegate>? {
        switch action {
        case .delegate(.closed): .dismiss(nil)
        case .delegate(.reported(let notice)): .dismiss(notice)
        case .delegate(.work(let work)): .delegate(work)
        default: nil
        }
    }

    public static func keyPressed(_ key: Key) -> Action { .keyPressed(key) }

    public func afterDismissal(_ action: Action) -> Effect<Action> { lateAnswer(action) }
}
