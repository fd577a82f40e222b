// Tests for SessionCommand and ListFilter with the real session.commands words.
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell

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

    @Test func listFilterSelects() {
        let today = Fixtures.today
        let make = { (id: Int, days: Int) in
            Transaction(id: id, type: .expense, amount: Money(minorUnits: 100, currency: .kzt), date: today.adding(days: days))
        }
        let all = [make(1, -2), make(2, -1), make(3, 0)]
        #expect(ListFilter.today.apply(to: all, today: today).map(\.id) == [3])
        #expect(ListFilter.yesterday.apply(to: all, today: today).map(\.id) == [2])
        #expect(ListFilter.latest(2).apply(to: all, today: today).map(\.id) == [2, 3])
        #expect(ListFilter.all.apply(to: all, today: today).count == 3)
    }
}
