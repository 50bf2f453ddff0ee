import Catalog
import DemoInstance
import Foundation

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
guard arguments[0] == "serve" else { fail(L("demo.cli.unknown_command", ["command": arguments[0]])) }

let options: ServeOptions
do {
    options = try ServeOptions(arguments: Array(arguments.dropFirst()))
} catch {
    fail(error.message)
}

// SIGINT and SIGTERM are blocked before any thread starts (every thread inherits the mask) and
// taken by `sigwait` on this thread once the instance listens: a signal sent at any moment,
// even right after "listening on", stays pending until then and is never lost. (A Dispatch
// signal source installs its handler asynchronously; a signal before that was discarded.)
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
sigaddset(&stopSignals, SIGINT)
sigaddset(&stopSignals, SIGTERM)
pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
signal(SIGPIPE, SIG_IGN)

let instance: DemoInstance
do {
    instance = try DemoInstance.start(options.configuration)
} catch {
    fail(error.description, status: 1)
}

// Written unbuffered: the first line tells scripts the instance accepts connections.
let keyFile = instance.dataDirectory.appendingPathComponent(DemoInstance.adminKeyFileName).path
var ready = "listening on \(instance.origin)\nadmin key in \(keyFile)\n"
if instance.publicOrigin != instance.origin { ready += "public address \(instance.publicOrigin)\n" }
FileHandle.standardOutput.write(Data(ready.utf8))

var received: Int32 = 0
while sigwait(&stopSignals, &received) != 0 {}
instance.stop()
exit(0)
