// Tests for the scan stage's per-token gates: LineView.mayBeginMoney (no amount is read at a
// word that cannot begin one) and ScanStage.cannotBeginAccount (no account search at a token that
// cannot begin a mention). A gate may only skip work: at every token of the bench lines, of every
// corpus line and of hostile and account-heavy ones, wherever a gate says no, the ungated reading
// finds nothing either — and the gates do skip most tokens (the test is not vacuous).
import Foundation
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct ScanGateTests {
    let grammar = GrammarFixtures.parser.grammar
    let today = CivilDate(year: 2026, month: 11, day: 23)!

    /// The bench lines, the input side of every corpus case, and lines with accounts said in
    /// every way the account search knows (prepositions, kinds, aliases, arrows, glued, misheard).
    func lines() throws -> [String] {
        let root = GrammarFixtures.grammarsRoot
        var lines = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/Bench/mixed.entries"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".corpus") }
        #expect(files.count >= 10)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let input = line.components(separatedBy: " => ")[0]
                if !input.isEmpty { lines.append(input) }
            }
        }
        lines += ["halyk -> kaspi 30k", "20k from halyk to cash", "lunch 3k halyk", "кофе 800, обед 2700 — всё с каспи",
                  "картой халыка 5000", "со счёта жусана 2000", "my Kaspi Gold card 900", "from Caspi 1500",
                  "Схалыка на каспи 10000", "бензин 10 000 холыка", "gold 500 taxi", "мама 3000", "с мамы 3000",
                  "put 100k into savings", "закинул 50 000 на депозит", "topped up kaspi 5000", "w/ kaspi 700",
                  "каспи → халык 1000", "$20 lunch", "usd20 taxi", "a dollar tip", "пару долларов", "1920x1080 screen 500",
                  "2х2500 кофе", "рублей 10 хлеб", "€ 5 coffee", "paid 50 in dollars", "three teas and a cake, 2,900 total"]
        return lines
    }

    let accounts = [Account(name: "kaspi", aliases: ["gold", "каспи голд"]), Account(name: "halyk"),
                    Account(name: "mom", aliases: ["мама"]), Account(name: "jusan", aliases: ["жусан"])]

    @Test func theGatesNeverHideAReading() throws {
        let parser = GrammarFixtures.parser
        let context = ParseContext(today: today, accounts: accounts)
        let aliases = parser.aliases(context)
        let ids = ClassIDs(grammar)
        var tokens = 0, moneySkipped = 0, accountSkipped = 0, moneyFound = 0, accountFound = 0
        for text in try lines() {
            let scratch = LineScratch()
            let line = LineView(text, grammar: grammar, ids: ids, context: context, scratch: scratch)
            withExtendedLifetime(scratch) {
                let scanner = ScanStage(NumberStage(line, scratch: scratch.buffers), scratch: scratch.buffers)
                for i in 0..<line.count {
                    tokens += 1
                    let money = scanner.money.readMoney(at: i)
                    if money != nil { moneyFound += 1 }
                    if !line.mayBeginMoney(i) {
                        moneySkipped += 1
                        #expect(money == nil, "\(text) at \(i): an amount the money gate skips")
                    }
                    let gated = scanner.cannotBeginAccount(i, aliases: aliases)
                    if gated { accountSkipped += 1 }
                    for named in [false, true] {
                        for afterAmount in [false, true] {
                            let mention = scanner.mentionAt(i, aliases: aliases, named: named, afterAmount: afterAmount)
                            if mention != nil, !named, !afterAmount { accountFound += 1 }
                            #expect(!gated || mention == nil, "\(text) at \(i): an account the gate skips")
                            let through = scanner.accountAt(i, aliases: aliases, named: named, afterAmount: afterAmount)
                            #expect(through?.name == mention?.name && through?.end == mention?.end, "\(text) at \(i)")
                        }
                    }
                }
            }
        }
        #expect(tokens > 10_000)
        #expect(moneyFound > 1000 && accountFound > 100)  // the comparison saw real readings
        #expect(moneySkipped * 3 > tokens && accountSkipped * 2 > tokens)  // and the gates skip much
    }
}
