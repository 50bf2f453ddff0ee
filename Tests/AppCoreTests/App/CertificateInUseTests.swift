import Foundation
import GuestCraftAPI
import ClientModel
import Testing
@testable import AppCore

/// Issue #35: the app in use whose check of the instance meets a refused certificate goes offline
/// and says why, naming the host — not silently offline as for a network that is away.
@MainActor
@Suite struct CertificateInUseTests {
    @Test func aRefusedCertificateInUseIsANoticeNamingTheHost() async {
        let world = FakeWorld()
        let state = AppState.working()
        let store = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        let expired = ConnectError.unreachable(.certificate(.expired, host: "hotel.example.com",
                                                            detail: "SSL certificate problem: certificate has expired"))
        await store.send(.instanceChecked(Fixtures.session().sessionID, .failure(.connect(expired)))) {
            $0.current?.connection = .offline
            $0.current?.notices.append(Notice(.error, ErrorText.connect(expired)))
        }
        await store.finish()
        #expect(store.state.current?.notices.last?.text.contains("hotel.example.com has expired") == true)
        #expect(world.logged.all.contains { $0.contains("certificate has expired") })

        // A network that is away stays silent (the header says offline).
        let away = TestStore(initialState: state, reducer: AppReducer(environment: world.environment))
        await away.send(.instanceChecked(Fixtures.session().sessionID, .failure(.connect(.unreachable(.couldNotConnect))))) {
            $0.current?.connection = .offline
        }
        await away.finish()
    }
}
