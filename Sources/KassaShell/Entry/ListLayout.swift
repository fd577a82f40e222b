// ListLayout: how `list` lays out transactions for a person — a header, one row per
// transaction in aligned columns (measured by display width, so Cyrillic and wide characters
// line up), category names in the interface language, the recurrence shown, and a footer with
// the count and the net total per currency. Column widths come from the first rows (all of them
// up to `sampleSize`), so a million rows stream without a second pass. In a journal where the
// bank has confirmed anything, a cleared row's id is marked `*` (hledger's cleared mark).

import KassaCore
import KassaInterchange
import KassaStore

struct ListLayout: Sendable {
    static let sampleSize = 10_000

    let renderer: TextRenderer
    /// Category names, currency symbols and the other repeated pieces as bytes, made once.
    private let cells: ListCells
    private let dash: ListCells.Cell
    private let transfer: ListCells.Cell
    private let arrow: ListCells.Cell
    private let minus: ListCells.Cell
    private let plus: ListCells.Cell
    /// "↻ monthly" and the like, in `Recurrence.allCases` order.
    private let recurrences: [ListCells.Cell]
    /// The symbols of the currencies the sample holds (a listing has a handful).
    private let symbols: [(currency: Currency, cell: ListCells.Cell)]
    /// Bytes a row may take besides its person-made texts.
    private var fixedBytes = 0
    /// What the bank confirmed, when it confirmed anything: cleared ids are marked.
    private let cleared: ClearedSet?
    var idWidth = 2
    var amountWidth = 6
    var categoryWidth = 8
    var accountWidth = 7

    init(renderer: TextRenderer, sample: TransactionListing) {
        self.renderer = renderer
        cleared = sample.cleared.flatMap { $0.isEmpty ? nil : $0 }
        let catalog = renderer.catalog
        // The sample materialized once, measured with the row writer's own pieces.
        let rows = (0..<min(sample.count, ListLayout.sampleSize)).map { sample[$0] }
        var currencies: [Currency] = []
        for transaction in rows where !currencies.contains(transaction.amount.currency) {
            currencies.append(transaction.amount.currency)
        }
        let formatter = renderer.moneyFormatter
        let texts = ["\u{2014}", catalog.text("type.transfer"), " \u{2192} ", "\u{2212}", "+"]
            + Recurrence.allCases.map { "\u{21BB} " + catalog.text("recurrence.\($0.rawValue)") }
            + currencies.map(formatter.symbol)
        cells = ListCells(categories: renderer.categoryNames.all(catalog.language), texts: texts)
        (dash, transfer, arrow, minus, plus) = (cells.texts[0], cells.texts[1], cells.texts[2], cells.texts[3], cells.texts[4])
        recurrences = Array(cells.texts[5..<(5 + Recurrence.allCases.count)])
        symbols = Array(zip(currencies, cells.texts[(5 + Recurrence.allCases.count)...]))
        idWidth = max(idWidth, DisplayWidth.of(catalog.text("list.header.id")))
        amountWidth = max(amountWidth, DisplayWidth.of(catalog.text("list.header.amount")))
        categoryWidth = max(categoryWidth, DisplayWidth.of(catalog.text("list.header.category")))
        accountWidth = max(accountWidth, DisplayWidth.of(catalog.text("list.header.account")))
        // Room for the amount and the account (`fixedBytes`, which counts them, comes last).
        let measureBytes = 64 + cells.bytes.count + formatter.maxBytes(symbolBytes: 0)
        for transaction in rows {
            var digits = transaction.id < 0 ? 2 : 1
            var magnitude = transaction.id.magnitude
            while magnitude >= 10 { magnitude /= 10; digits += 1 }
            idWidth = max(idWidth, digits + (cleared == nil ? 1 : 2))
            let (category, symbol) = (categoryPiece(transaction), symbolPiece(transaction.amount.currency))
            var scratch: [UInt8] = []
            scratch.appendWritten(atMost: measureBytes + maxBytes(transaction, category, symbol)) { out in
                amountWidth = max(amountWidth, writeAmount(transaction, symbol, to: &out).width)
                accountWidth = max(accountWidth, writeAccount(transaction, to: &out))
            }
            categoryWidth = max(categoryWidth, width(category))
        }
        // The id, date, amount and separators, the widest piece of each column, and padding.
        fixedBytes = 96 + idWidth + amountWidth + categoryWidth + accountWidth + cells.bytes.count
            + formatter.maxBytes(symbolBytes: 0)
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
        return [DisplayWidth.padRight("#\(transaction.id)" + mark(transaction), to: idWidth), transaction.date.iso,
                DisplayWidth.padLeft(amount(transaction), to: amountWidth),
                DisplayWidth.padRight(category(transaction), to: categoryWidth),
                DisplayWidth.padRight(account(transaction), to: accountWidth), note]
            .joined(separator: "  ").trimmingTrailingSpaces
    }

    /// `*` after a cleared row's id.
    private func mark(_ transaction: Transaction) -> String {
        cleared?.isCleared(transaction.id) == true ? "*" : ""
    }

    /// A piece of a row: a prepared cell, or (rarely: a category or currency the sample did not
    /// show) bytes made for this row.
    private enum Piece {
        case cell(ListCells.Cell)
        case made([UInt8], width: Int)
    }

    /// The row written into `out` in place, newline included: the same text as `row`, with no
    /// String built for any of its fields.
    func append(_ transaction: Transaction, to out: inout ByteBuffer) {
        let (category, symbol) = (categoryPiece(transaction), symbolPiece(transaction.amount.currency))
        out.write(atMost: maxBytes(transaction, category, symbol)) { write(transaction, category, symbol, to: &$0) }
    }

    /// The row appended to `out` (the same bytes as the ByteBuffer form).
    func append(_ transaction: Transaction, to out: inout [UInt8]) {
        let (category, symbol) = (categoryPiece(transaction), symbolPiece(transaction.amount.currency))
        out.appendWritten(atMost: maxBytes(transaction, category, symbol)) { write(transaction, category, symbol, to: &$0) }
    }

    private func categoryPiece(_ transaction: Transaction) -> Piece {
        if transaction.type == .transfer {
            guard transaction.toAmount != nil else { return .cell(transfer) }
            let text = category(transaction)
            return .made(Array(text.utf8), width: DisplayWidth.of(text))
        }
        guard let slug = transaction.category else { return .cell(dash) }
        if let cell = cells.category(slug) { return .cell(cell) }
        let text = category(transaction)
        return .made(Array(text.utf8), width: DisplayWidth.of(text))
    }

    private func symbolPiece(_ currency: Currency) -> Piece {
        for known in symbols where known.currency == currency { return .cell(known.cell) }
        let text = renderer.moneyFormatter.symbol(currency)
        return .made(Array(text.utf8), width: DisplayWidth.of(text))
    }

    private func maxBytes(_ transaction: Transaction, _ category: Piece, _ symbol: Piece) -> Int {
        var count = fixedBytes + TerminalSafety.maxVisibleBytes(transaction.note)
        if let account = transaction.account { count += TerminalSafety.maxVisibleBytes(account) }
        if let account = transaction.toAccount { count += TerminalSafety.maxVisibleBytes(account) }
        if case .made(let bytes, _) = category { count += bytes.count }
        if case .made(let bytes, _) = symbol { count += 2 * bytes.count }
        return count
    }

    /// Writes `piece`, returns its width.
    private func put(_ piece: Piece, to out: inout ByteCursor) -> Int {
        switch piece {
        case .cell(let cell):
            out.put(cells.piece(cell))
            return cell.width
        case .made(let bytes, let width):
            out.put(bytes)
            return width
        }
    }

    private func write(_ transaction: Transaction, _ category: Piece, _ symbol: Piece, to out: inout ByteCursor) {
        out.put(UInt8(ascii: "#"))
        out.integer(transaction.id)
        if cleared?.isCleared(transaction.id) == true { out.put(UInt8(ascii: "*")) }
        out.spaces(idWidth - out.count)
        out.spaces(2)
        DecimalBytes.write(transaction.date, to: &out)
        out.spaces(2)
        // The amount is written, measured, then moved right by its padding.
        let amount = writeAmount(transaction, symbol, to: &out)
        out.padBefore(last: amount.length, by: amountWidth - amount.width)
        out.spaces(2)
        out.spaces(categoryWidth - put(category, to: &out))
        out.spaces(2)
        let accountWidth = writeAccount(transaction, to: &out)
        if !transaction.note.isEmpty || transaction.recurrence != nil {
            out.spaces(self.accountWidth - accountWidth)
            out.spaces(2)
            if !transaction.note.isEmpty { _ = TerminalSafety.write(visible: transaction.note, to: &out) }
            if let recurrence = transaction.recurrence {
                if !transaction.note.isEmpty { out.spaces(2) }
                out.put(cells.piece(recurrences[ListLayout.position(recurrence)]))
            }
        }
        out.trimSpaces(after: 1)
        out.put(10)
    }

    /// The sign and the money; returns how many bytes and columns they took.
    private func writeAmount(_ transaction: Transaction, _ symbol: Piece, to out: inout ByteCursor) -> (length: Int, width: Int) {
        let start = out.current
        switch transaction.type {
        case .expense: out.put(cells.piece(minus))
        case .income: out.put(cells.piece(plus))
        case .transfer: break
        }
        switch symbol {
        case .cell(let cell): renderer.moneyFormatter.write(transaction.amount, symbol: cells.piece(cell), to: &out)
        case .made(let bytes, _):
            bytes.withUnsafeBufferPointer { renderer.moneyFormatter.write(transaction.amount, symbol: $0, to: &out) }
        }
        let length = out.current - start
        return (length, DisplayWidth.of(UnsafeBufferPointer(start: start, count: length)))
    }

    /// The account, or "from → to" for a transfer, made visible; returns its width.
    private func writeAccount(_ transaction: Transaction, to out: inout ByteCursor) -> Int {
        var width = 0
        if let account = transaction.account {
            width = TerminalSafety.write(visible: account, to: &out)
        } else {
            width = put(.cell(dash), to: &out)
        }
        if transaction.type == .transfer {
            width += put(.cell(arrow), to: &out)
            if let account = transaction.toAccount {
                width += TerminalSafety.write(visible: account, to: &out)
            } else {
                width += put(.cell(dash), to: &out)
            }
        }
        return width
    }

    private func width(_ piece: Piece) -> Int {
        switch piece {
        case .cell(let cell): cell.width
        case .made(_, let width): width
        }
    }

    private static func position(_ recurrence: Recurrence) -> Int {
        switch recurrence {
        case .daily: 0
        case .weekly: 1
        case .monthly: 2
        case .quarterly: 3
        case .yearly: 4
        }
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
        if transaction.type == .transfer {
            // An exchange: what arrived, beside the amount that left ("exchange → ₸52,000.00").
            guard let target = transaction.toAmount else { return renderer.catalog.text("type.transfer") }
            return renderer.catalog.text("list.exchange", ["target": renderer.money(target)])
        }
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
