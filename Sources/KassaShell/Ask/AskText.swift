// AskText: an answer as one or two sentences in the interface language — the number, the period
// and what was counted ("Coffee, 1–26 Nov: ₸23,400.00 in 17 transactions — ₸4,100.00 more than
// in Oct.") — with a small bar chart when a ranking was asked for, and what was not understood
// said plainly ("I understood: spending on coffee; I don't know the period “last season”").
// `:why` shows how the question was read. Every word comes from Locales/*/ask.messages.

import KassaCore
import KassaLedger

extension TextRenderer {
    func answerLines(_ result: AskResult) -> [OutputLine] {
        let query = result.query, answer = result.answer
        if let period = query.unknownPeriod {
            return [OutputLine(style.note(catalog.text("ask.unknown-period", ["understood": understood(query, today: result.today), "period": period])))]
        }
        if query.kind == .unknown {
            return [OutputLine(style.note(sentence(result)))]
        }
        if !result.unread.isEmpty { return [OutputLine(style.note(sentence(result)))] }
        var lines = [OutputLine(sentence(result))]
        if answer.skipped > 0 {
            lines.append(OutputLine(style.dim(catalog.text("ask.skipped", count: answer.skipped, [:]))))
        }
        lines += chart(result)
        return lines
    }

    /// The answer's sentence alone (also the JSON's "text").
    func sentence(_ result: AskResult) -> String {
        let query = result.query, answer = result.answer
        if let period = query.unknownPeriod {
            return catalog.text("ask.unknown-period", ["understood": understood(query, today: result.today), "period": period])
        }
        if !result.unread.isEmpty {
            var read = query
            read.text = nil
            return catalog.text("ask.unread", ["understood": understood(read, today: result.today),
                                               "words": TerminalSafety.visible(result.unread.joined(separator: " "))])
        }
        var arguments = ["what": what(query), "period": periodText(query.period, today: result.today)]
        let count = answer.count ?? 0
        if let amount = answer.amount { arguments["amount"] = money(amount) }
        arguments["transactions"] = catalog.text("ask.transactions", count: count, [:])
        switch query.kind {
        case .total:
            return catalog.text("ask.total", arguments)
        case .count:
            return catalog.text("ask.count", arguments)
        case .net:
            guard let items = answer.items, items.count == 2, let net = answer.amount else { return catalog.text("ask.total", arguments) }
            arguments["income"] = money(items[0].amount)
            arguments["spending"] = money(items[1].amount)
            arguments["amount"] = money(Money(minorUnits: net.minorUnits == Int64.min ? Int64.max : abs(net.minorUnits), currency: net.currency))
            return catalog.text(net.minorUnits > 0 ? "ask.net.surplus" : net.minorUnits < 0 ? "ask.net.deficit" : "ask.net.even", arguments)
        case .average:
            return catalog.text("ask.average.\((query.unit ?? .day).rawValue)", arguments)
        case .compare:
            guard let now = answer.amount, let before = answer.previous else { return catalog.text("ask.total", arguments) }
            let difference = now.minorUnits - before.minorUnits
            arguments["previous-period"] = periodText(query.previous, today: result.today)
            arguments["previous"] = money(before)
            arguments["difference"] = money(Money(minorUnits: difference.magnitude > UInt64(Int64.max) ? Int64.max : abs(difference), currency: now.currency))
            let key = difference > 0 ? "ask.compare.more" : difference < 0 ? "ask.compare.less" : "ask.compare.same"
            return catalog.text(key, arguments)
        case .top:
            guard let first = answer.items?.first else { return catalog.text("ask.top.none", arguments) }
            arguments["first"] = itemLabel(first, result: result)
            arguments["first-amount"] = money(first.amount)
            return catalog.text(query.topBy == .transaction ? "ask.top.transaction" : "ask.top.category", arguments)
        case .last:
            guard let date = answer.date, let amount = answer.amount else { return catalog.text("ask.last.none", arguments) }
            arguments["date"] = catalog.dateWithYear(date)
            if let items = answer.items, query.lastCount != nil {
                arguments["count"] = String(items.count)
                return catalog.text("ask.last.several", arguments)
            }
            arguments["amount"] = money(amount)
            arguments["note"] = TerminalSafety.visible(answer.id.flatMap { result.notes[$0] } ?? "")
            return catalog.text("ask.last", arguments)
        case .balance:
            arguments["account"] = query.account ?? ""
            return catalog.text(query.account == nil ? "ask.balance.all" : "ask.balance.account", arguments)
        case .budget:
            guard let amount = answer.amount else {
                arguments["category"] = query.category.map { askName($0) } ?? ""
                return catalog.text(query.category == nil ? "ask.budget.none" : "ask.budget.none-for", arguments)
            }
            arguments["category"] = answer.subject.map { askName($0) } ?? catalog.text("ask.budget.all-budgets")
            arguments["period"] = periodText(answer.period, today: result.today)
            if amount.minorUnits < 0 {
                arguments["amount"] = money(Money(minorUnits: -amount.minorUnits, currency: amount.currency))
                return catalog.text("ask.budget.over", arguments)
            }
            return catalog.text("ask.budget.left", arguments)
        case .due:
            guard let date = answer.date, let amount = answer.amount else {
                arguments["name"] = query.text ?? query.category.map { askName($0) } ?? ""
                return catalog.text(arguments["name"]!.isEmpty ? "ask.due.none" : "ask.due.none-for", arguments)
            }
            let note = TerminalSafety.visible(answer.subject ?? "")
            arguments["name"] = note.prefix(1).uppercased() + note.dropFirst()
            arguments["date"] = catalog.dateWithYear(date)
            arguments["amount"] = money(amount)
            return catalog.text("ask.due", arguments)
        case .upcoming:
            arguments["period"] = periodText(answer.period ?? query.period, today: result.today)
            guard count > 0 else { return catalog.text("ask.upcoming.none", arguments) }
            arguments["payments"] = catalog.text("ask.upcoming.count", count: count, [:])
            return catalog.text("ask.upcoming", arguments)
        case .subscriptions:
            arguments["subscriptions"] = catalog.text("ask.subscriptions.count", count: count, [:])
            return catalog.text(count == 0 ? "ask.subscriptions.none" : "ask.subscriptions", arguments)
        case .unknown:
            if let market = query.market { return catalog.text("ask.market", ["words": TerminalSafety.visible(market)]) }
            return catalog.text("ask.unknown-kind", ["understood": understood(query, today: result.today)])
        }
    }

    /// A category's display name alone ("Coffee"), its slug when it has none.
    func askName(_ slug: String) -> String {
        categoryNames.name(slug, language: catalog.language) ?? slug
    }

    /// What was counted: "Coffee", "Spending", "Income from kaspi", "Spending on “dana”".
    func what(_ query: Query) -> String {
        var text: String
        if let category = query.category {
            text = askName(category)
        } else {
            text = catalog.text(query.type == .income ? "ask.what.income" : query.type == .transfer ? "ask.what.transfer"
                                : query.type == nil && query.kind == .last ? "ask.what.all" : "ask.what.expense")
        }
        if let account = query.account { text = catalog.text("ask.what.account", ["what": text, "account": account]) }
        if let words = query.text, !words.isEmpty {
            text = catalog.text("ask.what.text", ["what": text, "text": TerminalSafety.visible(words)])
        }
        return text
    }

    /// "1–26 Nov", "Mon 16 – Sun 22 Nov", "Feb 2026", "all time".
    func periodText(_ period: Period?, today: CivilDate? = nil) -> String {
        guard let period else { return catalog.text("ask.period.all") }
        let (from, to) = (period.from, period.to)
        // The year is said when it is not this one (or the period spans two).
        let withYear = from.year != to.year || today.map { $0.year != to.year } ?? false
        func short(_ date: CivilDate) -> String {
            catalog.text(withYear ? "ask.period.day-year" : "ask.period.day",
                         ["day": String(date.day), "month": catalog.text("month.\(date.month)"), "year": String(date.year)])
        }
        if from == to { return short(from) }
        if from.year == to.year, from.month == to.month {
            return catalog.text("ask.period.days", ["from": String(from.day), "to": short(to)])
        }
        return catalog.text("ask.period.range", ["from": short(from), "to": short(to)])
    }

    /// "Spending on coffee, this month": the words kassa understood, for what it cannot answer.
    func understood(_ query: Query, today: CivilDate?) -> String {
        var parts: [String] = []
        if query.category != nil || query.account != nil || query.type != nil {
            parts.append(what(query))
        } else if let words = query.text, !words.isEmpty {
            parts.append(catalog.text("ask.quoted", ["text": TerminalSafety.visible(words)]))
        }
        if let period = query.period { parts.append(periodText(period, today: today)) }
        return parts.isEmpty ? catalog.text("ask.understood-nothing") : parts.joined(separator: ", ")
    }

    private func itemLabel(_ item: QueryAnswer.Item, result: AskResult) -> String {
        if result.query.kind == .upcoming {
            // A payment to come: its day in a column as wide as the longest ("30 Nov  Netflix"),
            // then the series' note.
            let months = (1...12).map { catalog.text("month.\($0)") }
            let widest = months.map(DisplayWidth.of).max() ?? 0
            let day = item.date.map {
                catalog.text("ask.period.day", ["day": DisplayWidth.padLeft(String($0.day), to: 2),
                                                "month": DisplayWidth.padRight(months[$0.month - 1], to: widest), "year": String($0.year)])
            } ?? ""
            let note = TerminalSafety.visible(item.key)
            return day + "  " + note.prefix(1).uppercased() + note.dropFirst()
        }
        if let id = item.id {
            // A transfer without a note is said by where it went ("kaspi → halyk").
            let written = result.notes[id].flatMap { $0.isEmpty ? nil : $0 } ?? result.routes[id] ?? ""
            let note = TerminalSafety.visible(written)
            let date = item.date.map { catalog.text("ask.period.day", ["day": String($0.day), "month": catalog.text("month.\($0.month)"), "year": String($0.year)]) } ?? ""
            return note.isEmpty ? date : note + " (" + date + ")"
        }
        switch result.query.kind {
        case .balance, .subscriptions: return TerminalSafety.visible(item.key)
        default: return item.key == "-" ? catalog.text("ask.no-category") : askName(item.key)
        }
    }

    /// Bars for a ranking, a list of balances, budgets, subscriptions or payments to come.
    private func chart(_ result: AskResult) -> [OutputLine] {
        guard let items = result.answer.items, items.count > 1 || [.top, .upcoming, .last].contains(result.query.kind) else { return [] }
        guard [.top, .balance, .subscriptions, .budget, .upcoming, .last].contains(result.query.kind) else { return [] }
        let labels = items.map { itemLabel($0, result: result) }
        let amounts = items.map { money($0.amount) }
        let labelWidth = min(result.query.kind == .upcoming ? 44 : 28, labels.map(DisplayWidth.of).max() ?? 0)
        let amountWidth = amounts.map(DisplayWidth.of).max() ?? 0
        let largest = items.map { $0.amount.minorUnits.magnitude }.max() ?? 0
        return zip(items, zip(labels, amounts)).map { item, text in
            let fraction = largest == 0 || item.amount.minorUnits < 0 ? 0 : Double(item.amount.minorUnits) / Double(largest)
            let label = DisplayWidth.padRight(DisplayWidth.truncate(text.0, to: labelWidth), to: labelWidth)
            return OutputLine("  " + label + "  " + DisplayWidth.padLeft(text.1, to: amountWidth) + "  "
                              + BarChart.bar(fraction, width: 20, ascii: result.ascii))
        }
    }
}
