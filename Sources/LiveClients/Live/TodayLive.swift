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
            fetchToday: {
                await work.fetch(work.todayKey, as: TodayOverview.self) { etag in
                    try await work.client.today(property: work.property, ifNoneMatch: etag)
                }
            },
            writeReport: { work.writeDowntimeReport() },
            printReport: { path in work.printReport(path) },
            propertyDate: { zone in PropertyDate.today(in: zone) },
            formatTime: LiveWork.formatTime,
            detail: deskDetail)
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
                let read = await work.fetch(work.todayKey, as: TodayOverview.self) { etag in
                    try await work.client.today(property: work.property, ifNoneMatch: etag)
                }
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
