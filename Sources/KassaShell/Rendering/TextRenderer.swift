// TextRenderer: session events as localized text for a person: draft cards, confirmations,
// lists, and errors with a caret under the words they concern. Every word comes from Locales/.

import KassaCore
import KassaLedger
import KassaStore

public struct TextRenderer: SessionRenderer {
    public let catalog: Catalog
    public let style: TextStyle
    private let money: MoneyFormatter
    /// The grammar gives category display names; it is built only when a name is shown, so
    /// `kassa list` never loads the grammars.
    private let lazyGrammar: @Sendable () -> Grammar

    public var grammar: Grammar { lazyGrammar() }

    public init(catalog: Catalog, grammar: Grammar, style: TextStyle) {
        self.init(catalog: catalog, style: style, grammar: { grammar })
    }

    public init(catalog: Catalog, style: TextStyle, grammar: @escaping @Sendable () -> Grammar) {
        self.catalog = catalog
        self.style = style
        lazyGrammar = grammar
        money = MoneyFormatter(catalog: catalog)
    }

    public func render(_ event: SessionEvent) -> [OutputLine] {
        switch event {
        case .drafts(let drafts, _, let questions):
            return cards(drafts) + questions.map { question in
                OutputLine(style.note(catalog.text("question.\(question.field)", [
                    "options": question.options.joined(separator: " / "),
                ])))
            }
        case .awaitingAnswer:
            return [OutputLine(style.dim(catalog.text("draft.hint")))]
        case .corrected(let drafts):
            return cards(drafts)
        case .amountNeeded:
            return [OutputLine(style.note(catalog.text("draft.amount-needed")))]
        case .saved(let transactions):
            if transactions.count == 1, let only = transactions.first {
                return [OutputLine(style.good(catalog.text("saved.one", ["summary": summary(only)])))]
            }
            return [OutputLine(style.good(catalog.text("saved.many", count: transactions.count, [
                "ids": transactions.map { "#\($0.id)" }.joined(separator: ", "),
            ])))]
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
            return transactions.map { OutputLine(listLine($0)) }
                + [OutputLine(style.dim(catalog.text("list.count", count: transactions.count)))]
        case .text(let lines):
            return lines.map { OutputLine($0) }
        case .balance(let lines):
            if lines.isEmpty { return [OutputLine(catalog.text("list.empty"))] }
            let width = lines.map { ($0.account ?? "—").count }.max() ?? 4
            return lines.map { line in
                OutputLine("  " + pad(line.account ?? "—", to: width) + "  " + money.format(line.amount) + "  "
                    + style.dim(catalog.text("list.count", count: line.count)))
            }
        case .report(let output):
            return reportLines(output).map { OutputLine($0) }
        case .history(let history):
            return historyLines(history)
        case .accounts(let accounts, let defaultAccount):
            var lines = [OutputLine("  " + defaultAccount + "  " + style.dim(catalog.text("card.default")))]
            for account in accounts where account.name != defaultAccount {
                var text = "  " + account.name
                if !account.aliases.isEmpty { text += "  " + catalog.text("account.aliases", ["aliases": account.aliases.joined(separator: ", ")]) }
                if let currency = account.currency { text += "  " + currency.code }
                lines.append(OutputLine(text))
            }
            return lines
        case .categories(let categories):
            let width = categories.map(\.slug.count).max() ?? 10
            return categories.map { OutputLine("  " + pad($0.slug, to: width) + "  " + ($0.names[catalog.language] ?? "")) }
        case .accountChanged(let key, let arguments):
            return [OutputLine(style.good(catalog.text(key, arguments)))]
        case .explanation(let result):
            return explain(result)
        case .help(let form, let topic):
            return HelpText(catalog: catalog).lines(form: form, topic: topic).map { OutputLine($0) }
        case .error(let error, let input, let span):
            return errorLines(error, input: input, span: span)
        case .notice(let key, let arguments, let count):
            let text = count.map { catalog.text(key, count: $0, arguments) } ?? catalog.text(key, arguments)
            return [OutputLine(style.note(text))]
        case .quit:
            return []
        }
    }

    /// Streams a listing: each row is materialized, formatted and buffered in turn, so a
    /// million rows never sit in memory at once.
    public func write(_ event: SessionEvent, to console: Console) {
        guard case .listing(let transactions) = event, !transactions.isEmpty else {
            console.write(render(event))
            return
        }
        for transaction in transactions {
            console.withOutput { out in
                out.append(contentsOf: listLine(transaction).utf8)
                out.append(10)
            }
        }
        console.write([OutputLine(style.dim(catalog.text("list.count", count: transactions.count)))])
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
            let amount = draft.amount.map(money.format) ?? catalog.text("card.no-amount")
            let number = drafts.count > 1 ? "\(index + 1). " : ""
            var header = "  " + number + style.bold(amount) + "  " + catalog.text("type.\(draft.type.rawValue)")
            if let recurrence = draft.recurrence {
                header += ", " + catalog.text("recurrence.\(recurrence.rawValue)")
            }
            lines.append(OutputLine(header))
            func field(_ label: String, _ value: String, _ flag: DraftFlag? = nil, _ mark: String = "") {
                var text = "      " + pad(catalog.text("card.\(label)"), to: labelWidth) + "  " + value
                if let flag, draft.has(flag) { text += "  " + style.dim(catalog.text("card.\(mark)")) }
                lines.append(OutputLine(text))
            }
            if draft.type == .transfer {
                field("from", draft.account ?? "—", .accountDefault, "default")
                field("to", draft.toAccount ?? "—")
            } else {
                field("category", categoryName(draft.category), .categoryGuessed, "guessed")
                field("account", draft.account ?? "—", .accountDefault, "default")
            }
            field("date", formatDate(draft.date) + (draft.time.map { " " + $0.description } ?? ""),
                  .dateAssumed, "assumed")
            if !draft.note.isEmpty { field("note", draft.note) }
        }
        return lines
    }

    private var labelWidth: Int {
        ["category", "account", "date", "note", "from", "to"].map { catalog.text("card.\($0)").count }.max() ?? 8
    }

    func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    public func categoryName(_ slug: String?) -> String {
        guard let slug else { return catalog.text("card.no-category") }
        let name = grammar.categories.first { $0.slug == slug }?.names[catalog.language]
        return name.map { "\($0) (\(slug))" } ?? slug
    }

    public func formatDate(_ date: CivilDate) -> String {
        catalog.text("date.pattern", [
            "weekday": catalog.text("weekday.\(date.isoWeekday)"),
            "day": String(date.day),
            "month": catalog.text("month.\(date.month)"),
            "year": String(date.year),
        ])
    }

    func summary(_ transaction: Transaction) -> String {
        var parts = ["#\(transaction.id)", money.format(transaction.amount)]
        if transaction.type == .transfer {
            parts.append((transaction.account ?? "—") + " → " + (transaction.toAccount ?? "—"))
        } else if let category = transaction.category {
            parts.append(grammar.categories.first { $0.slug == category }?.names[catalog.language] ?? category)
        }
        if !transaction.note.isEmpty { parts.append(catalog.text("summary.note", ["note": transaction.note])) }
        parts.append(formatDate(transaction.date))
        return parts.joined(separator: " ")
    }

    func describe(_ change: Change) -> String {
        // Undo and redo speak of the change they took back or brought back.
        catalog.text("change.\((change.targetKind ?? change.kind).rawValue)", [
            "items": change.transactions.map(summary).joined(separator: "; "),
        ])
    }

    func listLine(_ transaction: Transaction) -> String {
        let sign = transaction.type == .income ? "+" : (transaction.type == .transfer ? "⇄" : "−")
        var columns = [
            pad("#\(transaction.id)", to: 5), transaction.date.iso,
            sign + money.format(transaction.amount),
        ]
        columns.append(transaction.type == .transfer
            ? (transaction.account ?? "—") + " → " + (transaction.toAccount ?? "—")
            : (transaction.category ?? "—"))
        if transaction.type != .transfer { columns.append(transaction.account ?? "—") }
        if !transaction.note.isEmpty { columns.append(transaction.note) }
        return columns.joined(separator: "  ")
    }

    func historyLines(_ history: History) -> [OutputLine] {
        if history.entries.isEmpty { return [OutputLine(catalog.text("history.empty"))] }
        var lines: [OutputLine] = []
        for entry in history.entries {
            var text = "  " + pad("\(entry.number)", to: 5) + pad(catalog.text("history.kind.\(entry.kind.rawValue)"), to: 12)
            if !entry.ids.isEmpty {
                text += entry.ids.prefix(5).map { "#\($0)" }.joined(separator: " ")
                if entry.transactionCount > 5 { text += " … (\(entry.transactionCount))" }
            }
            if !entry.targets.isEmpty { text += "→ " + entry.targets.map { "\($0)" }.joined(separator: ", ") }
            if entry.kind != .undo && entry.kind != .redo && !entry.inEffect && entry.kind != .account && entry.kind != .learn {
                text += "  " + style.dim(catalog.text("history.undone"))
            }
            if entry.number == history.nextUndo { text += "  " + style.note(catalog.text("history.next-undo")) }
            if entry.number == history.nextRedo { text += "  " + style.note(catalog.text("history.next-redo")) }
            lines.append(OutputLine(text))
        }
        lines.append(OutputLine(style.dim(catalog.text("history.total", count: history.total))))
        return lines
    }

    func explain(_ result: ParseResult) -> [OutputLine] {
        var lines = [OutputLine(catalog.text("why.header", ["input": result.input]))]
        for (index, items) in result.explanations.enumerated() {
            if result.explanations.count > 1 { lines.append(OutputLine("  \(index + 1).")) }
            for item in items {
                lines.append(OutputLine("    " + pad(item.field, to: 10) + "  “" + item.words + "”  " + style.dim(item.rule)))
            }
        }
        if result.explanations.allSatisfy(\.isEmpty) { lines.append(OutputLine(catalog.text("why.no-rules"))) }
        return lines
    }

    func errorLines(_ error: any LocalizableError, input: String?, span: Range<Int>?) -> [OutputLine] {
        var lines = [OutputLine(style.bad(catalog.text("error.prefix")) + " "
            + catalog.text(error.messageKey, error.messageArguments), to: .error)]
        if let input, !input.isEmpty, input.count <= 200 {
            lines.append(OutputLine("  " + input, to: .error))
            if let span, span.lowerBound >= 0, span.upperBound <= input.count, !span.isEmpty {
                lines.append(OutputLine("  " + String(repeating: " ", count: span.lowerBound)
                    + String(repeating: "^", count: span.count), to: .error))
            }
        }
        return lines
    }

    public func message(_ error: any LocalizableError) -> String {
        catalog.text(error.messageKey, error.messageArguments)
    }
}
