import Foundation

// `guestcraft-bench`: the measurements behind docs/performance.md that need the app's own
// layers (its outbox engine, client and offline store). Benchmarks/*.sh run it; it prints
// figures and never judges them.

let usage = """
    usage: guestcraft-bench outbox [--home DIR] [--changes 1000] [--send engine|none] [--admin-key-file FILE]
                                  [--window 8] [--round-trip-ms 0] [--handshake-ms 0]
           guestcraft-bench refresh [--home DIR]
           guestcraft-bench save-reservations [--home DIR] --ids FILE
           guestcraft-bench saved-rooms [--home DIR] [--runs 15]
           guestcraft-bench saved-today [--home DIR] [--runs 15]
           guestcraft-bench demo-ready --demo PATH [--rooms 2000] [--runs 5]
           guestcraft-bench forward --upstream PORT   (stdin: count | reset)
    --home is the app's state directory (default $GUESTCRAFT_HOME), signed in with `guestcraft pair … --yes`;
    --property defaults to prp_garden (the demo's generated hotel).
    """

signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments.dropFirst()
do {
    switch arguments.first {
    case "outbox":
        try await OutboxBench.run(BenchArguments(arguments.dropFirst(), known: OutboxBench.options))
    case "refresh":
        try await RefreshBench.run(BenchArguments(arguments.dropFirst(), known: RefreshBench.options))
    case "save-reservations":
        try await SavedReservations.run(BenchArguments(arguments.dropFirst(), known: SavedReservations.options))
    case "saved-rooms":
        try await SavedRoomsBench.run(BenchArguments(arguments.dropFirst(), known: SavedRoomsBench.options))
    case "saved-today":
        try await SavedTodayBench.run(BenchArguments(arguments.dropFirst(), known: SavedTodayBench.options))
    case "demo-ready":
        try DemoReadyBench.run(BenchArguments(arguments.dropFirst(), known: DemoReadyBench.options))
    case "forward":
        try ForwardBench.run(BenchArguments(arguments.dropFirst(), known: ForwardBench.options))
    case "--help", "-h":
        print(usage)
    default:
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("guestcraft-bench: \(error)\n".utf8))
    exit(1)
}
