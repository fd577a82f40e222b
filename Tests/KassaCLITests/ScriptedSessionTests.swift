// The real binary in scripted mode, through pipes: the CLI contract's promises, exit
// statuses, JSON shapes, bad input (invalid UTF-8, huge lines, bad journals), --help/--version.

import Foundation
import Testing
import KassaTestSupport

@Suite struct ScriptedSessionTests {
    let home = TestSupport.makeTemporaryDirectory("cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var journal: String { home.appendingPathComponent("j.kassa").path }

    func listJSON() throws -> [[String: Any]] {
        let result = try KassaBinary.run(["list", "--json", "--file", journal], environment: env)
        #expect(result.status == 0)
        return try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test(arguments: ["coffee 1500 yesterday", "кофе 1500 вчера"])
    func doneWhenCheck(entry: String) throws {
        let added = try KassaBinary.run(["--file", journal, "--today", "2026-03-10", "--yes"],
                                        stdin: entry + "\n", environment: env)
        #expect(added.status == 0, "\(added.error)")
        var list = try listJSON()
        #expect(list.count == 1)
        #expect(list.first?["amount"] as? String == "1500.00")
        #expect(list.first?["currency"] as? String == "KZT")
        #expect(list.first?["date"] as? String == "2026-03-09")
        #expect(list.first?["category"] as? String == "food/coffee")
        #expect(try KassaBinary.run(["undo", "--file", journal], environment: env).status == 0)
        #expect(try listJSON().isEmpty)
        #expect(try KassaBinary.run(["redo", "--file", journal], environment: env).status == 0)
        list = try listJSON()
        #expect(list.count == 1)
        #expect(list.first?["amount"] as? String == "1500.00")
    }

    /// A note said as a correction keeps everything typed, commas included, in both languages.
    @Test(arguments: [("coffee 900\nnote dinner with friends, my half\n\n", "dinner with friends, my half"),
                      ("кофе 900\nзаметка ужин с друзьями, моя половина\n\n", "ужин с друзьями, моя половина")])
    func aNoteKeepsWhatWasTyped(script: String, note: String) throws {
        let result = try KassaBinary.run(["--file", journal, "--today", "2026-03-10"], stdin: script, environment: env)
        #expect(result.status == 0, "\(result.error)")
        #expect(try listJSON().first?["note"] as? String == note)
    }

    /// "delete the last one" deletes the transaction saved last, not whatever change came last
    /// (an account added after it stays); «отмена» twice cancels the draft, then nothing — the
    /// earlier save stays; "cancel" with nothing waiting is no draft.
    @Test func cancellingAndDeletingInWordsTouchOnlyWhatTheySay() throws {
        let run = { (script: String, language: String) in
            try KassaBinary.run(["--file", journal, "--today", "2026-03-10", "--lang", language], stdin: script, environment: env)
        }
        #expect(try run("coffee 900\n\ntea 500\n\n", "en").status == 0)
        #expect(try KassaBinary.run(["account", "add", "halyk", "--file", journal], environment: env).status == 0)
        let deleted = try run("delete the last one\n", "en")
        #expect(deleted.status == 0 && deleted.output.contains("#2"), "\(deleted.output)")
        #expect(try listJSON().map { $0["note"] as? String } == ["coffee"])
        #expect(try KassaBinary.run(["accounts", "--file", journal], environment: env).output.contains("halyk"))

        let twice = try run("такси 2000\nотмена\nотмена\n", "ru")
        #expect(twice.output.contains("Отменять нечего"), "\(twice.output)")
        let cancel = try run("cancel\n", "en")
        #expect(cancel.output.contains("Nothing is waiting") && !cancel.output.contains("amount?"), "\(cancel.output)")
        #expect(try listJSON().map { $0["note"] as? String } == ["coffee"])

        let russian = try run("удали последнюю запись\n", "ru")
        #expect(russian.status == 0, "\(russian.error)")
        #expect(try listJSON().isEmpty)
        let nothing = try run("удали последнюю запись\n", "ru")
        #expect(nothing.status == 1 && nothing.error.contains("удалять нечего"), "\(nothing.error)")
    }

    /// The same dictation pasted twice in one session: the second card says which saved
    /// transactions the same words became, and "n" leaves only the first save. Both languages.
    @Test(arguments: [("такси 2000 и кофе 900", "ru", "уже сохранены"), ("taxi 2000 and coffee 900", "en", "were saved earlier")])
    func theSameDictationTwiceIsSaidToBeSo(line: String, language: String, words: String) throws {
        let result = try KassaBinary.run(["--file", journal, "--today", "2026-03-10", "--lang", language],
                                         stdin: "\(line)\n\n\(line)\nn\n", environment: env)
        #expect(result.output.contains(words) && result.output.contains("#1, #2"), "\(result.output)")
        #expect(try listJSON().count == 2)
    }

    @Test func anUnderstoodScriptExitsZeroAndAFailedLineExitsOne() throws {
        let good = try KassaBinary.run(["--file", journal, "--today", "2026-03-10"], stdin: "coffee 1500\n\n", environment: env)
        #expect(good.status == 0, "\(good.error)")
        let bad = try KassaBinary.run(["--file", journal, "--today", "2026-03-10"], stdin: ":nonsense\n", environment: env)
        #expect(bad.status == 1)
        #expect(bad.error.contains(":nonsense"))
    }

    @Test func scriptedOutputHasNoPromptsOrEscapes() throws {
        let result = try KassaBinary.run(["--file", journal, "--today", "2026-03-10"], stdin: "coffee 1500\ny\n", environment: env)
        #expect(!result.output.contains("kassa>"))
        #expect(!result.output.contains("\u{1B}["))
    }

    @Test func jsonSessionWritesOneEventPerLine() throws {
        let result = try KassaBinary.run(["--file", journal, "--today", "2026-03-10", "--json"],
                                         stdin: "coffee 1500\n\nundo\n", environment: env)
        let events = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(events.map { $0["event"] as? String } == ["draft", "saved", "undone"])
    }

    @Test func invalidUTF8AndHugeLinesAreRejectedAndTheRestStillWorks() throws {
        var input = Data("coffee 1500\ny\n".utf8)
        input.append(contentsOf: [0xFF, 0xFE, 0x41, 0x0A])
        input.append(Data(String(repeating: "9", count: 1_000_000).utf8))
        input.append(contentsOf: [0x0A])
        input.append(Data("tea 300\ny\n".utf8))
        let result = try KassaBinary.run(["--file", journal, "--today", "2026-03-10", "--lang", "en"], stdin: input, environment: env)
        #expect(result.status == 1)
        #expect(result.error.contains("UTF-8"))
        #expect(result.error.contains("too long"))
        #expect(try listJSON().count == 2)
    }

    @Test func parseAnswersALivePipeLineByLineBeforeItsEnd() throws {
        // stdin stays open: each answer must come while kassa still waits for more input.
        let child = try ChildProcess(KassaBinary.path, ["parse", "--json", "--today", "2026-03-10"], environment: env)
        child.write("coffee 1500\n")
        #expect(child.waitForOutput("\"1500.00\"", milliseconds: 30_000))
        child.write("такси 2000\n")
        #expect(child.waitForOutput("\"2000.00\"", milliseconds: 30_000))
        // A burst of lines at once is one batch, parsed by both threads and answered in order.
        child.write((1...3_000).map { "tea \($0 + 100)\n" }.joined())
        #expect(child.waitForOutput("\"3100.00\"", milliseconds: 60_000))
        child.closeInput()
        let result = child.wait()
        #expect(result.status == 0)
        let amounts = String(decoding: child.output, as: UTF8.self).split(separator: "\n").map { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])
                .flatMap { ($0["drafts"] as? [[String: Any]])?.first?["amount"] as? String }
        }
        let expected = ["1500.00", "2000.00"] + (1...3_000).map { "\($0 + 100).00" }
        #expect(amounts.count == expected.count)
        // The first answer out of place, not two whole arrays: a failure stays quick to report.
        #expect(amounts.indices.first { $0 >= expected.count || amounts[$0] != expected[$0] } == nil)
    }

    @Test func parseNeverWritesAndAnswersInJSON() throws {
        let result = try KassaBinary.run(["parse", "--json", "--today", "2026-03-10", "--file", journal],
                                         stdin: "coffee 1500\n\n", environment: env)
        let objects = try result.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(objects.count == 2)
        #expect((objects[0]["drafts"] as? [[String: Any]])?.first?["amount"] as? String == "1500.00")
        #expect(objects[1]["error"] is [String: Any])
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: journal))
    }

    @Test func aJournalThatIsADirectoryIsAJournalError() throws {
        let result = try KassaBinary.run(["--file", home.path, "--today", "2026-03-10", "--yes"],
                                         stdin: "coffee 1500\n", environment: env)
        #expect(result.status == 3)
        #expect(!result.error.isEmpty)
    }
}
