// ReconcileCLITests: what the person said meeting what the bank says, through the real binary —
// a month of dictated entries and Kaspi's statement of it (Tests/Fixtures/Reconcile): the import
// adds no duplicate, clears the eighteen entries the bank confirms with their bank notes, gives
// the dollar purchase the tenge it was charged, names the two the bank never saw; a second import
// adds nothing; `reconcile` agrees on the statement's closing balance, and names the entry said
// with a wrong amount. Also: rows with two candidates listed in a script, `list --uncleared`,
// exports with their cleared marks checked by hledger and beancount, the balance said in words,
// and a match made on one device seen on another.

import Foundation
import KassaTestSupport
import Testing

@Suite struct ReconcileCLITests {
    static let fixtures = TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/Reconcile")
    let home = TestSupport.makeTemporaryDirectory("reconcile-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var journal: String { home.appendingPathComponent("j.kassa").path }
    var statement: String { Self.fixtures.appendingPathComponent("kaspi-november.txt").path }
    /// The statement's closing balance: 100,000 at the start of the month and its 24 rows.
    static let closing = "434350"

    @discardableResult
    func kassa(_ arguments: [String], stdin: String = "", status: Int32 = 0) throws -> KassaBinary.Result {
        let result = try KassaBinary.run(["--file", journal, "--today", "2026-11-30"] + arguments, stdin: stdin, environment: env)
        #expect(result.status == status, "kassa \(arguments.joined(separator: " ")): \(result.output) \(result.error)")
        return result
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The month dictated: an opening of ₸100,000 on kaspi, the dollar's rate, twenty entries.
    func dictateNovember(_ change: (String) -> String = { $0 }) throws {
        try kassa(["account", "add", "kaspi", "--opening", "100000", "--opening-date", "2026-10-31"])
        try kassa(["rate", "set", "USD", "510", "--date", "2026-11-01"])
        let entries = try String(contentsOf: Self.fixtures.appendingPathComponent("november-entries.txt"), encoding: .utf8)
        try kassa(["--lang", "ru", "--yes"], stdin: change(entries))
        #expect(try kassa(["list", "--json"]).lines.count == 20)
    }

    func importStatement(json: Bool = true) throws -> [String: Any] {
        let result = try kassa(["import", "--format", "statement", "--account", "kaspi", statement] + (json ? ["--json"] : []))
        let line = try #require(result.lines.first { $0.contains("\"event\": \"import\"") }, "\(result.output)")
        return try self.json(line)
    }

    func listing() throws -> [[String: Any]] {
        try kassa(["list", "--json"]).lines.map(json)
    }

    @Test func aMonthMeetsTheBanksStatement() throws {
        try dictateNovember()
        let summary = try importStatement()
        #expect(summary["matched"] as? Int == 18, "\(summary)")
        #expect(summary["new"] as? Int == 6, "\(summary)")
        #expect(summary["unmatched_entries"] as? [String] == ["13", "20"], "\(summary)")
        let rows = try listing()
        #expect(rows.count == 26, "no duplicate: 20 said + 6 new")
        let cleared = rows.filter { $0["cleared"] as? Bool == true }
        #expect(cleared.count == 24, "18 matched and the 6 the bank brought")
        let matched = cleared.filter { ($0["input"] as? String)?.isEmpty == false }
        #expect(matched.count == 18 && matched.allSatisfy { $0["bank_note"] is String }, "\(matched)")
        #expect(rows.filter { $0["cleared"] as? Bool == false }.compactMap { $0["id"] as? String } == ["13", "20"])
        // Said on the 3rd, charged on the 4th; the note stays the person's, the bank's beside it.
        let taxi = try #require(rows.first { $0["id"] as? String == "2" })
        #expect(taxi["date"] as? String == "2026-11-03" && taxi["bank_note"] as? String == "Yandex Go" && taxi["note"] as? String == "такси")
        let dollars = try #require(rows.first { $0["currency"] as? String == "USD" })
        #expect(dollars["amount"] as? String == "12.00" && dollars["charged_amount"] as? String == "6120.00"
                && dollars["charged_currency"] as? String == "KZT" && dollars["bank_note"] as? String == "MCDONALDS ISTANBUL", "\(dollars)")
        // The same file again: nothing added, nothing changed.
        let before = try kassa(["list", "--json"]).output
        let again = try importStatement()
        #expect(again["matched"] as? Int == 0 && again["new"] as? Int == 0 && again["already"] as? Int == 18, "\(again)")
        #expect(try kassa(["list", "--json"]).output == before)
        // The two the bank never saw were cash: then kassa and the bank agree to the tenge.
        let differs = try json(kassa(["reconcile", "kaspi", Self.closing, "--json"]).output)
        #expect(differs["difference"] as? String == "7900.00" && differs["suspects"] as? [String] == ["13", "20"], "\(differs)")
        try kassa(["edit", "#13", "account", "cash"])
        try kassa(["edit", "#20", "account", "cash"])
        let agrees = try json(kassa(["reconcile", "kaspi", Self.closing, "--json"]).output)
        #expect(agrees["difference"] as? String == "0.00" && agrees["kassa"] as? String == "434350.00", "\(agrees)")
        #expect(agrees["uncleared"] as? [String] == [], "\(agrees)")
        // One undo takes the whole import back: the matches and the charge with the rows.
        try kassa(["undo", "3"])
        let undone = try listing()
        #expect(undone.count == 20 && undone.allSatisfy { $0["cleared"] as? Bool == false && $0["charged_amount"] is NSNull }, "\(undone)")
    }

    @Test func anAmountSaidWrongIsNamed() throws {
        // Lunch said as 4,400 where the bank took 4,100; the two the bank never saw are cash.
        try dictateNovember { entries in
            entries.replacingOccurrences(of: "обед 4100", with: "обед 4400")
                .replacingOccurrences(of: "кофе 900 с каспи", with: "кофе 900 наличными")
                .replacingOccurrences(of: "цветы 7000 с каспи", with: "цветы 7000 наличными")
        }
        let summary = try importStatement()
        #expect(summary["matched"] as? Int == 17 && summary["new"] as? Int == 7, "\(summary)")
        let text = try kassa(["reconcile", "kaspi", Self.closing]).output
        #expect(text.contains("₸4,400.00 more at the bank"), "\(text)")
        #expect(text.contains("#18  Tue 24 Nov 2026  ₸4,400.00  обед — would explain it."), "\(text)")
        let ru = try kassa(["--lang", "ru", "reconcile", "kaspi", "434 350,00"]).output
        #expect(ru.contains("#18") && ru.contains("объяснила бы разницу"), "\(ru)")
    }

    @Test func aRowWithTwoEqualCandidatesIsListedNotGuessed() throws {
        try kassa(["--yes"], stdin: "taxi 2000 from kaspi 3 november\ndinner with anna 2000 from kaspi 5 november\n")
        let file = home.appendingPathComponent("bank.csv")
        try "Date,Amount,Description\n2026-11-04,-2000,PAYMENT 7721\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try kassa(["import", "--account", "kaspi", file.path, "--json"])
        let line = try #require(result.lines.first { $0.contains("\"event\": \"import\"") })
        let summary = try json(line)
        #expect(summary["matched"] as? Int == 0 && summary["new"] as? Int == 0, "\(summary)")
        let undecided = try #require((summary["undecided"] as? [[String: Any]])?.first, "\(summary)")
        #expect(undecided["candidates"] as? [String] == ["1", "2"], "\(undecided)")
        #expect(try listing().count == 2, "nothing added, nothing matched at random")
        let text = try kassa(["import", "--account", "kaspi", file.path]).output
        #expect(text.contains("could be #1, #2: not imported"), "\(text)")
    }

    /// What hledger and bean-check run with.
    var tools: [String: String] { ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path] }

    @Test func unclearedListsAndExportsCarryTheMark() throws {
        try dictateNovember()
        _ = try importStatement()
        let uncleared = try kassa(["list", "--uncleared", "--json"]).lines.map(json)
        #expect(uncleared.compactMap { $0["id"] as? String } == ["13", "20"])
        #expect(try kassa(["list"]).output.contains("#1* "))
        let hledger = home.appendingPathComponent("out.journal").path
        try kassa(["export", "--format", "hledger", "-o", hledger])
        let text = try String(contentsOfFile: hledger, encoding: .utf8)
        #expect(text.contains("2026-11-02 * кофе") && text.contains("2026-11-18 кофе"), "\(text)")
        #expect(text.contains("12.00 USD @@ 6120.00 KZT") && text.contains("assets:kaspi  -6120.00 KZT"), "\(text)")
        let hledgerTool = try #require(JournalExportCheckTests.tool("hledger"), "hledger is not installed: run `bash .ci/setup`")
        let balance = try ProcessRunner.run(hledgerTool, ["-f", hledger, "bal", "assets:kaspi", "--cleared", "-N"], environment: tools)
        #expect(balance.status == 0, "\(balance.stderr)")
        // What the bank confirmed: the closing balance less the two it never saw and the opening.
        #expect(balance.stdout.contains("334350.00 KZT"), "\(balance.stdout)")
        let all = try ProcessRunner.run(hledgerTool, ["-f", hledger, "bal", "assets:kaspi", "-N"], environment: tools)
        #expect(all.stdout.contains("426450.00 KZT"), "\(all.stdout)")
        let bean = home.appendingPathComponent("out.beancount").path
        try kassa(["export", "--format", "beancount", "-o", bean])
        let beancount = try String(contentsOfFile: bean, encoding: .utf8)
        #expect(beancount.contains("2026-11-02 * \"кофе\"") && beancount.contains("2026-11-18 ! \"кофе\""), "\(beancount)")
        let beanCheck = try #require(JournalExportCheckTests.tool("bean-check"), "bean-check is not installed: run `bash .ci/setup`")
        let checked = try ProcessRunner.run(beanCheck, [bean], environment: tools)
        #expect(checked.status == 0, "\(checked.stdout) \(checked.stderr)")
    }

    @Test func aBalanceSaidInWordsReconciles() throws {
        try kassa(["--yes"], stdin: "salary 200000 to kaspi 1 november\ncoffee 1500 from kaspi 2 november\n")
        let en = try kassa([], stdin: "kaspi balance is 198500\nkaspi balance is 200000\ncoffee now 1500\nn\n").output
        #expect(en.contains("the bank and kassa agree, ₸198,500.00"), "\(en)")
        #expect(en.contains("#2  Mon 2 Nov 2026  ₸1,500.00  coffee — would explain it."), "\(en)")
        #expect(en.contains("expense") && en.contains("coffee now"), "a line with a word left over is an entry: \(en)")
        let ru = try kassa(["--lang", "ru"], stdin: "на каспи сейчас 198 500\nостаток на каспи 200 000\n").output
        #expect(ru.contains("банк и kassa сходятся, 198 500,00 ₸"), "\(ru)")
        #expect(ru.contains("объяснила бы разницу"), "\(ru)")
    }

    @Test func badReconcileInputIsRefusedWithTheReason() throws {
        try kassa(["add", "--yes", "coffee 1500 from kaspi"])
        #expect(try kassa(["reconcile", "kaspi", "lots"], status: 1).error.contains("“lots” is not an amount"))
        #expect(try kassa(["reconcile", "nowhere", "100"], status: 1).error.contains("No account “nowhere”"))
        #expect(try kassa(["reconcile", "kaspi"], status: 2).error.contains("reconcile ACCOUNT AMOUNT"))
        #expect(try kassa(["reconcile", "kaspi", "100", "--date", "someday"], status: 2).status == 2)
    }

    @Test func aMatchMadeOnOneDeviceIsSeenOnAnother() throws {
        let root = TestSupport.makeTemporaryDirectory("reconcile-devices")
        let folder = root.appendingPathComponent("ledger").path
        func device(_ name: String) throws -> [String: String] {
            let home = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            return KassaBinary.environment(home: home)
        }
        let laptop = try device("laptop"), phone = try device("phone")
        func run(_ env: [String: String], _ arguments: [String], stdin: String = "") throws -> KassaBinary.Result {
            let result = try KassaBinary.run(arguments + ["--today", "2026-11-30"], stdin: stdin, environment: env)
            #expect(result.status == 0, "kassa \(arguments.joined(separator: " ")): \(result.error)")
            return result
        }
        try run(laptop, ["devices", "join", folder, "--name", "laptop"])
        try run(phone, ["devices", "join", folder, "--name", "phone"])
        try run(phone, ["add", "--yes", "coffee 1500 from kaspi 2 november"])
        let file = root.appendingPathComponent("bank.csv")
        try "Date,Amount,Description\n2026-11-03,-1500,STARBUCKS MEGA\n".write(to: file, atomically: true, encoding: .utf8)
        try run(laptop, ["import", "--account", "kaspi", file.path])
        let seen = try run(phone, ["list", "--json"]).lines.map(json)
        #expect(seen.count == 1 && seen[0]["cleared"] as? Bool == true && seen[0]["bank_note"] as? String == "STARBUCKS MEGA", "\(seen)")
    }

    /// What a card was charged for a purchase in dollars: said in a reply, set by an edit, kept by
    /// the balance, and carried through kassa's CSV and an hledger journal with the cleared marks.
    @Test func theChargeIsSaidEditedAndCarriedThroughFiles() throws {
        let session = try kassa([], stdin: "book on amazon 24.99 dollars from kaspi\ncharged 12600\n\n")
        #expect(session.output.contains("$24.99 (charged ₸12,600.00)"), "\(session.output)")
        try kassa(["add", "--yes", "mcdonalds 12 dollars from kaspi"])
        try kassa(["edit", "#2", "charged", "6120"])
        #expect(try kassa(["balance"]).output.contains("kaspi  −₸18,720.00"))
        let file = home.appendingPathComponent("bank.csv")
        try "Date,Amount,Description\n2026-11-30,-6120,MCDONALDS\n2026-11-30,-990,APPLE.COM\n".write(to: file, atomically: true, encoding: .utf8)
        try kassa(["import", "--account", "kaspi", file.path])
        for format in ["csv", "hledger", "beancount"] {
            let out = home.appendingPathComponent("out." + format).path, again = home.appendingPathComponent("again-\(format).kassa").path
            try kassa(["export", "--format", format, "-o", out])
            try KassaBinary.run(["--file", again, "--today", "2026-11-30", "import", "--yes", "--format", format, out], environment: env)
            let rows = try KassaBinary.run(["--file", again, "--today", "2026-11-30", "list", "--json"], environment: env).lines.map(json)
            let charged = rows.compactMap { $0["charged_amount"] as? String }.sorted()
            #expect(charged == ["12600.00", "6120.00"], "\(format): \(rows)")
            // kassa's CSV carries no cleared mark: read as a bank's file, every row is cleared.
            #expect(rows.map { $0["cleared"] as? Bool } == (format == "csv" ? [true, true, true] : [false, true, true]), "\(format): \(rows)")
        }
    }
}
