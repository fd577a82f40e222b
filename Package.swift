// swift-tools-version: 6.0
// kassa: a conversational ledger for the terminal.
// Library core (KassaCore, KassaStore, KassaShell) with a thin `kassa` executable.
// No package dependencies: the toolchain and libedit (system library) only.
import PackageDescription

let package = Package(
    name: "kassa",
    products: [
        .executable(name: "kassa", targets: ["kassa"]),
        .executable(name: "kassa-bench", targets: ["kassa-bench"]),
    ],
    targets: [
        // libedit through pkg-config; C variadics are wrapped in shim.h (see DESIGN.md section 4).
        .systemLibrary(
            name: "CEditLine",
            path: "Sources/CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // Pure: money, dates, domain types, localization, grammar and parser. No clock, no terminal.
        .target(name: "KassaCore"),
        // The journal: records, encoding, file I/O, locking, recovery, undo/redo, queries.
        .target(name: "KassaStore", dependencies: ["KassaCore"]),
        // The session state machine, commands, rendering, resource lookup, line readers.
        .target(name: "KassaShell", dependencies: ["KassaCore", "KassaStore", "CEditLine"]),
        .executableTarget(name: "kassa", dependencies: ["KassaShell"]),
        .executableTarget(name: "kassa-bench", dependencies: ["KassaCore", "KassaStore", "KassaShell"]),

        .target(
            name: "KassaTestSupport",
            dependencies: ["KassaCore", "KassaStore", "KassaShell"],
            path: "Tests/KassaTestSupport"
        ),
        .testTarget(name: "KassaCoreTests", dependencies: ["KassaCore", "KassaTestSupport"]),
        .testTarget(name: "KassaStoreTests", dependencies: ["KassaStore", "KassaTestSupport"]),
        .testTarget(name: "KassaShellTests", dependencies: ["KassaShell", "KassaTestSupport"]),
        // Runs the real `kassa` binary: pipes, a pseudo-terminal, crashes, concurrency.
        .testTarget(name: "KassaCLITests", dependencies: ["KassaTestSupport"]),
    ]
)
