import Foundation
import GuestCraftAPI
import Locking

/// Faults armed through `/demo/faults`, used by the next matching requests in the order armed.
final class FaultBoard: Sendable {
    private struct Armed {
        var fault: DemoFault
        var remaining: Int
    }

    private let state = Locked<(issued: Int, armed: [Armed])>((0, []))

    /// Arms a fault and answers it with its new `flt_` id.
    func arm(_ request: DemoFaultRequest) -> DemoFault {
        state.withLock { state in
            state.issued += 1
            let fault = DemoFault(id: FaultID(Ids.make("flt_", state.issued)), request: request)
            state.armed.append(Armed(fault: fault, remaining: request.count))
            return fault
        }
    }

    /// The first armed fault that catches this request, used once; nil when none does.
    /// A fault without an operation catches any `/api/v1` operation.
    func take(operation: OperationID, path: String) -> DemoFault? {
        state.withLock { state in
            guard let index = state.armed.firstIndex(where: { armed in
                armed.fault.operation.map { $0 == operation } ?? path.hasPrefix("/api/v1/")
            }) else { return nil }
            let fault = state.armed[index].fault
            state.armed[index].remaining -= 1
            if state.armed[index].remaining <= 0 { state.armed.remove(at: index) }
            return fault
        }
    }
}
