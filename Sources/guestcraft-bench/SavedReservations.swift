import Foundation
import GuestCraftAPI
import HTTPClient
import InstanceClient
import OfflineStore

/// Fills the app's offline store with reservations read from the instance, each saved as a
/// work screen saves its read (the answer and its ETag, under the app's partition and version):
/// the "5,000 reservations saved" of SPEC §10's memory bar.
enum SavedReservations {
    static let options: Set<String> = ["home", "property", "ids"]

    /// The key a reservation's saved read goes under, like `units.get/<property>/<unit>`.
    static func key(property: PropertyID, id: ReservationID) -> String {
        "reservations.get/" + property.rawValue + "/" + id.rawValue
    }

    /// A saved read's body as the app writes it: the answer and the ETag to send next time.
    struct Body: Encodable {
        let etag: String?
        let value: Reservation
    }

    static func run(_ arguments: BenchArguments) async throws {
        let property = PropertyID(try arguments.string("property", default: "prp_garden"))
        let ids = try String(contentsOfFile: try arguments.string("ids"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).map { ReservationID(String($0)) }
        let http = HTTPClient(transport: HTTPTransport())
        let account = try await BenchAccount.load(home: try arguments.home(), property: property, http: http)
        let client = InstanceClient(session: account.session, http: http)
        let store = try OfflineStore(directory: account.home)
        let generation = try store.beginGeneration(account.partition)
        defer { _ = try? store.endGenerations(.generation(generation)) }
        let version = SemanticVersion.thisApp.description
        let start = ContinuousClock.now
        var saved = 0
        var bytes = 0
        for id in ids {
            guard case .fresh(let fresh) = try await client.reservation(property: property, id: id) else { continue }
            let body = try JSONEncoder().encode(Body(etag: fresh.etag?.value, value: fresh.value))
            if try store.saveRead(key(property: property, id: id), body: body, partition: account.partition,
                                  generation: generation, now: Date(), appVersion: version) {
                saved += 1
                bytes += body.count
            }
        }
        Figures.line("reservations saved", String(format: "%d (%.1f MiB of JSON) in %.1f s", saved,
                                                  Double(bytes) / 1_048_576, Figures.milliseconds(since: start) / 1000))
    }
}
