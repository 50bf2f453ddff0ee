import DemoInstance
import Dispatch
import Foundation
import Synchronization

// guestcraft-demo serve [options]: runs the demo instance until SIGINT or SIGTERM.

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("guestcraft-demo: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(ServeOptions.usage)
    exit(arguments.isEmpty ? 2 : 0)
}
if arguments == ["--version"] {
    print("guestcraft-demo 0.1.0")
    exit(0)
}
guard arguments[0] == "serve" else { fail("unknown command \(arguments[0]); try guestcraft-demo --help") }

let options: ServeOptions
do {
    options = try ServeOptions(arguments: Array(arguments.dropFirst()))
} catch {
    fail(error.message)
}

// Signals are handled on the main queue, never in a signal handler.
signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
signal(SIGPIPE, SIG_IGN)

// The sources exist before the instance starts, so a signal sent as soon as it listens is never lost.
let running = Mutex<DemoInstance?>(nil)
var sources: [DispatchSourceSignal] = []
for number in [SIGINT, SIGTERM] {
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler {
        running.withLock { $0 }?.stop()
        exit(0)
    }
    source.resume()
    sources.append(source)
}
let instance: DemoInstance
do {
    instance = try DemoInstance.start(options.configuration)
    running.withLock { $0 = instance }
} catch {
    fail(error.description, status: 1)
}

// Written unbuffered: the first line tells scripts the instance accepts connections.
let keyFile = instance.dataDirectory.appendingPathComponent(DemoInstance.adminKeyFileName).path
FileHandle.standardOutput.write(Data("listening on \(instance.origin)\nadmin key in \(keyFile)\n".utf8))

dispatchMain()
