// kassa's journal exports checked by the real tools: a fixture journal (Cyrillic accounts, a
// transfer, a USD expense, an income, a refund, a transaction without an account, a currency
// exchange written at its total cost `@@`) exported to
// hledger, ledger and beancount; `hledger check -s`, `ledger --strict bal`, `ledger --pedantic
// bal` and `bean-check` must accept the files, and every account's balance in every currency,
// as each tool computes it, must equal `kassa balance`. The tools come from .ci/setup; without
// them these tests fail and say so (run `bash .ci/setup`).

import Foundation
import Testing
import KassaTestSupport

@Suite struct JournalExportCheckTests {
    let home = TestSupport.makeTemporaryDirectory("export-check")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    static let fixture = """
        {"record": "account", "name": "wallet", "currency": "USD", "aliases": ["кошелёк"]}
        {"id": "1", "date": "2026-03-01", "type": "income", "amount": "450000.00", "currency": "KZT", "category": "income/salary", "account": "каспи голд", "note": "зарплата"}
        {"id": "2", "date": "2026-03-02", "type": "expense", "amount": "1500.00", "currency": "KZT", "category": "food/coffee", "account": "наличные", "note": "кофе; \\"латте\\""}
        {"id": "3", "date": "2026-03-03", "type": "transfer", "amount": "20000.00", "currency": "KZT", "account": "каспи голд", "to_account": "наличные", "note": "снял"}
        {"id": "4", "date": "2026-03-04", "type": "expense", "amount": "10.99", "currency": "USD", "category": "subscriptions", "account": "каспи голд", "note": "=netflix"}
        {"id": "5", "date": "2026-03-05", "type": "income", "amount": "3000.00", "currency": "KZT", "category": "income/refund", "account": "каспи голд", "note": "возврат за кофе"}
        {"id": "6", "date": "2026-03-06", "type": "expense", "amount": "700.00", "currency": "KZT", "note": "без счёта\\nвторая строка"}
        {"id": "7", "date": "2026-03-07", "type": "expense", "amount": "5.00", "currency": "USD", "category": "food", "account": "wallet", "note": "hot dog"}
        {"id": "8", "date": "2026-03-08", "type": "transfer", "amount": "100.00", "currency": "USD", "account": "wallet", "to_account": "наличные", "to_amount": "52000.00", "to_currency": "KZT", "note": "обмен"}

        """

    /// A tool by name: on PATH, or bean-check in the virtual environment .ci/setup makes.
    static func tool(_ name: String) -> String? {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        let venv = ProcessInfo.processInfo.environment["KASSA_CI_VENV"] ?? home + "/.cache/kassa-ci/venv"
        for directory in [venv + "/bin", "/usr/bin", "/usr/local/bin", "/bin"] {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The tool's path, or the test recorded as failing: `.ci/setup` installs every tool a test checks against.
    static func requireTool(_ name: String) throws -> String {
        guard let found = JournalExportCheckTests.tool(name) else {
            Issue.record("\(name) is not installed: run `bash .ci/setup`")
            throw CancellationError()
        }
        return found
    }

    /// The fixture journal, and kassa's own balances: "account|CUR" → "amount" (no account: "").
    func journalAndBalances() throws -> (String, [String: String]) {
        let journal = path("fixture.kassa")
        let imported = try KassaBinary.run(["import", "--file", journal, "--format", "jsonl", "-"], stdin: Data(Self.fixture.utf8),
                                           environment: env)
        #expect(imported.status == 0, "\(imported.error)")
        let balance = try KassaBinary.run(["balance", "--json", "--file", journal], environment: env)
        let object = try JSONSerialization.jsonObject(with: Data(balance.output.utf8)) as? [String: Any]
        var balances: [String: String] = [:]
        for line in object?["lines"] as? [[String: Any]] ?? [] {
            let account = line["account"] as? String ?? ""
            balances[account + "|" + (line["currency"] as? String ?? "")] = line["amount"] as? String
        }
        #expect(balances.count == 5)
        return (journal, balances)
    }

    func export(_ journal: String, _ format: String) throws -> String {
        let file = path("export." + format)
        let result = try KassaBinary.run(["export", "--format", format, "-o", file, "--file", journal], environment: env)
        #expect(result.status == 0, "\(result.error)")
        return file
    }

    func run(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
        let result = try ProcessRunner.run(tool, arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path])
        #expect(result.status == 0, "\(tool) \(arguments.joined(separator: " ")): \(result.stderr)\(result.stdout)")
        return result
    }

    /// Assets as each tool names them → kassa's name ("" for no account).
    static func kassaName(_ account: String, prefix: String) -> String? {
        guard account.hasPrefix(prefix) else { return nil }
        let name = String(account.dropFirst(prefix.count))
        return name.lowercased() == "no-account" ? "" : name
    }

    @Test func hledgerAcceptsTheExportAndItsBalancesAreKassas() throws {
        let hledger = try Self.requireTool("hledger")
        let (journal, expected) = try journalAndBalances()
        let file = try export(journal, "hledger")
        try run(hledger, ["-f", file, "check", "-s"])
        let csv = try run(hledger, ["-f", file, "bal", "assets", "-N", "--flat", "--layout=bare", "-O", "csv"]).stdout
        var balances: [String: String] = [:]
        for line in csv.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            guard cells.count == 3, let name = Self.kassaName(cells[0], prefix: "assets:") else { continue }
            balances[name + "|" + cells[1]] = cells[2]
        }
        #expect(balances == expected)
    }

    @Test func ledgerAcceptsTheExportStrictAndPedanticAndItsBalancesAreKassas() throws {
        let ledger = try Self.requireTool("ledger")
        let (journal, expected) = try journalAndBalances()
        let file = try export(journal, "ledger")
        try run(ledger, ["-f", file, "--strict", "bal"])
        try run(ledger, ["-f", file, "--pedantic", "bal"])
        let out = try run(ledger, ["-f", file, "bal", "assets", "--flat", "--no-total", "--empty",
                                   "--balance-format", "%(account)\t%(strip(display_total))\n"]).stdout
        var balances: [String: String] = [:]
        var current: String?
        for line in out.split(separator: "\n") {
            // Further currencies of an account come on lines of their own, without its name;
            // `strip` leaves out the lot ledger keeps for money bought at a cost (the exchange's `@@`).
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            if parts.count == 2 { current = Self.kassaName(String(parts[0]), prefix: "assets:") }
            guard let name = current, let amount = parts.last?.split(separator: " "), amount.count == 2 else { continue }
            balances[name + "|" + amount[1]] = String(amount[0])
        }
        #expect(balances == expected)
    }

    @Test func beanCheckAcceptsTheExportAndItsBalancesAreKassas() throws {
        let beanCheck = try Self.requireTool("bean-check")
        let python = (beanCheck as NSString).deletingLastPathComponent + "/python"
        let (journal, expected) = try journalAndBalances()
        let file = try export(journal, "beancount")
        try run(beanCheck, [file])
        let script = """
            import sys
            from beancount import loader
            from beancount.core import data
            entries, errors, options = loader.load_file(sys.argv[1])
            sums = {}
            for entry in entries:
                if isinstance(entry, data.Transaction):
                    for posting in entry.postings:
                        key = (posting.account, posting.units.currency)
                        sums[key] = sums.get(key, 0) + posting.units.number
            for (account, currency), number in sorted(sums.items()):
                print(account + "\\t" + currency + "\\t" + str(number))
            """
        let out = try run(python, ["-c", script, file]).stdout
        var balances: [String: String] = [:]
        for line in out.split(separator: "\n") {
            let cells = line.split(separator: "\t").map(String.init)
            guard cells.count == 3, let name = Self.kassaName(cells[0], prefix: "Assets:") else { continue }
            balances[name + "|" + cells[1]] = cells[2]
        }
        // beancount keeps Cyrillic, upper-cases the first letter and joins words with '-'.
        let named = Dictionary(uniqueKeysWithValues: expected.map { key, value in
            let parts = key.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let account = parts[0].isEmpty ? "" : parts[0].prefix(1).uppercased() + parts[0].dropFirst().replacingOccurrences(of: " ", with: "-")
            return (account + "|" + parts[1], value)
        })
        #expect(balances == named)
    }
}
