import Foundation
import FuzzChecks

// The fuzz targets' one executable (`make fuzz`, docs/fuzzing.md).
//
// Built with `-sanitize=fuzzer,address -DGUESTCRAFT_FUZZ` (`make fuzz-build`) it is a libFuzzer
// binary: `main` hands libFuzzer's arguments to `LLVMFuzzerRunDriver`, which calls
// `LLVMFuzzerTestOneInput` with each input. SwiftPM links an executable's `main` to this module's
// `@main` (`--defsym main=…`), so libFuzzer's own `main` never runs and its driver is reached by
// name: the link exports it (`--export-dynamic-symbol=LLVMFuzzerRunDriver`) and `dlsym` finds it.
// Built plainly (`swift build`), the same file replays files: `guestcraft-fuzz <target> FILE…`.
// The target is `GUESTCRAFT_FUZZ_TARGET` (json, rooms, problem, …: `FuzzTarget`).

/// The target this process checks.
let selectedTarget: FuzzTarget? = ProcessInfo.processInfo.environment["GUESTCRAFT_FUZZ_TARGET"].flatMap(FuzzTarget.init)

/// Checks one input; a broken promise stops the process, which libFuzzer records as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let target = selectedTarget else { return 0 }
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let problems = target.check(data)
    if !problems.isEmpty {
        FileHandle.standardError.write(Data(("guestcraft-fuzz \(target.rawValue): " + problems.joined(separator: "\n") + "\n").utf8))
        abort()
    }
    return 0
}

@main
struct GuestcraftFuzz {
    static func main() {
        #if GUESTCRAFT_FUZZ
        guard selectedTarget != nil else {
            usage("set GUESTCRAFT_FUZZ_TARGET to one of: " + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))
        }
        typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
        typealias RunDriver = @convention(c) (UnsafeMutablePointer<Int32>,
                                              UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                                              TestOneInput) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
            usage("libFuzzer's driver is not in this binary: build it with `make fuzz-build`")
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(unsafeBitCast(symbol, to: RunDriver.self)(&argc, &argv, fuzzTestOneInput))
        #else
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
            usage("usage: guestcraft-fuzz TARGET FILE… (TARGET: " + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        var failed = false
        for path in arguments.dropFirst(2) {
            guard let data = FileManager.default.contents(atPath: path) else { usage("cannot read \(path)") }
            for problem in target.check(data) {
                print("\(path): \(problem)")
                failed = true
            }
        }
        exit(failed ? 1 : 0)
        #endif
    }

    static func usage(_ line: String) -> Never {
        FileHandle.standardError.write(Data((line + "\n").utf8))
        exit(2)
    }
}
