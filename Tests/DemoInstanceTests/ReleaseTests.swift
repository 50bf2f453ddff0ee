@testable import DemoInstance
import Foundation
import Testing

/// A demo instance that is stopped and let go frees what it made: its service and its server do not
/// keep each other alive (LeakSanitizer found every instance's service and server holding each other
/// through the handler and the connection count: 138 instances, 7.7 MB, in one run of the suite).
struct ReleaseTests {
    @Test func aStoppedInstanceLetGoFreesItsService() throws {
        weak var service: DemoService?
        do {
            let instance = try DemoInstance.start(DemoConfiguration(rooms: 4))
            service = instance.service
            #expect(service != nil)
            instance.stop()
        }
        #expect(service == nil, "the service outlives its instance")
    }
}
