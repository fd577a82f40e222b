// JournalImportBench: `kassa-bench journals` — `kassa import` of an hledger journal of 100,000
// transactions (goal ≤ 2 s; hledger itself needs about 3.4 s to read one that size), through the
// real `kassa` binary beside kassa-bench (release build):
//
//     swift build -c release --static-swift-stdlib
//     .build/release/kassa-bench journals [--size 100000] [--dir DIR] [--keep]
//
// The journal is generated, seeded: five asset and liability accounts, a dozen expense and income
// accounts (some kassa knows by name, some it makes), two-posting entries with an elided amount,
// three-posting splits, transfers, a paycheck with taxes, and a price directive every 2,000
// entries. Timed in child processes: `kassa import FILE --yes` into an empty journal, a second
// import of the same file (every transaction a duplicate), and `hledger print -O csv` beside them
// when hledger is installed.

import Foundation

enum JournalImportBench {
    static func run(arguments: [String]) {
        guard let bench = BenchRun.start("journals", arguments: arguments, size: 100_000) else { return }
        defer { bench.finish() }
        let (size, directory, kassa) = (bench.size, bench.directory, bench.kassa)
        let file = "\(directory)/bench.journal"
        let text = generate(size: size)
        guard FileManager.default.createFile(atPath: file, contents: Data(text.utf8)) else {
            print("kassa-bench journals: cannot write \(file)")
            return
        }
        print("kassa-bench journals — \(size) transactions, \(text.utf8.count / 1_000_000) MB, in \(directory)")
        let target = "\(directory)/import.kassa"
        try? FileManager.default.removeItem(atPath: target)
        let common = ["--file", target, "--today", "2026-03-20", "--yes"]
        BenchRun.timed("import hledger journal", kassa, ["import", file] + common, ok: { $0.status == 0 && $0.seconds <= 2 }, goal: "≤ 2 s")
        BenchRun.timed("import again (all kept)", kassa, ["import", file] + common)
        if let hledger = StoreBench.which("hledger") {
            BenchRun.timed("hledger print -O csv", hledger, ["-f", file, "print", "-O", "csv"])
        } else {
            print(StoreBench.line("hledger", "not installed", ok: nil, goal: ""))
        }
        StoreBench.flushOutput()
    }

    /// A seeded journal of `size` entries, in date order over about five years.
    static func generate(size: Int) -> String {
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let expenses = ["expenses:food:groceries", "expenses:food:coffee", "expenses:transport:taxi", "expenses:home:rent",
                        "expenses:fun:board games", "expenses:utilities:internet", "expenses:health:pharmacy", "expenses:misc"]
        let payers = ["assets:bank:kaspi", "assets:cash", "liabilities:credit card", "assets:bank:halyk"]
        var out = "; kassa-bench journals: generated, seeded\ncommodity 1,000.00 KZT\n\n"
        out.reserveCapacity(size * 110)
        let days = 5 * 365
        for i in 0..<size {
            let day = CivilDateText.iso(daysFromStart: i * days / max(size, 1))
            let kind = next(20)
            if kind == 0 {
                let amount = 300_000 + next(100_000)
                out += "\(day) * salary\n    income:salary  -\(amount).00 KZT\n    expenses:taxes  \(amount / 10).00 KZT\n    assets:bank:kaspi\n\n"
            } else if kind == 1 {
                out += "\(day) withdraw\n    assets:cash  \(10_000 + next(50) * 1000) KZT\n    assets:bank:kaspi\n\n"
            } else if kind == 2 {
                out += "\(day) shop (\(i))\n    \(expenses[next(expenses.count)])  \(next(20_000) + 1).\(next(90) + 10) KZT\n    \(expenses[next(expenses.count)])  \(next(5000) + 1) KZT\n    \(payers[next(payers.count)])\n\n"
            } else {
                let payer = payers[next(payers.count)]
                out += "\(day) \(["coffee", "taxi", "groceries", "lunch", "pharmacy"][next(5)]) \(i % 97)\n    \(expenses[next(expenses.count)])  \(next(30_000) + 100).\(next(90) + 10) KZT\n    \(payer)\n\n"
            }
            if i % 2000 == 1999 { out += "P \(day) USD \(450 + next(50)).\(next(90) + 10) KZT\n\n" }
        }
        return out
    }
}

/// ISO dates from 2021-01-01 on, without the domain types (the bench writes text only).
enum CivilDateText {
    static func iso(daysFromStart days: Int) -> String {
        var year = 2021, remaining = days
        while true {
            let length = (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 366 : 365
            if remaining < length { break }
            remaining -= length
            year += 1
        }
        let leap = (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0))
        let months = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var month = 0
        while remaining >= months[month] { remaining -= months[month]; month += 1 }
        let m = month + 1, d = remaining + 1
        return "\(year)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
    }
}
