// kassa-bench: benchmarks, release build only, never run by the tests.
//
//     swift build -c release --static-swift-stdlib
//     .build/release/kassa-bench parse [options]     the parser (see ParseBench.swift)
//     .build/release/kassa-bench store [options]     the journal (see StoreBench.swift)
//     .build/release/kassa-bench devices [options]   a ledger folder of device journals (DevicesBench.swift)
//     .build/release/kassa-bench cli [options]       the real binary's paths (see CLIBench.swift)
//     .build/release/kassa-bench startup [--runs N]  the binary's start-up (see StartupBench.swift)
//     .build/release/kassa-bench report [options]    reports on a large journal (see ReportBench.swift)
//     .build/release/kassa-bench recurring [options] series, due and session start (RecurringBench.swift)
//     .build/release/kassa-bench interchange [options]  export and import (InterchangeBench.swift)
//     .build/release/kassa-bench budget [options]    budgets on a large journal (BudgetBench.swift)
//     .build/release/kassa-bench journals [options]  an hledger journal imported (JournalImportBench.swift)
//
// Each suite lives in its own file and prints its own report.

#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "parse":
    ParseBench.run(arguments: Array(arguments.dropFirst()))
case "store":
    StoreBench.run(arguments: Array(arguments.dropFirst()))
case "cli":
    CLIBench.run(arguments: Array(arguments.dropFirst()))
case "startup":
    StartupBench.run(arguments: Array(arguments.dropFirst()))
case "cli-data":
    CLIBench.generate(arguments: Array(arguments.dropFirst()))
case "report":
    ReportBench.run(arguments: Array(arguments.dropFirst()))
case "recurring":
    RecurringBench.run(arguments: Array(arguments.dropFirst()))
case "interchange":
    InterchangeBench.run(arguments: Array(arguments.dropFirst()))
case "budget":
    BudgetBench.run(arguments: Array(arguments.dropFirst()))
case "devices":
    DevicesBench.run(arguments: Array(arguments.dropFirst()))
case "ask":
    AskBench.run(arguments: Array(arguments.dropFirst()))
case "journals":
    JournalImportBench.run(arguments: Array(arguments.dropFirst()))
default:
    // Benchmark output is for developers at a terminal, not a user-facing message.
    let usage = "usage: kassa-bench parse|store|cli|startup|report|recurring|interchange|budget|ask|journals|devices [options]\n"
    _ = usage.withCString { write(2, $0, strlen($0)) }
    exit(2)
}
