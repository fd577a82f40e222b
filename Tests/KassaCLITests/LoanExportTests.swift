// A loan in the journal exports is what is owed: `kassa account add loan --kind loan --opening …`
// with a card that pays part of it goes out to hledger, ledger and beancount under the
// liabilities root (`liabilities:loan`, `Liabilities:Loan`), never under assets; each tool's own
// check accepts the file, each tool's balance of every account equals `kassa balance` (the
// loan's a negative one, the debt), and the file imported into an empty journal gives the same
// accounts, balances and the loan's kind again.

import Foundation
import Testing
import KassaTestSupport

@Suite struct LoanExportTests {
    let home = TestSupport.makeTemporaryDirectory("loan-export")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func kassa(_ arguments: [String]) throws -> KassaBinary.Result {
        let result = try KassaBinary.run(arguments + ["--today", "2026-04-01", "--lang", "en"], environment: env)
        #expect(result.status == 0, "kassa \(arguments.joined(separator: " ")): \(result.output)\(result.error)")
        return result
    }

    /// `kassa balance --json` as "account|CUR" → "amount".
    func balances(_ journal: String) throws -> [String: String] {
        let out = try kassa(["balance", "--json", "--file", journal]).output
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        var found: [String: String] = [:]
        for line in object?["lines"] as? [[String: Any]] ?? [] {
            guard let account = line["account"] as? String else { continue }
            found[account.lowercased() + "|" + (line["currency"] as? String ?? "")] = line["amount"] as? String
        }
        return found
    }

    /// `kassa accounts --json` as account → kind.
    func kinds(_ journal: String) throws -> [String: String] {
        let out = try kassa(["accounts", "--json", "--file", journal]).output
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        var found: [String: String] = [:]
        for account in object?["accounts"] as? [[String: Any]] ?? [] {
            guard let name = account["name"] as? String, let kind = account["kind"] as? String else { continue }
            found[name.lowercased()] = kind
        }
        return found
    }

    /// A journal with a loan of 1,000,000 and a card that paid 50,000 of it and bought coffee.
    func journalWithALoan() throws -> String {
        let journal = path("loan.kassa")
        _ = try kassa(["account", "add", "loan", "--kind", "loan", "--opening", "1000000", "--rate", "20", "--term", "24", "--file", journal])
        _ = try kassa(["account", "add", "card", "--kind", "card", "--opening", "300000", "--file", journal])
        let entries = """
            {"id": "1", "date": "2026-03-10", "type": "transfer", "amount": "50000.00", "currency": "KZT", "account": "card", "to_account": "loan", "note": "payment"}
            {"id": "2", "date": "2026-03-11", "type": "expense", "amount": "1500.00", "currency": "KZT", "category": "food/coffee", "account": "card", "note": "coffee"}

            """
        let imported = try KassaBinary.run(["import", "--file", journal, "--format", "jsonl", "--today", "2026-04-01", "-"],
                                           stdin: Data(entries.utf8), environment: env)
        #expect(imported.status == 0, "\(imported.error)")
        return journal
    }

    func run(_ tool: String, _ arguments: [String]) throws -> String {
        guard let found = JournalExportCheckTests.tool(tool) else {
            Issue.record("\(tool) is not installed: run `bash .ci/setup`")
            throw CancellationError()
        }
        let result = try ProcessRunner.run(found, arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path])
        #expect(result.status == 0, "\(tool) \(arguments.joined(separator: " ")): \(result.stderr)\(result.stdout)")
        return result.stdout
    }

    /// Each account's balance as the tool computes it: "account|CUR" → "amount", the account's
    /// last component lower-cased, its root kept apart ("liabilities", "assets").
    func toolBalances(_ format: String, _ file: String) throws -> [String: [String: String]] {
        var found: [String: [String: String]] = [:]
        func put(_ account: String, _ currency: String, _ amount: String) {
            let parts = account.split(separator: ":").map { $0.lowercased() }
            guard parts.count == 2, parts[0] == "assets" || parts[0] == "liabilities" else { return }
            found[parts[0], default: [:]][parts[1] + "|" + currency] = amount
        }
        switch format {
        case "hledger":
            _ = try run("hledger", ["-f", file, "check", "-s"])
            let csv = try run("hledger", ["-f", file, "bal", "-N", "--flat", "--layout=bare", "-O", "csv"])
            for line in csv.split(separator: "\n").dropFirst() {
                let cells = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
                if cells.count == 3 { put(cells[0], cells[1], cells[2]) }
            }
        case "ledger":
            _ = try run("ledger", ["-f", file, "--strict", "--pedantic", "bal"])
            let out = try run("ledger", ["-f", file, "bal", "--flat", "--no-total", "--empty",
                                         "--balance-format", "%(account)\t%(strip(display_total))\n"])
            for line in out.split(separator: "\n") {
                let parts = line.split(separator: "\t").map(String.init)
                let amount = parts.last?.split(separator: " ").map(String.init) ?? []
                if parts.count == 2, amount.count == 2 { put(parts[0], amount[1], amount[0]) }
            }
        default:
            _ = try run("bean-check", [file])
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
            let python = ((JournalExportCheckTests.tool("bean-check") ?? "") as NSString).deletingLastPathComponent + "/python"
            let result = try ProcessRunner.run(python, ["-c", script, file], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
            for line in result.stdout.split(separator: "\n") {
                let cells = line.split(separator: "\t").map(String.init)
                if cells.count == 3 { put(cells[0], cells[1], cells[2]) }
            }
        }
        return found
    }

    @Test(arguments: ["hledger", "ledger", "beancount"])
    func aLoanIsALiabilityOwedAndComesBackALoan(_ format: String) throws {
        let journal = try journalWithALoan()
        let expected = try balances(journal)
        // What is owed: the opening less the payment; the card: its opening less both.
        #expect(expected["loan|KZT"] == "-950000.00")
        #expect(expected["card|KZT"] == "248500.00")
        let file = path("export." + format)
        _ = try kassa(["export", "--format", format, "-o", file, "--file", journal])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let liability = format == "beancount" ? "Liabilities:Loan" : "liabilities:loan"
        #expect(text.contains(liability), "\(text)")
        #expect(!text.lowercased().contains("assets:loan"), "\(text)")
        let tool = try toolBalances(format, file)
        #expect(tool["liabilities"] == ["loan|KZT": "-950000.00"])
        #expect(tool["assets"] == ["card|KZT": "248500.00"])
        // Imported into an empty journal: the same accounts, balances and kinds.
        let again = path("again.kassa")
        _ = try kassa(["import", file, "--format", format, "--yes", "--file", again])
        #expect(try balances(again) == expected)
        let kinds = try kinds(again)
        #expect(kinds["loan"] == "loan")
        #expect(kinds["card"] == "card")
    }
}
