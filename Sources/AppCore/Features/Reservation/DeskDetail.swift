import Catalog
import Foundation
import GuestCraftAPI

/// What a desk detail tells the tab that embeds it.
public enum DeskDetailDelegate: Equatable, Sendable {
    /// Esc on the bottom screen: the host shows its list again (and sets its detail to nil).
    case closed
    /// What a work screen tells the app: `.sessionEnded` (a 401), `.connection(…)`, `.sendNow`, `.openReview`.
    case work(WorkTabDelegate)
}

/// The reservation and guest screens a desk tab opens (Today, Search): a stack, Esc goes back.
///
/// The reservation screen shows the guest, the stay, each room and the folio balance, and takes
/// the desk's actions on the focused room (`a` assign, `u` unassign, `c` check in, `o` check
/// out, `z` undo, `g` the guest). The actions are sent online only, never through the outbox,
/// each with the reservation's version as `If-Match`; after each the reservation is read again.
/// The host sends `.appeared` right after setting the state and forwards every key, paste and
/// click while a detail is open; on `.delegate(.closed)` it sets its detail to nil. The outbox's
/// keys (`n`, `v`) are left to the host.
public struct DeskDetail: Reducer {
    public struct State: Equatable, Sendable {
        /// The screens, the top one last (never empty).
        public var stack: [Page]
        /// The last sentence for the person (an action's outcome, a refusal, a failed read).
        public var notice: Notice?
        /// "No answer yet: the instance may still do it": kept while the outcome of an attempt
        /// (the page's `retry`) is not known — until a read shows it done or an answer comes.
        public var unknownOutcome: Notice?
        /// The attempt `notice` says was done, and the reservation's version then: a later
        /// version that shows otherwise takes the sentence down.
        public var said: SaidDone?
        /// The property's business date as last read (for the check-in checks), nil when unknown.
        public var businessDate: BusinessDate?
        /// What the role and the instance allow (set from the environment on `.appeared`).
        public var grants: DeskGrants

        public init(stack: [Page], notice: Notice? = nil, unknownOutcome: Notice? = nil,
                    said: SaidDone? = nil, businessDate: BusinessDate? = nil, grants: DeskGrants = DeskGrants()) {
            self.stack = stack
            self.grants = grants
            self.notice = notice
            self.unknownOutcome = unknownOutcome
            self.said = said
            self.businessDate = businessDate
        }

        /// The screen on top.
        public var top: Page { stack[stack.count - 1] }

        /// The reservation screen on top, if that is what is on top.
        public var reservationPage: ReservationPage? {
            get { if case .reservation(let page) = stack.last { page } else { nil } }
            set { if let newValue, case .reservation = stack.last { stack[stack.count - 1] = .reservation(newValue) } }
        }

        /// The guest screen on top, if that is what is on top.
        public var guestPage: GuestPage? {
            get { if case .guest(let page) = stack.last { page } else { nil } }
            set { if let newValue, case .guest = stack.last { stack[stack.count - 1] = .guest(newValue) } }
        }
    }

    /// One screen of the stack.
    public enum Page: Equatable, Sendable {
        /// A reservation looked for by its code (`guestcraft open reservation/HV-1001`).
        case finding(code: String)
        case reservation(ReservationPage)
        case guest(GuestPage)
    }

    /// The reservation screen.
    public struct ReservationPage: Equatable, Sendable {
        public var id: ReservationID
        public var code: String
        public var reservation: Reservation?
        public var freshness: Freshness
        public var lastUpdated: String?
        public var balance: FolioBalance?
        public var balanceFreshness: Freshness
        public var balanceUpdated: String?
        /// The focused room (index into `reservation.rooms`).
        public var focus: Int
        /// A step of an action over the screen (the free rooms, the check-in checks, the
        /// check-out quote, a reason to type).
        public var mode: Mode?
        /// The action on its way to the instance.
        public var sending: DeskAttempt?
        /// The attempt whose answer was lost and that the reservation did not show done: trying
        /// the same action again reuses its idempotency key.
        public var retry: DeskAttempt?
        /// The reservation as shown when the instance answered 412: the read after it says which
        /// room changed meanwhile.
        public var conflictSince: Reservation?

        public init(id: ReservationID, code: String, reservation: Reservation? = nil, freshness: Freshness = .loading,
                    lastUpdated: String? = nil, balance: FolioBalance? = nil, balanceFreshness: Freshness = .loading,
                    balanceUpdated: String? = nil, focus: Int = 0, mode: Mode? = nil, sending: DeskAttempt? = nil,
                    retry: DeskAttempt? = nil, conflictSince: Reservation? = nil) {
            self.conflictSince = conflictSince
            self.id = id
            self.code = code
            self.reservation = reservation
            self.freshness = freshness
            self.lastUpdated = lastUpdated
            self.balance = balance
            self.balanceFreshness = balanceFreshness
            self.balanceUpdated = balanceUpdated
            self.focus = focus
            self.mode = mode
            self.sending = sending
            self.retry = retry
        }

        /// The focused room.
        public var focusedStay: Stay? {
            guard let rooms = reservation?.rooms, !rooms.isEmpty else { return nil }
            return rooms[min(max(0, focus), rooms.count - 1)]
        }

        func stay(_ id: StayID) -> Stay? { reservation?.rooms.first { $0.id == id } }
    }

    /// A step of an action on the reservation screen.
    public enum Mode: Equatable, Sendable {
        case assign(AssignChoice)
        case checkIn(CheckInChecks)
        case checkOut(CheckOutQuote)
        case reason(ReasonPrompt)
        /// Unassign or undo, asked before it is sent (one key would otherwise take a room off a
        /// stay or a guest out of it).
        case confirm(Confirmation)
    }

    /// An action that goes once the person says yes (Enter), on one room.
    public struct Confirmation: Equatable, Sendable {
        public var stay: StayID
        public var request: DeskRequest

        public init(stay: StayID, request: DeskRequest) {
            self.stay = stay
            self.request = request
        }
    }

    /// The free rooms of the booked type for the whole stay (`units.available`, never saved).
    public struct AssignChoice: Equatable, Sendable {
        public var stay: StayID
        /// nil while the list is read.
        public var units: [AvailableUnit]?
        public var focus: Int
        /// Why the list could not be read.
        public var failure: String?

        public init(stay: StayID, units: [AvailableUnit]? = nil, focus: Int = 0, failure: String? = nil) {
            self.stay = stay
            self.units = units
            self.focus = focus
            self.failure = failure
        }
    }

    /// The check-in confirmation: the checks the instance makes, as far as this device knows them.
    public struct CheckInChecks: Equatable, Sendable {
        public var stay: StayID
        /// The room's housekeeping status (nil while read, or unknown).
        public var unitStatus: HousekeepingStatus?
        public var statusRead: Bool
        /// The room's occupancy says a guest is still in it.
        public var occupied: Bool
        /// Whose stay (Today's lists): no check-in, no override; `s` opens it.
        public var occupant: UnitOccupant?

        public init(stay: StayID, unitStatus: HousekeepingStatus? = nil, statusRead: Bool = false, occupied: Bool = false,
                    occupant: UnitOccupant? = nil) {
            self.stay = stay
            self.unitStatus = unitStatus
            self.statusRead = statusRead
            self.occupied = occupied || occupant != nil
            self.occupant = occupant
        }
    }

    /// The check-out confirmation: what would remain owed.
    public struct CheckOutQuote: Equatable, Sendable {
        public var stay: StayID
        public var quote: CheckoutQuote?
        public var freshness: Freshness
        public var updated: String?
        /// Why the quote is not shown (the role or the instance does not offer it, or it failed).
        public var unavailable: String?

        public init(stay: StayID, quote: CheckoutQuote? = nil, freshness: Freshness = .loading, updated: String? = nil,
                    unavailable: String? = nil) {
            self.stay = stay
            self.quote = quote
            self.freshness = freshness
            self.updated = updated
            self.unavailable = unavailable
        }
    }

    /// A reason to type before sending again: an override of readiness, an approval of money owed.
    public struct ReasonPrompt: Equatable, Sendable {
        public enum Purpose: Equatable, Sendable {
            /// Check in a room that is not ready (`stays.override_readiness`).
            case overrideReadiness
            /// Check out the last room with money owed (`folios.approve_open_balance`).
            case approveOpenBalance
        }

        public var stay: StayID
        public var purpose: Purpose
        public var text: TextInput

        public init(stay: StayID, purpose: Purpose, text: TextInput = TextInput(limit: 500)) {
            self.stay = stay
            self.purpose = purpose
            self.text = text
        }
    }

    /// One attempt of a front-desk action: its stay, request and idempotency key.
    public struct DeskAttempt: Equatable, Sendable {
        public var stay: StayID
        /// The room's number, for the sentences (nil when it has none).
        public var number: String?
        public var request: DeskRequest
        /// Empty until the effect made it (one per attempt).
        public var idempotencyKey: String

        public init(stay: StayID, number: String?, request: DeskRequest, idempotencyKey: String = "") {
            self.stay = stay
            self.number = number
            self.request = request
            self.idempotencyKey = idempotencyKey
        }
    }

    /// An attempt a sentence on screen says was done, at a version of the reservation.
    public struct SaidDone: Equatable, Sendable {
        public var attempt: DeskAttempt
        public var version: Int

        public init(attempt: DeskAttempt, version: Int) {
            self.attempt = attempt
            self.version = version
        }
    }

    /// The guest screen.
    public struct GuestPage: Equatable, Sendable {
        public var id: GuestID
        public var name: String
        public var detail: GuestDetail?
        public var freshness: Freshness
        public var lastUpdated: String?
        /// The focused stay (index into `detail.stays`).
        public var focus: Int
        /// The role cannot read guests: the screen says why instead of reading.
        public var forbidden: Bool

        public init(id: GuestID, name: String, detail: GuestDetail? = nil, freshness: Freshness = .loading,
                    lastUpdated: String? = nil, focus: Int = 0, forbidden: Bool = false) {
            self.id = id
            self.name = name
            self.detail = detail
            self.freshness = freshness
            self.lastUpdated = lastUpdated
            self.focus = focus
            self.forbidden = forbidden
        }
    }

    /// Opens a reservation.
    public static func reservation(_ id: ReservationID, code: String) -> State {
        State(stack: [.reservation(ReservationPage(id: id, code: code))])
    }

    /// Opens a guest.
    public static func guest(_ id: GuestID, name: String) -> State {
        State(stack: [.guest(GuestPage(id: id, name: name))])
    }

    /// `guestcraft open reservation/HV-1001`: finds the reservation by its exact code, or says
    /// there is none.
    public static func reservationCode(_ code: String) -> State {
        State(stack: [.finding(code: code)])
    }

    public enum Action: Equatable, Sendable {
        /// Read what the top screen shows: the saved copy at once, then a fresh read.
        case appeared
        /// `r`, or the connection is back: read the top screen again.
        case refresh
        /// The instance answered: the top screen reads again if it says Offline.
        case readOffline
        case keyPressed(Key)
        case pasted(String)
        case rowClicked(RowID)
        case delegate(DeskDetailDelegate)

        case found(String, ReadResult<ReservationRef?>)
        case reservationSavedLoaded(ReservationID, SavedCopy<Reservation>?)
        case reservationRead(ReservationID, ReadResult<Reservation>)
        case businessDateLoaded(BusinessDate?)
        case balanceRead(ReservationID, ReadResult<FolioBalance>)
        case guestSavedLoaded(GuestID, SavedCopy<GuestDetail>?)
        case guestRead(GuestID, ReadResult<GuestDetail>)
        case availableRead(StayID, ReadResult<AvailableUnits>)
        case unitChecked(StayID, UnitCheck)
        case quoteRead(StayID, ReadResult<CheckoutQuote>)
        case actionFinished(ReservationID, DeskAttempt, DeskActionResult)
        /// The reservation read again after an action's answer was lost.
        case lostAnswerRead(ReservationID, DeskAttempt, ReadResult<Reservation>)
    }

    static let readID: EffectID = "desk.detail.read"
    static let sideReadID: EffectID = "desk.detail.side"
    static let actionID: EffectID = "desk.detail.action"
    static let lostReadID: EffectID = "desk.detail.lost"

    /// Cancelled by the host when the context stops.
    public static let effectIDs: [EffectID] = [readID, sideReadID, actionID, lostReadID]

    /// After a lost answer the reservation is read at once, then after each of these: the
    /// instance may still be doing it (a slow answer outlived the client's timeout).
    public static let lostAnswerRereads: [Duration] = [.seconds(3), .seconds(10), .seconds(30), .seconds(60)]

    let environment: DeskDetailEnvironment

    public init(environment: DeskDetailEnvironment) {
        self.environment = environment
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appeared:
            state.grants = environment.grants
            return readTop(&state, loadSaved: true)

        case .refresh:
            return readTop(&state, loadSaved: false)

        case .readOffline:
            switch state.top {
            case .reservation(let page) where page.freshness.isOffline: return readTop(&state, loadSaved: false)
            case .guest(let page) where page.freshness.isOffline: return readTop(&state, loadSaved: false)
            case .finding, .reservation, .guest: return .none
            }

        case .keyPressed(let key):
            switch state.top {
            case .finding: return findingKey(key, &state)
            case .reservation: return reservationKey(key, &state)
            case .guest: return guestKey(key, &state)
            }

        case .pasted(let text):
            guard case .reason(var prompt) = state.reservationPage?.mode else { return .none }
            let line = PastedLine(text)
            prompt.text.insert(line.text)
            state.reservationPage?.mode = .reason(prompt)
            return line.submits ? submitReason(&state) : .none

        case .rowClicked(let id):
            return rowClicked(id, &state)

        case .delegate:
            return .none

        case .found(let code, let result):
            guard case .finding(let shown) = state.top, shown == code else { return .none }
            switch result {
            case .fresh(let ref?, _):
                state.stack[state.stack.count - 1] = .reservation(ReservationPage(id: ref.id, code: ref.code))
                state.notice = nil
                return .merge(.send(.delegate(.work(.connection(.online)))), readTop(&state, loadSaved: true))
            case .fresh(nil, _):
                state.notice = Notice(.warning, L("reservation.not_found", ["code": InertText.sanitize(code)]))
                return .send(.delegate(.work(.connection(.online))))
            case .offline:
                state.notice = Notice(.warning, L("reservation.find_offline", ["code": InertText.sanitize(code)]))
                return .send(.delegate(.work(.connection(.offline))))
            case .forbidden:
                state.notice = Notice(.warning, L("reservation.forbidden"))
            case .sessionEnded:
                return .send(.delegate(.work(.sessionEnded)))
            case .failed(let code):
                state.notice = Notice(.error, ErrorText.readFailure(problemCode: code))
            }
            return .none

        case .reservationSavedLoaded(let id, let copy):
            guard var page = state.reservationPage, page.id == id, let copy else { return .none }
            if page.reservation == nil { show(copy.value, on: &page) }
            page.lastUpdated = environment.formatTime(copy.savedAt)
            if page.freshness == .loading { page.freshness = .updating(lastUpdated: page.lastUpdated) }
            state.reservationPage = page
            return .none

        case .reservationRead(let id, let result):
            guard var page = state.reservationPage, page.id == id else { return .none }
            let effect = land(result, on: &page, &state)
            state.reservationPage = page
            return effect

        case .businessDateLoaded(let date):
            if let date { state.businessDate = date }
            return .none

        case .balanceRead(let id, let result):
            guard var page = state.reservationPage, page.id == id else { return .none }
            switch result {
            case .fresh(let balance, let at):
                page.balance = balance
                page.balanceUpdated = environment.formatTime(at)
                page.balanceFreshness = .current
            case .offline, .failed:
                page.balanceFreshness = .offline(lastUpdated: page.balanceUpdated)
            case .forbidden:
                page.balance = nil
                page.balanceFreshness = .current
            case .sessionEnded:
                return .send(.delegate(.work(.sessionEnded)))
            }
            state.reservationPage = page
            return .none

        case .guestSavedLoaded(let id, let copy):
            guard var page = state.guestPage, page.id == id, let copy else { return .none }
            if page.detail == nil { page.detail = copy.value }
            page.lastUpdated = environment.formatTime(copy.savedAt)
            if page.freshness == .loading { page.freshness = .updating(lastUpdated: page.lastUpdated) }
            state.guestPage = page
            return .none

        case .guestRead(let id, let result):
            guard var page = state.guestPage, page.id == id else { return .none }
            let ended = result.land(freshness: &page.freshness, lastUpdated: &page.lastUpdated, notice: &state.notice,
                                    hasContent: page.detail != nil, forbidden: L("guest.forbidden"),
                                    formatTime: environment.formatTime)
            var effects: [Effect<Action>] = result.connection.map { [.send(.delegate(.work(.connection($0))))] } ?? []
            switch ended {
            case .show(let detail):
                page.detail = detail
                page.name = detail.guest.name
                page.focus = min(page.focus, max(0, detail.stays.count - 1))
            case .empty:
                page.detail = nil
                page.forbidden = true
            case .sessionEnded:
                effects = [.send(.delegate(.work(.sessionEnded)))]
            case .keep:
                break
            }
            state.guestPage = page
            return .merge(effects)

        default:
            return reduceActions(into: &state, action: action)
        }
    }
}
