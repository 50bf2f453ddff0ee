import AppCore
import DeviceServices
import Foundation
import GuestCraftAPI
import InstanceClient

extension LiveWork {
    /// Today's clients: `today.get` saved and read conditionally like the lists; the downtime
    /// report from the saved copies (`ReportLive.swift`).
    var today: TodayEnvironment {
        let work = self
        return TodayEnvironment(
            savedToday: { await work.savedOpening(work.todayKey, as: TodayOverview.self)?.copy },
            fetchToday: { await work.fetchToday() },
            writeReport: { work.writeDowntimeReport() },
            printReport: { path in work.printReport(path) },
            propertyDate: { zone in PropertyDate.today(in: zone) },
            formatTime: LiveWork.formatTime,
            detail: deskDetail,
            savedTodayPreview: {
                await work.services.start.prefetch.takePreview(work.todayKey, partition: work.context.partition,
                                                               as: TodayPreview.self)
            })
    }

    /// A conditional `today.get`, saved with its head (#34) wherever it is read (Today, Search,
    /// the reservation screens), so the next start draws its first frame from that head.
    func fetchToday() async -> ReadResult<TodayOverview> {
        await fetch(todayKey, as: TodayOverview.self, head: LiveWork.todayHead) { etag in
            try await client.today(property: property, ifNoneMatch: etag)
        }
    }

    /// How many stay lines a saved Today's head keeps: a screen of rows on the tallest terminals
    /// (as a room list's, `previewRooms`).
    static let previewStays = 100

    /// The head saved before Today (#34): each list's count and the first stays a frame shows.
    @Sendable static func todayHead(_ overview: TodayOverview) -> Data? {
        let first = TodayFeature.head(of: overview, lines: previewStays)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let value = try? encoder.encode(first) else { return nil }
        return TodayOverview.savedHeadJSON(counts: TodayCounts(overview), firstJSON: value)
    }
}

extension LiveWork {
    /// Search's client: `search` over the instance, never saved (it needs the instance); for a
    /// room number, the saved room list and Today's list (read again conditionally and saved,
    /// as Today reads it; the saved copy when the instance does not answer).
    var search: SearchEnvironment {
        let work = self
        return SearchEnvironment(
            search: { text in await work.search(text) },
            savedUnits: { work.saved(work.unitsKey, as: UnitList.self)?.copy.value },
            today: {
                let read = await work.fetchToday()
                if case .fresh(let overview, _) = read { return overview }
                return work.saved(work.todayKey, as: TodayOverview.self)?.copy.value
            },
            detail: deskDetail)
    }
}

/// Today's date at a property: in its time zone (from its answer), not the terminal's.
public enum PropertyDate {
    public static func today(in timeZone: String, now: Date = Date()) -> BusinessDate? {
        LocalTime.day(at: now, timeZone: timeZone).flatMap { BusinessDate(year: $0.year, month: $0.month, day: $0.day) }
    }
}
