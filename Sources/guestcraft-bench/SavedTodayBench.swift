import AppCore
import Foundation
import GuestCraftAPI
import HTTPClient
import InstanceClient
import LiveClients
import OfflineStore

/// What showing Today from its saved read costs before any drawing (#12): reading the saved
/// `today.get` row, decoding it as the live layer does (`SavedAnswer.decode`: the byte reader)
/// and with JSONDecoder (its fallback), the property's date
/// in its time zone, the Today screen (`TodayView.view`) and its 80x24 layout. In-process, on the
/// release build.
enum SavedTodayBench {
    static let options: Set<String> = ["home", "property", "runs"]

    static func run(_ arguments: BenchArguments) async throws {
        let property = PropertyID(try arguments.string("property", default: "prp_garden"))
        let runs = try arguments.int("runs", default: 15)
        let account = try await BenchAccount.load(home: try arguments.home(), property: property,
                                                  http: HTTPClient(transport: HTTPTransport()))
        let store = try OfflineStore(directory: account.home)
        let key = "today.get/" + property.rawValue
        let version = SemanticVersion.thisApp.description
        var reads: [Double] = [], decodes: [Double] = [], jsons: [Double] = [], dates: [Double] = [], views: [Double] = []
        var layouts: [Double] = []
        var bytes = 0
        var stays = 0
        var rows = 0
        for _ in 0..<runs {
            var start = ContinuousClock.now
            guard let saved = try store.savedRead(key, partition: account.partition, now: Date(), appVersion: version) else {
                throw BenchFailure("no saved \(key) in \(account.home.path): open Today online once")
            }
            reads.append(Figures.milliseconds(since: start))
            start = ContinuousClock.now
            guard let answer = SavedAnswer<TodayOverview>.decode(saved.body) else {
                throw BenchFailure("the saved \(key) cannot be read")
            }
            decodes.append(Figures.milliseconds(since: start))
            start = ContinuousClock.now
            _ = try JSONDecoder().decode(SavedAnswer<TodayOverview>.self, from: saved.body)
            jsons.append(Figures.milliseconds(since: start))
            start = ContinuousClock.now
            let date = PropertyDate.today(in: answer.value.timeZone)
            dates.append(Figures.milliseconds(since: start))
            let overview = answer.value
            let state = TodayFeature.State(overview: overview, freshness: .current, hasLoaded: true,
                                           focus: TodayFeature.State(overview: overview).rowIDs.first, propertyDate: date)
            start = ContinuousClock.now
            let screen = TodayView.view(state)
            views.append(Figures.milliseconds(since: start))
            start = ContinuousClock.now
            _ = ScreenLayout.layout(screen, width: 80, height: 24)
            layouts.append(Figures.milliseconds(since: start))
            bytes = saved.body.count
            stays = overview.arrivals.count + overview.departures.count + overview.inHouse.count
            rows = screen.rows.count + (screen.lazyRows?.count ?? 0)
        }
        Figures.line("saved Today", "\(stays) stays (\(rows) rows), \(bytes) B of JSON")
        Figures.line("read the saved row (SQLite)", Figures.summary(reads))
        Figures.line("decode it (SavedAnswer.decode: the byte reader, the app's path)", Figures.summary(decodes))
        Figures.line("decode it (JSONDecoder, the fallback and the path before)", Figures.summary(jsons))
        Figures.line("the property's date in its time zone (PropertyDate.today)", Figures.summary(dates))
        Figures.line("the Today screen (TodayView.view, rows made where drawn)", Figures.summary(views))
        Figures.line("its 80x24 layout (ScreenLayout.layout)", Figures.summary(layouts))
    }
}
