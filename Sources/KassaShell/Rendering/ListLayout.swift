// ListLayout: how `list` lays out transactions for a person — a header, one row per
// transaction in aligned columns (measured by display width, so Cyrillic and wide characters
// line up), category names in the interface language, the recurrence shown, and a footer with
// the count and the net total per currency. Column widths come from the first rows (all of them
// up to `sampleSize`), so a million rows stream without a second pass.

import KassaCore
import KassaInterchange
import KassaStore

struct ListLayout: Sendable {
    static let sampleSize = 10_000

    let renderer: TextRenderer
    /// Category names as bytes with their widths, by slug, made once (a listing shows the same
    /// few dozen categories a million times).
    private var categoryCells: [String: (bytes: [UInt8], width: Int)] = [:]
    var idWidth = 2
    var amountWidth = 6
    var categoryWidth = 8
    var accountWidth = 7

    init(renderer: TextRenderer, sample: TransactionListing) {
        self.renderer = renderer
        for (slug, name) in renderer.categoryNames.all(renderer.catalog.language) {
            let text = TerminalSafety.visible(name)
            categoryCells[slug] = (Array(text.utf8), DisplayWidth.of(text))
        }
        idWidth = max(idWidth, DisplayWidth.of(renderer.catalog.text("list.header.id")))
        amountWidth = max(amountWidth, DisplayWidth.of(renderer.catalog.text("list.header.amount")))
        categoryWidth = max(categoryWidth, DisplayWidth.of(renderer.catalog.text("list.header.category")))
        accountWidth = max(accountWidth, DisplayWidth.of(renderer.catalog.text("list.header.account")))
        for index in 0..<min(sample.count, ListLayout.sampleSize) {
            let transaction = sample[index]
            idWidth = max(idWidth, String(transaction.id).count + 1)
            amountWidth = max(amountWidth, DisplayWidth.of(amount(transaction)))
            categoryWidth = max(categoryWidth, DisplayWidth.of(category(transaction)))
            accountWidth = max(accountWidth, DisplayWidth.of(account(transaction)))
        }
    }

    var header: String {
        let catalog = renderer.catalog
        return [DisplayWidth.padRight(catalog.text("list.header.id"), to: idWidth), DisplayWidth.padRight(catalog.text("list.header.date"), to: 10),
                DisplayWidth.padLeft(catalog.text("list.header.amount"), to: amountWidth),
                DisplayWidth.padRight(catalog.text("list.header.category"), to: categoryWidth),
                DisplayWidth.padRight(catalog.text("list.header.account"), to: accountWidth), catalog.text("list.header.note")]
            .joined(separator: "  ").trimmingTrailingSpaces
    }

    func row(_ transaction: Transaction) -> String {
        var note = TerminalSafety.visible(transaction.note)
        if let recurrence = transaction.recurrence {
            note += (note.isEmpty ? "" : "  ") + "↻ " + renderer.catalog.text("recurrence.\(recurrence.rawValue)")
        }
        return [DisplayWidth.padRight("#\(transaction.id)", to: idWidth), transaction.date.iso,
                DisplayWidth.padLeft(amount(transaction), to: amountWidth),
                DisplayWidth.padRight(category(transaction), to: categoryWidth),
                DisplayWidth.padRight(account(transaction), to: accountWidth), note]
            .joined(separator: "  ").trimmingTrailingSpaces
    }

    /// The row written straight into `out` as UTF-8, newline included: the same text as `row`,
    /// without building Strings for the id, date, padding and joins of a million rows.
    func append(_ transaction: Transaction, to out: inout [UInt8]) {
        func pad(_ count: Int) { if count > 0 { out.append(contentsOf: repeatElement(32, count: count)) } }
        let start = out.count
        out.append(UInt8(ascii: "#"))
        JSONWriter.appendInteger(transaction.id, to: &out)
        pad(idWidth - (out.count - start))
        pad(2)
        DecimalBytes.append(transaction.date, to: &out)
        pad(2)
        let amount = amount(transaction)
        pad(amountWidth - DisplayWidth.of(amount))
        out.append(contentsOf: amount.utf8)
        pad(2)
        if transaction.type != .transfer, let slug = transaction.category, let cell = categoryCells[slug] {
            out.append(contentsOf: cell.bytes)
            pad(categoryWidth - cell.width)
        } else {
            let category = category(transaction)
            out.append(contentsOf: category.utf8)
            pad(categoryWidth - DisplayWidth.of(category))
        }
        pad(2)
        let account = account(transaction)
        out.append(contentsOf: account.utf8)
        var note = TerminalSafety.visible(transaction.note)
        if let recurrence = transaction.recurrence {
            note += (note.isEmpty ? "" : "  ") + "↻ " + renderer.catalog.text("recurrence.\(recurrence.rawValue)")
        }
        if !note.isEmpty {
            pad(accountWidth - DisplayWidth.of(account))
            pad(2)
            out.append(contentsOf: note.utf8)
        }
        while out.last == 32 { out.removeLast() }
        out.append(10)
    }

    /// "−₸1,500.00" for an expense, "+₸450,000.00" for income, "₸20,000.00" for a transfer.
    func amount(_ transaction: Transaction) -> String {
        let text = renderer.money(transaction.amount)
        switch transaction.type {
        case .expense: return "\u{2212}" + text
        case .income: return "+" + text
        case .transfer: return text
        }
    }

    func category(_ transaction: Transaction) -> String {
        if transaction.type == .transfer { return renderer.catalog.text("type.transfer") }
        guard let slug = transaction.category else { return "—" }
        return TerminalSafety.visible(renderer.categoryNames.name(slug, language: renderer.catalog.language) ?? slug)
    }

    /// The account, or "from → to" for a transfer.
    func account(_ transaction: Transaction) -> String {
        let from = TerminalSafety.visible(transaction.account ?? "—")
        guard transaction.type == .transfer else { return from }
        return from + " → " + TerminalSafety.visible(transaction.toAccount ?? "—")
    }

    /// "3 transactions · total −₸2,150.00 · +$10.00".
    func footer(count: Int, totals: ListingStream.Totals) -> String {
        let catalog = renderer.catalog
        var text = catalog.text("list.count", count: count)
        do {
            let sums = try totals.money()
            if !sums.isEmpty {
                text += " · " + catalog.text("list.total", ["totals": sums.map { money in
                    money.minorUnits > 0 ? "+" + renderer.money(money) : renderer.money(money)
                }.joined(separator: " · ")])
            }
        } catch {
            text += " · " + catalog.text(error.messageKey, error.messageArguments)
        }
        return text
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
