// JSONRenderer: session events as one JSON object per line (`--json`), for programs.
// Messages are still localized, but fields and codes are stable.

import KassaCore
import KassaInterchange
import KassaLedger
import KassaStore

public struct JSONRenderer: SessionRenderer {
    public let text: TextRenderer
    /// On the command line (`kassa list --json`) a listing is one TRANSACTION per line, the form
    /// `kassa import` reads back, and errors are text on stderr; in a session a listing is one
    /// "list" event and an error an "error" event.
    public let listingAsLines: Bool

    public init(text: TextRenderer, listingAsLines: Bool = false) {
        self.text = text
        self.listingAsLines = listingAsLines
    }

    public func write(_ event: SessionEvent, to console: Console) {
        // On the command line stdout carries only the data (transaction lines, a balance);
        // a complaint goes to stderr as text, as a person or a script's log wants it.
        if listingAsLines, case .error = event {
            console.write(text.render(event))
            return
        }
        guard listingAsLines, case .listing(let transactions) = event else {
            console.write(render(event))
            return
        }
        ListingStream.write(transactions, to: console) { transaction, out in
            JSONLinesWriter.append(transaction, to: &out)
        }
    }

    public func render(_ event: SessionEvent) -> [OutputLine] {
        var json = JSONWriter()
        switch event {
        case .drafts(let drafts, let input, let questions):
            json.add("event", "draft")
            json.add("input", input)
            json.add("drafts", raw: JSONWriter.array(drafts.map(JSONEncoding.draft)))
            if !questions.isEmpty { json.add("questions", raw: JSONWriter.array(questions.map(JSONEncoding.question))) }
        case .corrected(let drafts):
            json.add("event", "draft")
            json.add("corrected", true)
            json.add("drafts", raw: JSONWriter.array(drafts.map(JSONEncoding.draft)))
        case .amountNeeded(let index):
            json.add("event", "question")
            json.add("draft", index)
            json.add("field", "amount")
        case .saved(let transactions, let budgets):
            json.add("event", "saved")
            json.add("transactions", raw: JSONWriter.array(transactions.map(JSONEncoding.transaction)))
            if !budgets.isEmpty { json.add("budgets", raw: JSONWriter.array(budgets.map(BudgetJSON.object))) }
        case .lesson(let phrase, let category):
            json.add("event", "lesson")
            json.add("phrase", phrase)
            json.add("category", category)
        case .lessons(let lessons):
            json.add("event", "lessons")
            json.add("lessons", raw: JSONWriter.array(lessons.map { lesson in
                var item = JSONWriter()
                item.add("phrase", lesson.phrase)
                item.add("category", lesson.category)
                return item.result
            }))
        case .discarded(let count):
            json.add("event", "discarded")
            json.add("count", count)
        case .undone(let change), .redone(let change), .changed(let change):
            switch event {
            case .undone: json.add("event", "undone")
            case .redone: json.add("event", "redone")
            default: json.add("event", change.kind == .delete ? "deleted" : "edited")
            }
            json.add("change", (change.targetKind ?? change.kind).rawValue)
            json.add("transactions", raw: JSONWriter.array(change.transactions.map(JSONEncoding.transaction)))
        case .listing(let transactions):
            json.add("event", "list")
            json.add("transactions", raw: JSONWriter.array(transactions.map(JSONEncoding.transaction)))
        case .balance(let lines):
            json.add("event", "balance")
            json.add("lines", raw: JSONWriter.array(lines.map { line in
                var item = JSONWriter()
                item.add("account", line.account)
                item.add("amount", line.amount.decimalString)
                item.add("currency", line.amount.currency.code)
                item.add("count", line.count)
                // Extensions (DESIGN.md §8: extend, never break): the opening balance included in
                // "amount", and the transactions dated after today, never in it.
                item.add("opening", line.opening.decimalString)
                item.add("planned", line.planned.decimalString)
                item.add("planned_count", line.plannedCount)
                return item.result
            }))
        case .report(let output):
            // Report objects are complete lines of their own (DESIGN.md §8); CSV stays CSV.
            let format: ReportFormat = output.format == .csv ? .csv : .json
            let lines = text.reportLines(ReportOutput(kind: output.kind, result: output.result, format: format,
                                                      chart: output.chart, base: output.base, today: output.today))
            return lines.map { OutputLine($0) }
        case .history(let history):
            json.add("event", "history")
            json.add("entries", raw: JSONWriter.array(history.entries.map { entry in
                var item = JSONWriter()
                item.add("number", entry.number)
                item.add("kind", entry.kind.rawValue)
                item.add("ids", strings: entry.ids.map(String.init))
                item.add("targets", strings: entry.targets.map(String.init))
                item.add("in_effect", entry.inEffect)
                return item.result
            }))
            json.add("next_undo", history.nextUndo.map(String.init))
            json.add("next_redo", history.nextRedo.map(String.init))
        case .accounts(let accounts, let defaultAccount):
            json.add("event", "accounts")
            json.add("default", defaultAccount)
            json.add("accounts", raw: JSONWriter.array(accounts.map(JSONEncoding.account)))
        case .categories(let categories):
            json.add("event", "categories")
            json.add("categories", raw: JSONWriter.array(categories.map { category in
                var item = JSONWriter()
                item.add("slug", category.slug)
                for language in Language.allCases { item.add(dynamicKey: "name_" + language.rawValue, category.info.names[language]) }
                item.add("type", category.type.rawValue)
                item.add("own", category.own)
                return item.result
            }))
        case .rates(let base, let rates):
            return rateLines(rates, base: base)
        case .settingChanged(let key, let arguments):
            json.add("event", String(key.prefix { $0 != "." }))
            json.add("code", key)
            json.add("message", text.catalog.text(key, arguments))
        case .accountChanged(let key, let arguments):
            json.add("event", "account")
            json.add("code", key)
            json.add("message", text.catalog.text(key, arguments))
        case .explanation(let result):
            json.add("event", "explanation")
            json.add("result", raw: JSONEncoding.parseResult(result, message: text.message, explain: true))
        case .help(let form, let topic):
            json.add("event", "help")
            json.add("commands", raw: JSONWriter.array(HelpText(catalog: text.catalog).entries(form: form, topic: topic).map { entry in
                var item = JSONWriter()
                item.add("name", entry.name)
                item.add("usage", entry.usage)
                item.add("summary", entry.summary)
                return item.result
            }))
        case .output(let output):
            return output.jsonObjects(text).map { OutputLine($0.result) }
        case .text(let lines):
            json.add("event", "report")
            json.add("lines", strings: lines)
        case .error(let error, let input, _):
            json.add("event", "error")
            json.add("code", JSONEncoding.code(of: error))
            json.add("message", text.message(error))
            if let input { json.add("input", input) }
        case .notice(let key, let arguments, let count):
            json.add("event", "notice")
            json.add("code", key)
            json.add("message", count.map { text.catalog.text(key, count: $0, arguments) } ?? text.catalog.text(key, arguments))
        case .quit, .awaitingAnswer:
            return []
        case .due, .seriesStarted, .seriesAmountChanged, .recurring:
            return recurringJSON(event)
        case .budgets(let listing):
            // One object per budget, a line of its own (DESIGN.md §8), as reports are.
            return listing.statuses.map { OutputLine(BudgetJSON.object($0)) }
        case .budgetChanged(let budget, let removed):
            json.add("event", "budget")
            json.add("code", removed ? "budget.removed" : "budget.set")
            json.add("category", budget.category)
            json.add("removed", removed)
            if !removed {
                json.add("period", budget.frequency.rawValue)
                json.add("limit", budget.limit.decimalString)
                json.add("currency", budget.limit.currency.code)
                json.add("reset_day", budget.resetDay)
                json.add("rollover", budget.rollover)
                json.add("since", budget.since.iso)
            }
            json.add("message", text.budgetChangeText(budget, removed: removed))
        case .dialog(let note):
            // A notice, as DESIGN.md §9 keeps the dialog's events: its code says which.
            json.add("event", "notice")
            json.add("code", note.code)
            if case .changed(let number, let field, _, _) = note {
                json.add("field", field)
                if let number { json.add("draft", number) }
            }
            json.add("message", text.dialogLines(note).map(\.text).joined(separator: "\n"))
        case .answer(let result, _):
            // `kassa ask --json` prints the object alone (DESIGN.md §9); a session names the event.
            return [OutputLine(AskJSON.object(result, text: text, event: !listingAsLines))]
        case .askExplanation(let result):
            json.add("event", "explanation")
            json.add("question", raw: AskJSON.object(result, text: text))
        }
        return [OutputLine(json.result)]
    }
}
