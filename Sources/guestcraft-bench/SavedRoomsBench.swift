import AppCore
import Foundation
import GuestCraftAPI
import HTTPClient
import InstanceClient
import OfflineStore

/// What showing the saved rooms costs before any drawing: reading the saved `units.list` row,
/// decoding it as the app's live layer does (`SavedAnswer.decode`: `PlainJSON`) and with
/// `JSONDecoder` (its fallback), and taking only the ETag (all a conditional refresh needs of
/// it) from the head of the body as the app does, and with JSONDecoder as it did before.
/// In-process, on the release build.
enum SavedRoomsBench {
    static let options: Set<String> = ["home", "property", "runs"]

    /// The same body with only its ETag decoded.
    struct SavedETag: Decodable {
        let etag: String?
    }

    static func run(_ arguments: BenchArguments) async throws {
        let property = PropertyID(try arguments.string("property", default: "prp_garden"))
        let runs = try arguments.int("runs", default: 15)
        let account = try await BenchAccount.load(home: try arguments.home(), property: property,
                                                  http: HTTPClient(transport: HTTPTransport()))
        let store = try OfflineStore(directory: account.home)
        let key = "units.list/" + property.rawValue
        let version = SemanticVersion.thisApp.description
        var reads: [Double] = []
        var plains: [Double] = []
        var decodes: [Double] = []
        var etags: [Double] = []
        var heads: [Double] = []
        var lists: [Double] = []
        var views: [Double] = []
        var layouts: [Double] = []
        var bytes = 0
        var rooms = 0
        for _ in 0..<runs {
            var start = ContinuousClock.now
            guard let saved = try store.savedRead(key, partition: account.partition, now: Date(), appVersion: version) else {
                throw BenchFailure("no saved \(key) in \(account.home.path): open Housekeeping online once")
            }
            reads.append(Figures.milliseconds(since: start))
            start = ContinuousClock.now
            guard SavedAnswer<UnitList>.decode(saved.body) != nil else {
                throw BenchFailure("the saved \(key) cannot be read")
            }
            plains.append(Figures.milliseconds(since: start))
            start = ContinuousClock.now
            let decoded = try JSONDecoder().decode(SavedAnswer<UnitList>.self, from: saved.body)
            decodes.append(Figures.milliseconds(since: start))
            start = ContinuousClock.now
            _ = try JSONDecoder().decode(SavedETag.self, from: saved.body)
            etags.append(Figures.milliseconds(since: start))
            start = ContinuousClock.now
            guard case .etag = SavedAnswerETag.head(of: saved.body) else {
                throw BenchFailure("the saved \(key) has no ETag at its head (saved by an older build?)")
            }
            heads.append(Figures.milliseconds(since: start))
            // What the Housekeeping tab does with them before the first frame: the sorted list
            // with its rows, the tab's screen, and the layout of an 80x24 frame.
            start = ContinuousClock.now
            let list = RoomList(units: decoded.value.units)
            lists.append(Figures.milliseconds(since: start))
            let state = HousekeepingFeature.State(list: list, businessDate: decoded.value.businessDate,
                                                  focus: list.visibleID(at: 0), freshness: .current, hasLoaded: true)
            start = ContinuousClock.now
            let screen = HousekeepingView.view(state)
            views.append(Figures.milliseconds(since: start))
            start = ContinuousClock.now
            _ = ScreenLayout.layout(screen, width: 80, height: 24)
            layouts.append(Figures.milliseconds(since: start))
            bytes = saved.body.count
            rooms = decoded.value.units.count
        }
        Figures.line("saved rooms", "\(rooms) rooms, \(bytes) B of JSON")
        Figures.line("read the saved row (SQLite)", Figures.summary(reads))
        Figures.line("decode the rooms and ETag (the byte reader, the app's path)", Figures.summary(plains))
        Figures.line("decode the rooms and ETag (JSONDecoder, the fallback)", Figures.summary(decodes))
        Figures.line("the ETag only, JSONDecoder (before)", Figures.summary(etags))
        Figures.line("the ETag only, from the head of the body (the app's path)", Figures.summary(heads))
        Figures.line("the room list with its rows (RoomList)", Figures.summary(lists))
        Figures.line("the Housekeeping screen (HousekeepingView.view)", Figures.summary(views))
        Figures.line("its 80x24 layout (ScreenLayout.layout)", Figures.summary(layouts))
    }
}
