// ExchangeReading: a currency exchange said with both amounts — "changed 100 dollars to 52,000
// tenge", «купил 300 долларов за 156 000», «продал 100 баксов по 520» — read as one amount with a
// target (what arrives), not as two purchases. The words are the grammar's (`exchange` verbs
// with the value `sell` or `buy`, `exchange-to` and `exchange-rate` connectors); the shape is
// here: an exchange verb, then an amount (only stop words between), then a connector, then a
// second amount, in two different currencies. The connector may follow a few words of the place
// ("at the exchange office and got 108,000"), and may name the currency that arrives before a
// rate ("for tenge at 6.1"). Anything else is left as it was: "changed the
// tyres 20000" has no amount after its verb, "bought 2 coffees for 1500" no second currency.

/// The second amount of an exchange, kept with the first (MoneyMatch.exchange).
struct ExchangeMatch {
    /// What arrives, in `currency` (already the product for a rate: "по 520").
    var value: ExactNumber
    var currency: Currency
    /// Tokens of the target amount as said (for the explanation).
    var start: Int
    var end: Int
    /// The grammar entries of the verb and of the connector, and where the verb is.
    var verbEntry: Int
    var verbStart: Int
    var verbEnd: Int
    var connectorEntry: Int
    /// The currency of the amount paid when it was not said ("sold 100 dollars for 51,000": the
    /// tenge): the one the exchange was decided with, never carried to later parts of the line.
    var paidCurrency: Currency
}

extension DraftStage {
    /// Finds the exchanges of the line and folds each one's two amounts into one (the amount
    /// paid, with the amount received as its `exchange`). The verb and connector leave the note.
    func markExchanges(_ s: inout LineScan) {
        // Most lines have no exchange verb: the line's class bits say so without a look at a token.
        guard ids.exchange >= 0, ids.exchangeTo >= 0 || ids.exchangeRate >= 0, s.moneys.count > 1,
              lineBits & (ids.exchange < 64 ? 1 << UInt64(ids.exchange) : ~0) != 0 else { return }
        var a = 0
        while a + 1 < s.moneys.count {
            guard let found = exchange(at: a, s) else { a += 1; continue }
            let (first, second) = (s.moneys[a], s.moneys[a + 1])
            var paid = found.buy ? second : first
            let received = found.buy ? first : second
            var target = ExchangeMatch(value: received.value, currency: found.buy ? found.firstCurrency : found.secondCurrency,
                                       start: received.start, end: received.end, verbEntry: found.verb, verbStart: found.verbStart,
                                       verbEnd: found.verbEnd, connectorEntry: found.connector,
                                       paidCurrency: found.buy ? found.secondCurrency : found.firstCurrency)
            if found.rate {
                // "sold 100 dollars at 520": the second number is the price of one unit of the first.
                let product = first.value.multiplied(by: second.value).flatMap { $0.money(found.secondCurrency) }
                let value = product.map { ExactNumber(units: $0.minorUnits, fractionDigits: found.secondCurrency.minorDigits) }
                    ?? ExactNumber.tooLarge
                if found.buy {
                    paid.value = value
                    paid.currency = nil
                    paid.currencyRule = -1
                } else {
                    target.value = value
                }
                target.start = second.start
                target.end = second.end
                if found.buy { target.start = first.start; target.end = first.end }
            }
            paid.exchange = target
            s.moneys[a] = paid
            s.moneys.remove(at: a + 1)
            // Every token from the first amount to the second is the amount's now; indexes of
            // later amounts move down by one.
            for j in 0..<tokens.count {
                if case .money(let m) = s.roles[j], m > a { s.roles[j] = .money(m - 1) }
            }
            // Words of the place said between the amounts stay in the note.
            for j in first.start..<first.end { s.roles[j] = .money(a) }
            for j in first.end..<second.end where j >= found.connectorStart || tokens[j].kind == .punct { s.roles[j] = .money(a) }
            for j in found.verbStart..<found.verbEnd { s.roles[j] = tokens[j].kind == .punct ? .punct : .filler }
            a += 1
        }
    }

    /// The exchange whose first amount is `s.moneys[a]`, or nil.
    private func exchange(at a: Int, _ s: LineScan)
        -> (verb: Int, verbStart: Int, verbEnd: Int, connector: Int, connectorStart: Int, buy: Bool, rate: Bool,
            firstCurrency: Currency, secondCurrency: Currency)? {
        let first = s.moneys[a], second = s.moneys[a + 1]
        guard !first.isQuantity, !second.isQuantity, first.exchange == nil else { return nil }
        // The verb: right before the first amount, only stop words, fillers and commas between
        // ("bought um 200 euros"). A verb may itself be a filler elsewhere ("bought", «купил»).
        func free(_ k: Int) -> Bool {
            switch s.roles[k] {
            case .plain, .filler, .punct: return true
            default: return false
            }
        }
        var j = first.start - 1
        while j >= 0, free(j), !has(j, ids.exchange),
              tokens[j].isPunct(",") || has(j, ids.stop) || { if case .filler = s.roles[j] { return true }; return false }() { j -= 1 }
        if j >= 0, tokens[j].kind == .punct { return nil }
        var verb: (entry: Int, start: Int, end: Int)?
        for start in stride(from: j, through: max(0, j - 2), by: -1) {
            guard free(start), let (e, end) = matchClass(start, ids.exchange), end == j + 1 else { continue }
            verb = (e, start, end)
            break
        }
        guard let verb else { return nil }
        // The connector: every token between the amounts, a phrase of `exchange-to` or `exchange-rate`.
        var k = first.end
        while k < second.start, tokens[k].kind == .punct, !tokens[k].isPunct("."), !tokens[k].isPunct(";") { k += 1 }
        guard k < second.start, case .plain = s.roles[k] else { return nil }
        var connector: (entry: Int, start: Int, end: Int, rate: Bool)?
        var named: Currency?
        if let (e, end) = matchClass(k, ids.exchangeRate) { connector = (e, k, end, true) }
        if let (e, end) = matchClass(k, ids.exchangeTo), end >= (connector?.end ?? 0) { connector = (e, k, end, false) }
        // "traded 50000 rubles for tenge at 6.1": the currency that arrives named bare after the
        // connector, and the rate after it.
        if let c = connector, !c.rate, ids.exchangeRate >= 0, let (e, end) = matchClass(skipPunct(c.end), ids.currency),
           let currency = grammar.currencies[e], let (r, rateEnd) = matchClass(skipPunct(end), ids.exchangeRate),
           skipPunct(rateEnd) == second.start {
            connector = (r, c.start, rateEnd, true)
            named = currency
        }
        // "gave 200 euros at the exchange office and got 108,000 tenge": words of the place said
        // between, the connector right before the second amount (one sentence, a few words).
        if connector.map({ skipPunct($0.end) != second.start }) ?? true {
            connector = nil
            for start in max(k + 1, second.start - 4)..<second.start {
                guard s.roles[start].isPlainOrSep, let (e, end) = matchClass(start, ids.exchangeTo),
                      skipPunct(end) == second.start, second.start - k <= 10,
                      !(k..<start).contains(where: { tokens[$0].isPunct(".") || tokens[$0].isPunct(";")
                          || !(free($0) || s.roles[$0].isPlainOrSep) }) else { continue }
                connector = (e, start, end, false)
                break
            }
        }
        guard let connector, skipPunct(connector.end) == second.start else { return nil }
        let buy = grammar.entries[verb.entry].value == "buy"
        // What is bought is a currency said as one: "bought 2 coffees for 1500" is a purchase.
        if buy, first.currency == nil { return nil }
        let fallback = context.defaultCurrency
        let firstCurrency = first.currency ?? fallback
        var secondCurrency = second.currency ?? named ?? fallback
        if connector.rate {
            // A rate is in the other currency: "100 dollars at 520" are tenge, whatever was said.
            guard first.currency != nil, second.value.isZero == false else { return nil }
            if secondCurrency == firstCurrency, named == nil { secondCurrency = fallback }
        } else if secondCurrency == firstCurrency {
            // Dictation puts its own "$" on every number ("sold $100 for $51,000"): the same
            // currency said twice for two amounts of one exchange means the home one arrives.
            guard first.currency != nil, second.currency != nil, firstCurrency != fallback else { return nil }
            secondCurrency = fallback
        }
        guard secondCurrency != firstCurrency else { return nil }
        return (verb.entry, verb.start, verb.end, connector.entry, connector.start, buy, connector.rate, firstCurrency, secondCurrency)
    }
}
