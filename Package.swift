// swift-tools-version:6.0
// GuestCraft Terminal: targets by layer, dependencies pointing one way (docs/architecture.md).
import PackageDescription

/// A system-library target: the only places a C header is included.
func cLibrary(_ name: String, pkgConfig: String?, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt)])
}

/// A C library opened with dlopen the first time it is needed (#18): a C target of a small loader
/// and its shim header. Nothing is linked, so the library and its dependencies cost nothing
/// before the first frame; its headers come from the Debian -dev package the Makefile installs.
func cLibraryLoadedLater(_ name: String) -> Target {
    .target(name: name, path: "Sources/\(name)", linkerSettings: [.linkedLibrary("dl")])
}

let package = Package(
    name: "GuestCraftTerminal",
    products: [
        .executable(name: "guestcraft", targets: ["guestcraft"]),
        .executable(name: "guestcraft-demo", targets: ["guestcraft-demo"]),
        .executable(name: "guestcraft-photo", targets: ["guestcraft-photo"]),
    ],
    targets: [
        // C libraries, each behind a shim header.
        // ncursesw's pkg-config gives -D flags SwiftPM prohibits (a warning on every build);
        // the shim defines what they would and the module map links ncursesw and tinfo.
        cLibrary("CNCurses", pkgConfig: nil, apt: ["libncurses-dev"]),
        cLibrary("CSQLite", pkgConfig: "sqlite3", apt: ["libsqlite3-dev"]),
        cLibraryLoadedLater("CCurl"),   // libcurl4-openssl-dev
        cLibraryLoadedLater("CMicroHTTPD"),   // libmicrohttpd-dev
        cLibrary("CSodium", pkgConfig: "libsodium", apt: ["libsodium-dev"]),
        // Linux's routing netlink (kernel headers only): network changes the system reports.
        .systemLibrary(name: "CNetlink", path: "Sources/CNetlink"),
        // The executable's own data pages (#18): where the linker put .data and .bss, faulted in
        // for writing in one call before the full screen starts its threads.
        .target(name: "CProgramImage", path: "Sources/CProgramImage"),

        // Swift wrappers of the C libraries.
        .target(name: "SodiumCrypto", dependencies: ["CSodium"]),
        .target(name: "SQLiteDB", dependencies: ["CSQLite"]),
        .target(name: "HTTPClient", dependencies: ["Locking", "GuestCraftAPI", "CCurl", "CNetlink"]),
        .target(name: "HTTPServer", dependencies: ["Locking", "CMicroHTTPD"]),
        // Child processes (a browser for sign-in; the tests' demo instances and killed children).
        .target(name: "ProcessSpawn", dependencies: ["Locking"]),

        // The wire contract, shared by the app and the demo instance (docs/api.md).
        // A value under a lock ThreadSanitizer can see: no dependency, no C
        // (docs/decisions/0059-sanitizers-over-the-suite-what-they-found.md).
        .target(name: "Locking"),
        // The app's one JSON reader (#32): RFC 8259 or the plain subset, for the start's reads (#18).
        .target(name: "JSONBytes"),
        .target(name: "GuestCraftAPI", dependencies: ["JSONBytes"]),

        // Strings people read and theme tokens, from Resources/.
        .target(name: "GuestCraftResources", path: "Resources",
                exclude: ["README.md"],
                sources: ["ResourceBundle.swift"],
                resources: [.copy("en.json"), .copy("themes.json")]),
        .target(name: "Catalog", dependencies: ["GuestCraftResources", "JSONBytes"]),

        // The value types the client and offline layers share with the app core (origins,
        // sessions, errors, partitions, outbox records): no I/O, no C library.
        .target(name: "ClientModel", dependencies: ["GuestCraftAPI"]),

        // Client and offline layers.
        .target(name: "InstanceClient",
                dependencies: ["Locking", "GuestCraftAPI", "ClientModel", "Catalog", "HTTPClient", "HTTPServer", "SodiumCrypto",
                               "ProcessSpawn"]),
        .target(name: "OfflineStore", dependencies: ["GuestCraftAPI", "ClientModel", "SQLiteDB", "SodiumCrypto"]),
        .target(name: "Outbox", dependencies: ["ClientModel", "OfflineStore"]),

        // State, actions, reducers, view models: no I/O, and no target that links a C library.
        .target(name: "AppCore", dependencies: ["Locking", "GuestCraftAPI", "ClientModel", "Catalog"]),

        // This device's log file and local times: used by the live layer and the terminal.
        .target(name: "DeviceServices", dependencies: ["Locking", "AppCore", "CProgramImage"]),

        // ncurses front end: the only user of CNCurses.
        .target(name: "TerminalUI", dependencies: ["AppCore", "DeviceServices", "Catalog", "CNCurses"]),

        // The demo GuestCraft instance.
        .target(name: "DemoInstance",
                dependencies: ["Locking", "GuestCraftAPI", "HTTPServer", "SQLiteDB", "SodiumCrypto"]),

        // The live layer: AppCore's clients over the instance client, the offline store and the
        // outbox (saved-then-fresh reads, outbox marks, reachability), and the command line's commands.
        .target(name: "LiveClients",
                dependencies: ["Locking", "AppCore", "ClientModel", "DeviceServices", "TerminalUI", "Catalog", "GuestCraftAPI", "HTTPClient",
                               "InstanceClient", "OfflineStore", "Outbox", "DemoInstance", "ProcessSpawn", "PhotoEncoding",
                               // `--version`: the C libraries' own versions.
                               "SQLiteDB", "HTTPServer", "SodiumCrypto"]),

        // Wiring only: parses the command line and runs the live layer's command.
        .executableTarget(name: "guestcraft", dependencies: ["LiveClients", "AppCore", "Catalog"]),
        .executableTarget(name: "guestcraft-demo", dependencies: ["DemoInstance", "GuestCraftAPI", "Catalog"]),
        .executableTarget(name: "guestcraft-bench", dependencies: ["GuestCraftAPI", "HTTPClient", "InstanceClient", "OfflineStore",
                                                                   "Outbox", "ProcessSpawn", "AppCore", "LiveClients"]),

        // Photos for fault reports (#14): libvips only in the helper process `guestcraft-photo`;
        // `PhotoEncoding` runs it under limits and lists the photo folder (no C).
        // vips.pc brings gio's -pthread, a flag SwiftPM prohibits (a warning on every build): glib's include
        // paths come from glib-2.0.pc and the module map links libvips.
        cLibrary("CVips", pkgConfig: "glib-2.0", apt: ["libvips-dev"]),
        .executableTarget(name: "guestcraft-photo", dependencies: ["CVips"]),
        .target(name: "PhotoEncoding", dependencies: ["Locking", "ProcessSpawn", "Catalog"]),

        // What the test targets share: a manual clock and sleep, temporary directories, a recorder.
        .target(name: "TestSupport", dependencies: ["Locking", "AppCore"], path: "Tests/TestSupport"),
        // The whole program in the test's process (#33): the live app over an in-process demo,
        // the real main loop over a scripted terminal, a manual clock.
        .target(name: "AppHarness", dependencies: ["Locking", "AppCore", "TerminalUI", "LiveClients", "DemoInstance",
                                                   "InstanceClient", "GuestCraftAPI", "TestSupport"],
                path: "Tests/AppHarness"),

        // Fuzzing (#16, docs/fuzzing.md): the checks of each fuzz target, shared by the fuzz executable and the
        // corpus replay in `swift test` (FuzzTests). `guestcraft-fuzz` is in no product; it links libFuzzer only when
        // `make fuzz-build` builds it (-sanitize=fuzzer,address -DGUESTCRAFT_FUZZ), else it replays files.
        .target(name: "FuzzChecks",
                dependencies: ["JSONBytes", "GuestCraftAPI", "ClientModel", "HTTPClient", "InstanceClient", "OfflineStore",
                               "AppCore", "TerminalUI", "DemoInstance", "HTTPServer"],
                path: "Tests/Fuzz/FuzzChecks"),
        .executableTarget(name: "guestcraft-fuzz", dependencies: ["FuzzChecks"], path: "Tests/Fuzz/guestcraft-fuzz"),

        // The table of docs/architecture.md, checked against Package.swift and every import.
        .testTarget(name: "ArchitectureTests"),

        // One test target per library target.
        .testTarget(name: "SodiumCryptoTests", dependencies: ["SodiumCrypto"]),
        .testTarget(name: "SQLiteDBTests", dependencies: ["TestSupport", "SQLiteDB", "CSQLite"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["Locking", "TestSupport", "HTTPClient", "HTTPServer", "ProcessSpawn"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["Locking", "HTTPServer", "HTTPClient"]),
        .testTarget(name: "ProcessSpawnTests", dependencies: ["ProcessSpawn"]),
        .testTarget(name: "JSONBytesTests", dependencies: ["JSONBytes", "FuzzChecks"]),
        .testTarget(name: "GuestCraftAPITests", dependencies: ["GuestCraftAPI", "JSONBytes", "FuzzChecks"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "GuestCraftResources", "JSONBytes", "TestSupport"]),
        .testTarget(name: "InstanceClientTests", dependencies: ["Locking", "TestSupport", "InstanceClient", "DemoInstance", "GuestCraftAPI",
                                                                "HTTPClient", "HTTPServer"]),
        .testTarget(name: "OfflineStoreTests", dependencies: ["TestSupport", "OfflineStore", "ProcessSpawn", "Locking", "SQLiteDB",
                                                              "ClientModel", "GuestCraftAPI"]),
        .testTarget(name: "OutboxTests", dependencies: ["TestSupport", "Outbox", "OfflineStore"]),
        .testTarget(name: "AppCoreTests", dependencies: ["Locking", "TestSupport", "AppCore", "ClientModel", "GuestCraftAPI", "Catalog"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "DeviceServicesTests", dependencies: ["DeviceServices", "AppCore"]),
        .testTarget(name: "TerminalUITests", dependencies: ["Locking", "TestSupport", "TerminalUI", "AppCore", "ProcessSpawn", "Catalog",
                                                            "CNCurses"]),
        .testTarget(name: "LiveClientsTests",
                    dependencies: ["Locking", "TestSupport", "LiveClients", "AppCore", "ClientModel", "Catalog", "DeviceServices",
                                   "InstanceClient", "OfflineStore", "Outbox",
                                   "DemoInstance", "GuestCraftAPI", "SQLiteDB", "ProcessSpawn", "SodiumCrypto"]),
        .testTarget(name: "DemoInstanceTests", dependencies: ["TestSupport", "DemoInstance", "HTTPClient", "HTTPServer", "GuestCraftAPI",
                                                              "SodiumCrypto", "ProcessSpawn"]),
        .testTarget(name: "AppFlowTests", dependencies: ["AppHarness", "AppCore", "Catalog", "TerminalUI", "DemoInstance", "HTTPServer", "SQLiteDB",
                                                         "InstanceClient", "GuestCraftAPI", "TestSupport"],
                    exclude: ["browser_player.py"]),
        .testTarget(name: "FuzzTests", dependencies: ["FuzzChecks", "GuestCraftAPI", "TerminalUI", "AppCore"]),
        .testTarget(name: "PhotoEncodingTests", dependencies: ["TestSupport", "PhotoEncoding", "ProcessSpawn"]),
    ]
)
