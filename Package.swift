// swift-tools-version: 6.0
// kassa: a conversational ledger for the terminal.
// Library core with a thin `kassa` executable. Targets by role (DESIGN.md §7):
//   KassaCore (pure domain, parser) ← KassaStore (journal) · KassaLedger (domain logic over a
//   TransactionSource) · KassaInterchange (one reader/writer per format) ← KassaShell ← kassa.
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
        .target(name: "KassaCore", exclude: ["Grammar/README.md"]),
        // The journal: records, encoding, file I/O, locking, recovery, undo/redo, queries.
        .target(name: "KassaStore", dependencies: ["KassaCore", "CKassaSystem"]),
        // System calls the Glibc module does not show (sync_file_range), as plain C functions.
        .target(name: "CKassaSystem"),
        // Domain logic over a TransactionSource: balances (budgets, recurring, reports next).
        // No file I/O, no terminal, no clock.
        .target(name: "KassaLedger", dependencies: ["KassaCore"]),
        // One reader and one writer per format (JSON lines, ledger journals, ...).
        .target(name: "KassaInterchange", dependencies: ["KassaCore"]),
        // The default Grammars/ and Locales/ compiled in: Swift source generated at build time from
        // the repository's files by the EmbedData plugin (Sources/EmbedData, through the kassa-embed tool), so a copied
        // or installed binary works alone. Not SwiftPM resources: see DESIGN.md section 3.
        // kassa-embed uses KassaCore's and KassaLedger's own loaders to compile the built-in grammar
        // (GrammarArchive) and the session's words, replies and questions (RuleTableArchive).
        .executableTarget(name: "kassa-embed", dependencies: ["KassaCore", "KassaLedger"]),
        .plugin(name: "EmbedData", capability: .buildTool(), dependencies: ["kassa-embed"], path: "Sources/EmbedData"),
        .target(name: "KassaBuiltinData", plugins: ["EmbedData"]),
        // The session state machine, commands, rendering, resource lookup, line readers.
        .target(name: "KassaShell",
                dependencies: ["KassaCore", "KassaStore", "KassaLedger", "KassaInterchange", "KassaBuiltinData", "CEditLine"]),
        // A release build on Linux is one fully static file: no dynamic loader, no shared
        // libraries to map and relocate at every start (a third of start-up), nothing to go
        // missing when the binary is copied. libedit's own dependencies are named for the static
        // link (pkg-config gives only -ledit). Debug builds (and so `swift test`) stay dynamic.
        .executableTarget(name: "kassa", dependencies: ["KassaShell"],
                          linkerSettings: [
                              .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
                              .linkedLibrary("tinfo", .when(platforms: [.linux], configuration: .release)),
                              .linkedLibrary("bsd", .when(platforms: [.linux], configuration: .release)),
                              .linkedLibrary("md", .when(platforms: [.linux], configuration: .release)),
                          ]),
        .executableTarget(name: "kassa-bench",
                          dependencies: ["KassaCore", "KassaStore", "KassaLedger", "KassaInterchange", "KassaShell"]),

        .target(
            name: "KassaTestSupport",
            dependencies: ["KassaCore", "KassaStore", "KassaLedger", "KassaShell"],
            path: "Tests/KassaTestSupport"
        ),
        .testTarget(name: "KassaCoreTests", dependencies: ["KassaCore", "KassaTestSupport"]),
        .testTarget(name: "KassaStoreTests", dependencies: ["KassaStore", "KassaLedger", "KassaTestSupport"]),
        .testTarget(name: "KassaLedgerTests", dependencies: ["KassaLedger", "KassaStore", "KassaTestSupport"]),
        .testTarget(name: "KassaInterchangeTests", dependencies: ["KassaInterchange", "KassaStore", "KassaTestSupport"]),
        .testTarget(name: "KassaShellTests", dependencies: ["KassaShell", "KassaTestSupport"]),
        // Runs the real `kassa` binary: pipes, a pseudo-terminal, crashes, concurrency.
        .testTarget(name: "KassaCLITests", dependencies: ["KassaTestSupport"]),
    ]
)
