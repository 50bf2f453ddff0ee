import Foundation
import GuestCraftAPI

/// What the Today tab needs from outside, as closures the live layer builds over the instance
/// client and the offline store (and tests build over fakes).
public struct TodayEnvironment: Sendable {
    /// The saved copy of `today.get` for the property in use, if one is kept.
    public var savedToday: @Sendable () async -> SavedCopy<TodayOverview>?
    /// The head of that copy while the start reads it whole (nil when there is none to show
    /// sooner): the first frame is drawn from it (#34).
    public var savedTodayPreview: @Sendable () async -> TodayPreview?
    /// A fresh `today.get` (conditional; saved inside the live generation by the live layer).
    public var fetchToday: @Sendable () async -> ReadResult<TodayOverview>
    /// Writes the downtime report of the saved copies to a file in the state directory.
    public var writeReport: @Sendable () async -> ReportWritten
    /// Sends a written report to the printer (`lp`); answers whether `lp` took it.
    public var printReport: @Sendable (_ path: String) async -> Bool
    /// Today's date in the time zone named (the property's, from its answer; not the terminal's),
    /// nil when the zone is unknown.
    public var propertyDate: @Sendable (_ timeZone: String) -> BusinessDate?
    /// A time as the person reads it ("09:41", in the terminal's locale and time zone).
    public var formatTime: @Sendable (Date) -> String
    /// The reservation and guest screens' clients.
    public var detail: DeskDetailEnvironment

    public init(savedToday: @escaping @Sendable () async -> SavedCopy<TodayOverview>?,
                fetchToday: @escaping @Sendable () async -> ReadResult<TodayOverview>,
                writeReport: @escaping @Sendable () async -> ReportWritten,
                printReport: @escaping @Sendable (String) async -> Bool,
                propertyDate: @escaping @Sendable (String) -> BusinessDate?, formatTime: @escaping @Sendable (Date) -> String,
                detail: DeskDetailEnvironment, savedTodayPreview: @escaping @Sendable () async -> TodayPreview? = { nil }) {
        self.detail = detail
        self.savedTodayPreview = savedTodayPreview
        self.savedToday = savedToday
        self.fetchToday = fetchToday
        self.writeReport = writeReport
        self.printReport = printReport
        self.propertyDate = propertyDate
        self.formatTime = formatTime
    }
}

/// What writing the downtime report came to.
public enum ReportWritten: Sendable, Equatable {
    /// Written to `path`; `canPrint` when `lp` exists on this machine.
    case written(path: String, canPrint: Bool)
    /// Nothing saved to report yet.
    case nothingSaved
    /// The file could not be written (a full disk, a permission; the live layer logs why).
    case failed
}
