// TextRenderer: session events as localized text for a person: draft cards, confirmations,
// lists, and errors with a caret under the words they concern. Every word comes from Locales/.

import KassaCore
import KassaLedger
import KassaStore

public struct TextRenderer: SessionRenderer, Sendable {
    public let catalog: Catalog
    /// Writes style marks, which the safety pass over every rendered line turns into colour.
    public private(set) var style: TextStyle
    /// Made on first use: it reads the catalog, which a command that shows no money (`kassa
    /// parse --json`) then never reads.
    private let deferredMoney: Deferred<MoneyFormatter>
    private var money: MoneyFormatter { deferredMoney.value }
    /// The grammar gives category display names; it is built only when a name is shown, so
    /// `kassa list` never loads the grammars.
    private let lazyGrammar: @Sendable () -> Grammar

    public var grammar: Grammar { lazyGrammar() }
    /// Category display names read from the rule files alone (no grammar is built for a list).
    public var categoryNames = CategoryNames()

    public init(catalog: Catalog, grammar: Grammar, style: TextStyle) {
        self.init(catalog: catalog, style: style, grammar: { grammar })
    }

    public init(catalog: Catalog, style: TextStyle, grammar: @escaping @Sendable () -> Grammar) {
        self.catalog = catalog
        self.style = style.marking
        lazyGrammar = grammar
        deferredMoney = Deferred { MoneyFormatter(catalog: catalog) }
    }

    /// This renderer without colour: for text that goes into JSON messages.
    public var unstyled: TextRenderer {
        var renderer = self
        renderer.style = TextStyle(enabled: false)
        return renderer
    }

    /// The event's lines, each through the one safety pass: nothing person-made (notes,
    /// inputs, names, typed values, file names) reaches the terminal raw, whichever output
    /// carries it.
    public func render(_ event: SessionEvent) -> [OutputLine] {
        // JSON and CSV lines (`report --csv`, `budget --json` in a session) are data, written as
        // their own writers made them (CSV's CRLF, JSON's escapes), not made visible.
        if case .output(let output) = event, output.textIsData { return output.textLines(self).map { OutputLine($0) } }
        if case .report(let output) = event, output.format != .text { return lines(event) }
        return safe(lines(event))
    }

    /// Lines through TerminalSafety.rendered.
    func safe(_ lines: [OutputLine]) -> [OutputLine] {
        lines.map { OutputLine(TerminalSafety.rendered($0.text), to: $0.stream) }
    }

    /// The event's lines before the safety pass.
    private func lines(_ event: SessionEvent) -> [OutputLine] {
        switch event {
        case .drafts(let drafts, _, let questions):
            return cards(drafts) + questions.map { question in
                // Amounts as money in the draft's currency ("₸1,500.00 / ₸2,000.00"), the rest as said.
                let currency = drafts.indices.contains(question.draftIndex) ? drafts[question.draftIndex].amount?.currency : nil
                let options = question.options.map { option in
                    guard question.field == "amount", let currency, let amount = Money(decimal: option, currency: currency) else { return option }
                    return money(amount)
                }
                return OutputLine(style.note(catalog.text("question.\(question.field)", ["options": options.joined(separator: " / ")])))
            }
        case .awaitingAnswer:
            return [OutputLine(style.dim(catalog.text("draft.hint")))]
        case .corrected(let drafts):
            return cards(drafts)
        case .amountNeeded:
            return [OutputLine(style.note(catalog.text("draft.amount-needed")))]
        case .saved(let transactions, let budgets):
            if transactions.count == 1, let only = transactions.first {
                return [OutputLine(style.good(catalog.text("saved.one", ["summary": summary(only)])))]
                    + budgetLinesAfterSave(budgets)
            }
            return [OutputLine(style.good(catalog.text("saved.many", count: transactions.count, [
                "ids": transactions.map { "#\($0.id)" }.joined(separator: ", "),
            ])))] + budgetLinesAfterSave(budgets)
        case .discarded(let count):
            return [OutputLine(catalog.text("discarded", count: count))]
        case .undone(let change):
            return [OutputLine(catalog.text("undo.done", ["change": describe(change)]))]
        case .redone(let change):
            return [OutputLine(catalog.text("redo.done", ["change": describe(change)]))]
        case .changed(let change):
            return [OutputLine(style.good(catalog.text("changed.\(change.kind.rawValue)", [
                "items": change.transactions.map(summary).joined(separator: "; "),
            ])))]
        case .listing(let transactions):
            if transactions.isEmpty { return [OutputLine(catalog.text("list.empty"))] }
            let layout = ListLayout(renderer: self, sample: transactions)
            var totals = ListingStream.Totals()
            var lines = [OutputLine(style.dim(layout.header))]
            for transaction in transactions {
                totals.add(transaction)
                lines.append(OutputLine(layout.row(transaction)))
            }
            return lines + [OutputLine(style.dim(layout.footer(count: transactions.count, totals: totals)))]
        case .lesson(let phrase, let category):
            return [OutputLine(style.note(catalog.text("lesson.learned", [
                "phrase": phrase, "category": category.map { categoryNames.name($0, language: catalog.language) ?? $0 } ?? "—",
            ])))]
        case .output(let output):
            return output.textLines(self).map { OutputLine($0) }
        case .report(let output):
            return reportLines(output).map { OutputLine($0) }
        case .error(let error, let input, let span):
            return errorLines(error, input: input, span: span)
        case .notice(let key, let arguments, let count):
            let text = count.map { catalog.text(key, count: $0, arguments) } ?? catalog.text(key, arguments)
            return [OutputLine(style.note(text))]
        case .quit:
            return []
        case .doubt(let index, let count, let doubt, let held):
            let number = count > 1 ? "\(index + 1). " : ""
            if held {
                return [OutputLine(catalog.text("doubt.held", ["number": String(index + 1), "question": question(doubt)]), to: .error)]
            }
            return [OutputLine("  " + number + style.note("? " + question(doubt)))]
        case .dialog(let note):
            return dialogLines(note)
        }
    }

    /// Streams a listing: each row is materialized, formatted and buffered in turn, so a
    /// million rows never sit in memory at once.
    public func write(_ event: SessionEvent, to console: Console) {
        guard case .listing(let transactions) = event, !transactions.isEmpty else {
            console.write(render(event))
            return
        }
        let layout = ListLayout(renderer: self, sample: transactions)
        console.write(safe([OutputLine(style.dim(layout.header))]))
        // The text listing shows no dictated input: rows are read without it.
        let totals = ListingStream.write(transactions, to: console, readsInput: false) { transaction, out in
            layout.append(transaction, to: &out)
        }
        console.write(safe([OutputLine(style.dim(layout.footer(count: transactions.count, totals: totals)))]))
    }

    /// A report as text, or as JSON / CSV when the command asked for them (`:report --csv`).
    func reportLines(_ output: ReportOutput) -> [String] {
        var names: [String: String] = [:]
        if output.format == .text {
            for category in grammar.categories { names[category.slug] = category.names[catalog.language] }
        }
        let text = ReportText(catalog: catalog, style: output.format == .text ? style : TextStyle(enabled: false),
                              output: output, categoryNames: names)
        switch output.format {
        case .text: return text.lines(output)
        case .json: return ReportJSON(catalog: catalog, sentence: text.sentence).lines(output)
        case .csv: return ReportCSV.lines(output, sentence: text.sentence)
        }
    }

    // MARK: - Pieces

    func cards(_ drafts: [Draft]) -> [OutputLine] {
        var lines: [OutputLine] = []
        for (index, draft) in drafts.enumerated() {
            var amount = draft.amount.map(money.format) ?? catalog.text("card.no-amount")
            // The optional fields beside the amount: what an exchange brings, what the account was
            // charged for a purchase in another currency.
            if draft.amount != nil {
                for field in TransactionField.allCases {
                    if let value = field.value(in: draft) { amount = withOptional(amount, field, value) }
                }
            }
            let number = drafts.count > 1 ? "\(index + 1). " : ""
            var header = "  " + number + style.bold(amount) + "  " + catalog.text("type.\(draft.type.rawValue)")
            if let recurrence = draft.recurrence {
                header += ", " + (draft.interval > 1 ? catalog.text("recurring.every.\(recurrence.rawValue)", count: draft.interval)
                    : catalog.text("recurrence.\(recurrence.rawValue)"))
            }
            if draft.has(.currencyUnknown) {
                header += "  " + style.note(catalog.text("card.currency-unknown"))
            }
            lines.append(OutputLine(header))
            func field(_ label: String, _ value: String, _ flag: DraftFlag? = nil, _ mark: String = "") {
                var text = "      " + pad(catalog.text("card.\(label)"), to: labelWidth) + "  " + value
                if let flag, draft.has(flag) { text += "  " + style.dim(catalog.text("card.\(mark)")) }
                lines.append(OutputLine(text))
            }
            if draft.type == .transfer {
                field("from", draft.account ?? "—", draft.has(.accountGuessed) ? .accountGuessed : .accountDefault,
                      draft.has(.accountGuessed) ? "guessed" : "default")
                field("to", draft.toAccount ?? "—")
            } else {
                field("category", categoryName(draft.category), .categoryGuessed, "guessed")
                field("account", draft.account ?? "—", draft.has(.accountGuessed) ? .accountGuessed : .accountDefault,
                      draft.has(.accountGuessed) ? "guessed" : "default")
            }
            field("date", formatDate(draft.date) + (draft.time.map { " " + $0.description } ?? ""),
                  draft.has(.dateCarried) ? .dateCarried : .dateAssumed, draft.has(.dateCarried) ? "carried" : "assumed")
            if !draft.note.isEmpty { field("note", draft.note) }
        }
        return lines
    }

    /// The question a doubt asks, in the interface language.
    public func question(_ doubt: Doubt) -> String {
        catalog.text("doubt.\(doubt.reason.rawValue)", ["text": doubt.text, "field": catalog.text("doubt.field.\(doubt.field.rawValue)")])
    }

    /// `drafts` with each doubt's question said (for JSON, which writes it as a field).
    public func asked(_ drafts: [Draft]) -> [Draft] {
        guard drafts.contains(where: { !$0.doubts.isEmpty }) else { return drafts }
        return drafts.map { draft in
            var draft = draft
            for k in draft.doubts.indices { draft.doubts[k].question = question(draft.doubts[k]) }
            return draft
        }
    }

    private var labelWidth: Int {
        ["category", "account", "date", "note", "from", "to"].map { catalog.text("card.\($0)").count }.max() ?? 8
    }

    /// `text` as the safety pass will show it (a note's ESC as `\x1B`): a table measures and pads
    /// what it will show, so a column stays straight when a name holds a control character.
    func shown(_ text: String) -> String { TerminalSafety.visible(text) }

    func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    public func categoryName(_ slug: String?) -> String {
        guard let slug else { return catalog.text("card.no-category") }
        let name = categoryNames.name(slug, language: catalog.language)
        return name.map { "\($0) (\(slug))" } ?? slug
    }

    /// Money as the interface language writes it.
    func money(_ amount: Money) -> String { money.format(amount) }

    /// The formatter itself, for writers that put amounts straight into bytes.
    var moneyFormatter: MoneyFormatter { money }

    public func formatDate(_ date: CivilDate) -> String {
        catalog.text("date.pattern", [
            "weekday": catalog.text("weekday.\(date.isoWeekday)"),
            "day": String(date.day),
            "month": catalog.text("month.\(date.month)"),
            "year": String(date.year),
        ])
    }

    /// `amount` as a card says it with an optional field's value beside it ("$100 → ₸52,000").
    private func withOptional(_ amount: String, _ field: TransactionField, _ value: Money) -> String {
        let message = field.cardMessage
        return catalog.text(message.key, ["amount": amount, message.parameter: money.format(value)])
    }

    func summary(_ transaction: Transaction) -> String {
        var amount = money.format(transaction.amount)
        for field in TransactionField.allCases {
            if let value = field.value(in: transaction) { amount = withOptional(amount, field, value) }
        }
        var parts = ["#\(transaction.id)", amount]
        if transaction.type == .transfer {
            parts.append((transaction.account ?? "—") + " → " + (transaction.toAccount ?? "—"))
        } else if let category = transaction.category {
            parts.append(categoryNames.name(category, language: catalog.language) ?? category)
        }
        if !transaction.note.isEmpty { parts.append(catalog.text("summary.note", ["note": transaction.note])) }
        parts.append(formatDate(transaction.date))
        return parts.joined(separator: " ")
    }

    func describe(_ change: Change) -> String {
        // Undo and redo speak of the change they took back or brought back — of an import's
        // million rows, the first few and how many more (one line, not megabytes of it).
        let shown = TextRenderer.changeItemsShown
        var items = change.transactions.prefix(shown).map(summary).joined(separator: "; ")
        if change.transactions.count > shown {
            items += " " + catalog.text("change.more", ["count": String(change.transactions.count - shown)])
        }
        return catalog.text(kindKey("change", change.targetKind ?? change.kind, objectKinds: change.objectKinds), [
            "items": items,
            "subjects": change.subjects.joined(separator: ", "),
        ])
    }

    /// Transactions an undo or redo line names before it says how many more.
    static let changeItemsShown = 10

    /// `PREFIX.KIND`; for an object change `PREFIX.object.OBJECTKIND` of the first kind written
    /// ("change.object.rate"), so history and undo say "exchange rate", not "object".
    func kindKey(_ prefix: String, _ kind: Change.Kind, objectKinds: [String]) -> String {
        if kind == .object, let first = objectKinds.first, catalog.has(prefix + ".object." + first) {
            return prefix + ".object." + first
        }
        return prefix + "." + kind.rawValue
    }

    func errorLines(_ error: any LocalizableError, input: String?, span: Range<Int>?) -> [OutputLine] {
        // The input as it will be shown (escapes made visible), so its length is what is shown.
        let input = input.map(TerminalSafety.visible)
        var lines = [OutputLine(style.bad(catalog.text("error.prefix")) + " " + message(error), to: .error)]
        if let input, !input.isEmpty, input.count <= 200 {
            lines.append(OutputLine("  " + input, to: .error))
            if let span, span.lowerBound >= 0, span.upperBound <= input.count, !span.isEmpty {
                lines.append(OutputLine("  " + String(repeating: " ", count: span.lowerBound)
                    + String(repeating: "^", count: span.count), to: .error))
            }
        }
        return lines
    }

    /// The error's message; a system error number becomes its reason in words ("permission
    /// denied", "нет такого файла"), never "(errno 13)".
    public func message(_ error: any LocalizableError) -> String {
        var arguments = error.messageArguments
        if let number = arguments["errno"], !number.isEmpty {
            arguments["reason"] = catalog.has("errno.\(number)")
                ? catalog.text("errno.\(number)") : catalog.text("errno.other", ["errno": number])
        }
        return catalog.text(error.messageKey, arguments)
    }
}
