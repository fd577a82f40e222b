// Tests for SessionCommand and ListFilter with the real session.commands words.
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell
import KassaStore

@Suite struct SessionCommandTests {
    let words = Fixtures.resources.commandWords

    func command(_ line: String, confirming: Bool = false) -> SessionCommand? {
        SessionCommand(line: line, words: words, confirming: confirming)
    }

    @Test func colonCommandsInBothLanguages() {
        #expect(command(":help") == .help)
        #expect(command(":помощь") == .help)
        #expect(command(":undo") == .undo(.latest(1)))
        #expect(command(":undo 3") == .undo(.latest(3)))
        #expect(command(":undo #12") == .undo(.transaction(12)))
        #expect(command(":redo 2") == .redo(count: 2))
        #expect(command(":delete #3 #5-#7") == .delete(ids: [3, 5, 6, 7]))
        #expect(command(":edit #3,#4 category groceries") == .edit(ids: [3, 4], field: "category", value: "groceries"))
        #expect(command(":изменить #2 сумма 1600") == .edit(ids: [2], field: "amount", value: "1600"))
        #expect(command(":delete") == .invalid(key: "ids.expected", arguments: ["command": ":delete"]))
        #expect(command(":edit #2") == .invalid(key: "edit.usage", arguments: [:]))
        #expect(command(":отмена") == .undo(.latest(1)))
        #expect(command(":list today") == .list(.today))
        #expect(command(":список вчера") == .list(.yesterday))
        #expect(command(":list 5") == .list(.latest(5)))
        #expect(command(":list") == .list(.latest(ListFilter.defaultCount)))
        #expect(command(":list someday") == .invalid(key: "list.bad-filter", arguments: ["value": "someday"]))
        #expect(command(":frobnicate") == nil)
    }

    @Test func bareWordsAloneOnALine() {
        #expect(command("help") == .help)
        #expect(command("Quit") == .quit)
        #expect(command("exit") == .quit)
        #expect(command("выход") == .quit)
        #expect(command("повтор") == .redo(count: 1))
        #expect(command("help me with coffee 1500") == nil)
    }

    @Test func answersComeFirstWhileADraftWaits() {
        #expect(command("y", confirming: true) == .confirm)
        #expect(command("д", confirming: true) == .confirm)
        #expect(command("нет", confirming: true) == .discard)
        #expect(command("отмена", confirming: true) == .discard)
        #expect(command("отмена", confirming: false) == .undo(.latest(1)))
        #expect(command("y", confirming: false) == nil)
    }

    @Test func listFilterSelects() throws {
        let today = Fixtures.today
        let path = TestSupport.makeTemporaryDirectory("list-filter").appendingPathComponent("j.kassa").path
        let journal = try Journal.open(path: path)
        for days in [-2, -1, 0] {
            _ = try journal.commit([Draft(amount: Money(minorUnits: 100, currency: .kzt), date: today.adding(days: days))], input: "")
        }
        func selected(_ listFilter: ListFilter) -> [Transaction] {
            var filter = TransactionFilter()
            listFilter.narrow(&filter, today: today)
            return journal.query(filter)
        }
        #expect(selected(.today).map(\.id) == [3])
        #expect(selected(.yesterday).map(\.id) == [2])
        #expect(selected(.latest(2)).map(\.id) == [2, 3])
        #expect(selected(.all).count == 3)
    }
}
