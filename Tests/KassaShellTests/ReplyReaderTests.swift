// ReplyReaderTests: the pieces of Dialog/ on their own — ReplyWords (punctuation off, pauses kept),
// DialogGrammar (longest phrase, whole-reply cover), and ReplyReader's decisions on small cases,
// positive and negative, with the shipped grammars and a fixed today.

import Testing
import KassaCore
import KassaStore
import KassaTestSupport
@testable import KassaShell

@Suite struct ReplyReaderTests {
    static let resources = Fixtures.resources
    static let parser = Parser(grammar: Grammar.load(resources.grammarSources).0)

    func reader() throws -> ReplyReader {
        let path = TestSupport.makeTemporaryDirectory("reply").appendingPathComponent("j.kassa").path
        let context = ParseContext(today: Fixtures.today, language: .en, defaultCurrency: .kzt, defaultAccount: "cash",
                                   accounts: [], learnedCategories: [:])
        return ReplyReader(grammar: Self.resources.commandWords.dialog, words: Self.resources.commandWords,
                           parser: Self.parser, context: context, journal: try Journal.open(path: path))
    }

    func drafts(_ line: String) -> [Draft] {
        Self.parser.parse(line, context: ParseContext(today: Fixtures.today, language: .en, defaultCurrency: .kzt,
                                                      defaultAccount: "cash", accounts: [], learnedCategories: [:])).drafts
    }

    @Test func wordsLoseOuterPunctuationAndKeepPauses() {
        let said = ReplyWords("Amount: 1,600.")
        #expect(said.words == ["amount", "1,600"])
        #expect(said.pauseBefore == [false, true])
        let ru = ReplyWords("Второе — 900, вообще-то")
        #expect(ru.words == ["второе", "900", "вообще-то"])
        #expect(ru.pauseBefore == [false, true, true])
        #expect(ReplyWords("«ёлка»").words == ["елка"])
    }

    @Test func notKnowingIsAReplyAndAGuessAfterItIsTheReply() throws {
        let reader = try reader()
        let waiting = drafts("coffee")
        for reply in ["no idea", "I don't remember, sorry", "не помню", "ну не знаю", "хз"] {
            guard case .unsure = reader.read(reply, drafts: waiting).reading else { Issue.record("\(reply)"); continue }
            #expect(reader.afterUnsure(reply) == nil, "\(reply)")
        }
        #expect(reader.afterUnsure("dunno, 900") == "900")
        #expect(reader.afterUnsure("ну не помню, где-то 900") == "где-то 900")
        #expect(reader.afterUnsure("no, 900") == nil)
        // More words than the phrase: not a reply of not knowing.
        if case .unsure = reader.read("no idea what it cost", drafts: waiting).reading { Issue.record("read as unsure") }
    }

    @Test func grammarMatchesTheLongestPhraseAndCoversWholeReplies() {
        var grammar = DialogGrammar()
        let problems = grammar.load("reply confirm = ok, yes, yes save, save it\nreply polite = thanks\nreply ordinal 2 = second, second one\n", file: "t.rules")
        #expect(problems.isEmpty)
        #expect(grammar.match(.ordinal, in: ["second", "one", "was"], at: 0)?.length == 2)
        #expect(grammar.match(.ordinal, in: ["second", "one"], at: 0)?.value == 2)
        // "yes save" is longer, but only "yes" + "save it" covers the reply.
        #expect(grammar.covers(["yes", "save", "it", "thanks"], with: [.confirm, .polite], requiring: .confirm))
        #expect(!grammar.covers(["thanks"], with: [.confirm, .polite], requiring: .confirm))
        #expect(!grammar.covers(["ok", "1600"], with: [.confirm, .polite], requiring: .confirm))
    }

    @Test func aNegationWithAnAmountCorrectsTheOnlyDraft() throws {
        let (reading, cue) = try reader().read("no, 1600", drafts: drafts("coffee 1500"))
        guard case .correction(let correction) = reading else { Issue.record("read as \(reading.name)"); return }
        #expect(cue == "no")
        #expect(correction.changes.count == 1)
        #expect(correction.changes[0].field == "amount" && correction.changes[0].indices == [0])
        #expect(correction.changes[0].value == .amount(Money(major: 1600, currency: .kzt)!, currencySaid: false))
    }

    @Test func eachClauseCorrectsTheDraftItNames() throws {
        let batch = drafts("coffee 1500 and taxi 2000")
        for reply in ["first from halyk and second 2500", "make the first one from halyk and the second 2500",
                      "the first from halyk, the second 2500"] {
            guard case .correction(let correction) = try reader().read(reply, drafts: batch).reading else {
                Issue.record("\(reply): not a correction"); continue
            }
            #expect(correction.changes.map(\.field) == ["account", "amount"], "\(reply)")
            #expect(correction.changes.map(\.indices) == [[0], [1]], "\(reply)")
            #expect(correction.repeated == nil)
        }
        // One field said for two drafts is no repetition: each keeps its own value.
        guard case .correction(let both) = try reader().read("the first was 1700, the second 2100", drafts: batch).reading else {
            Issue.record("not a correction"); return
        }
        #expect(both.changes.map(\.indices) == [[0], [1]])
        #expect(both.changes.map(\.value) == [.amount(Money(major: 1700, currency: .kzt)!, currencySaid: false),
                                               .amount(Money(major: 2100, currency: .kzt)!, currencySaid: false)])
        #expect(both.repeated == nil)
    }

    @Test func aPositionAfterTheValueNamesTheDraftOnlyWithAWordThatTiesThem() throws {
        let batch = drafts("coffee 1500 and taxi 2000")
        guard case .correction(let named) = try reader().read("1900 for the first", drafts: batch).reading else {
            Issue.record("not a correction"); return
        }
        #expect(named.changes.map(\.indices) == [[0]])
        // "on the 1st" is a date for the whole batch, not the first draft.
        guard case .correction(let date) = try reader().read("no, it was on the 1st", drafts: batch).reading else {
            Issue.record("not a correction"); return
        }
        #expect(date.changes.map(\.field) == ["date"])
        #expect(date.changes.map(\.indices) == [[0, 1]])
    }

    @Test func theValueTakenBackNamesTheDraft() throws {
        guard case .correction(let correction) = try reader().read("not 2000, 2300", drafts: drafts("coffee 1500 and taxi 2000")).reading else {
            Issue.record("not a correction"); return
        }
        #expect(correction.changes.map(\.indices) == [[1]])
    }

    @Test func aDraftNamedByContentOrPosition() throws {
        let batch = drafts("coffee 1500 and taxi 2000 and lunch 4000")
        guard case .correction(let byContent) = try reader().read("the taxi was 2200", drafts: batch).reading,
              case .correction(let byPosition) = try reader().read("the last one was 4500", drafts: batch).reading else {
            Issue.record("not corrections"); return
        }
        #expect(byContent.changes.map(\.indices) == [[1]])
        #expect(byPosition.changes.map(\.indices) == [[2]])
        guard case .drop(let index) = try reader().read("drop the coffee", drafts: batch).reading else { Issue.record("no drop"); return }
        #expect(index == 0)
    }

    @Test func aBatchAsksWhichAndNamesTheRange() throws {
        let batch = drafts("coffee 1500 and taxi 2000")
        guard case .whichDraft(let field, let value) = try reader().read("no, 1700", drafts: batch).reading else {
            Issue.record("did not ask"); return
        }
        #expect(field == "amount" && value == "1700")
        guard case .noSuchDraft(let said) = try reader().read("the fifth one was 900", drafts: batch).reading else {
            Issue.record("no range"); return
        }
        #expect(said == "fifth")
        // A date said once goes to every draft.
        guard case .correction(let date) = try reader().read("actually it was yesterday", drafts: batch).reading else {
            Issue.record("not a correction"); return
        }
        #expect(date.changes.map(\.indices) == [[0, 1]])
    }

    @Test func entriesAnswersAndTheDocumentedFormsAreNotCorrections() throws {
        let one = drafts("coffee 1500")
        let reader = try reader()
        #expect(reader.read("coffee 900", drafts: one).reading.name == "none")
        #expect(reader.read("and a coffee 900", drafts: one).reading.name == "entry")
        #expect(reader.read("amount 1600", drafts: one).reading.name == "none")
        #expect(reader.read("1600", drafts: one).reading.name == "none")
        #expect(reader.read("yes, save it", drafts: one).reading.name == "confirm")
        #expect(reader.read("да, сохрани", drafts: one).reading.name == "confirm")
        #expect(reader.read("never mind", drafts: one).reading.name == "refuse")
        #expect(reader.read("no, blargh", drafts: one).reading.name == "unplaced")
        #expect(reader.read("no, 1234567890123", drafts: one).reading.name == "invalid")
        #expect(reader.isUndo("undo that") && reader.isUndo("верни как было") && !reader.isUndo("undo 1500"))
    }

    @Test func aFieldSaidTwiceKeepsTheLast() throws {
        guard case .correction(let correction) = try reader().read("no, 1600, no 1700", drafts: drafts("coffee 1500")).reading else {
            Issue.record("not a correction"); return
        }
        #expect(correction.changes.count == 1)
        #expect(correction.changes[0].value == .amount(Money(major: 1700, currency: .kzt)!, currencySaid: false))
        #expect(correction.repeated?.field == "amount")
    }
}
