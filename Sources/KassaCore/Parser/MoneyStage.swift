// MoneyStage: the money stage. An amount with its currency, in any order the grammar's words allow:
// "$10", "10$", "USD3.14", "3.14US$", "рублей 10", "20 dollars 43 cents", "$20 and 43c",
// "20 рублей 50 копеек", "a dollar". Currency words come from the `currency` class (value = ISO
// code), minor-unit words from `minor`.

struct MoneyMatch {
    var value: ExactNumber
    var currency: Currency?
    var start: Int
    var end: Int
    var number: NumberMatch
    /// The grammar entry of the currency word, -1 when none was said.
    var currencyRule: Int = -1
    /// A quantity by position ("two coffees 3000") rather than the amount.
    var isQuantity = false
    /// A unit price times a count said with it ("four tickets, 2,500 each"): where the count
    /// begins, so the amount's explanation shows both (`value` is already the product).
    var countStart: Int?
    /// A currency exchange: what arrives for this amount (ExchangeReading).
    var exchange: ExchangeMatch?
    /// A bill that does not divide into the currency's minor units among those who share it:
    /// the share phrase's tokens, asked about (ShareReading).
    var unevenShare: Range<Int>?
    /// "1.500 USD" read as decimals by the line's conventions, but maybe thousands: asked.
    var thousandsOrDecimals = false
    /// What the account was charged in its own currency for this amount (ChargeReading).
    var charged: (value: ExactNumber, currency: Currency, start: Int, end: Int, entry: Int)?
    /// "1500 or 2000", «10 или 15 тысяч»: the other amount said for the same thing (the first of
    /// the two, in this one's thousands), so the two tie and the amount is asked.
    var alternative: ExactNumber?

    /// Money in the currency (falls back when none was said); nil on overflow.
    func money(default fallback: Currency) -> Money? { value.money(currency ?? fallback) }
}

struct MoneyStage: LineStage {
    let numbers: NumberStage
    var line: LineView { numbers.line }

    init(_ numbers: NumberStage) { self.numbers = numbers }

    @inline(__always) func readNumber(at i: Int) -> NumberMatch? { numbers.readNumber(at: i) }

    func currencyAt(_ i: Int) -> (Currency, Int, Int)? {
        guard let (e, end) = matchClass(i, ids.currency), let c = grammar.currencies[e] else { return nil }
        // "A$", "CA$": letters and a sign are one currency only written together; "a $300 bonus"
        // is the article and dollars.
        if end - i > 1, tokens[end - 1].kind == .symbol, !(i + 1..<end).allSatisfy({ tokens[$0].glued }) { return nil }
        return (c, end, e)
    }

    /// A currency word that counts only after a number ("200 try", "5 gel").
    func currencyAfterAt(_ i: Int) -> (Currency, Int, Int)? {
        guard let (e, end) = matchClass(i, ids.currencyAfter), let c = grammar.currencies[e] else { return nil }
        return (c, end, e)
    }

    func readMoney(at start: Int) -> MoneyMatch? {
        var i = start
        var currency: (Currency, Int, Int)?
        if let prefix = currencyAt(i) {
            currency = prefix
            i = skipPunct(prefix.1)
        }
        var number: NumberMatch
        // Checked inline: most numbers stand apart from what is before them.
        if currency == nil, i > 0, i < tokens.count, tokens[i].glued, isModelNumber(i) { return nil }
        if let n = i < tokens.count ? readNumber(at: i) : nil {
            number = n
        } else if i < tokens.count, currency == nil, let e = entry(i, ids.one), let c = currencyAt(i + 1),
                  !signOfNextNumber(i + 1, c.1) {
            // "a dollar", "one euro", «пару долларов» — not "a $300", whose sign is the 300's
            number = NumberMatch(value: hot.entryNumber[e] ?? ExactNumber(units: 1), start: i, end: i + 1, hasWords: true, hasDigits: false, rule: e)
            currency = c
            return MoneyMatch(value: number.value, currency: c.0, start: start, end: c.1, number: number, currencyRule: c.2)
        } else {
            return nil
        }
        var end = number.end
        var countStart: Int?
        if ids.times >= 0, end < tokens.count, has(end, ids.times) {
            if let product = product(number) {
                number = product
                end = product.end
                countStart = start
            } else if tokens[end].glued, end + 1 < tokens.count, tokens[end + 1].kind == .number, tokens[end + 1].glued {
                // "1920x1080", "10x15" typed as one word and no product: a size, kept in the note.
                return nil
            }
        }
        if currency == nil, end < tokens.count, let suffix = currencyAt(end) ?? currencyAfterAt(end) {
            currency = suffix
            end = suffix.1
        } else if currency == nil, ids.currencyIn >= 0, end + 1 < tokens.count, has(end, ids.currencyIn),
                  !saysExchange, let suffix = currencyAt(end + 1) {
            // "paid 50 in dollars", «обед 20 в долларах»; «поменял 50000 в доллары» is what the
            // tenge became, not their currency.
            currency = suffix
            end = suffix.1
        }
        var value = number.value
        var dotDoubt = false
        // "1.500 yen", "rent 185.000" in tenge: a currency without minor units, or one whose
        // prices are said in whole units (`dot-groups`, the said currency or else the default),
        // reads a dot before three digits as grouping. In another currency, where the line's
        // conventions read it as decimals ("1.500 USD" in English), it is asked.
        if number.end == number.start + 1, !number.hasWords, let grouped = dotGrouped(number.start) {
            let c = currency?.0 ?? context.defaultCurrency
            if c.minorDigits == 0 || ids.dotGroupCurrencies.contains(c) {
                value = grouped
            } else if value < grouped || grouped < value {
                dotDoubt = true
            }
        }
        if let (c, _, _) = currency, c.minorDigits > 0, let (minor, after) = minorPart(after: end, currency: c) {
            if let v = value.adding(minor) { value = v; end = after }
        }
        var money = MoneyMatch(value: value, currency: currency?.0, start: start, end: end, number: number,
                               currencyRule: currency?.2 ?? -1, countStart: countStart)
        money.thousandsOrDecimals = dotDoubt
        return money
    }

    /// A currency sign at `sign..<end` written against the number after it and apart from the
    /// word before it ("a $300"): it is that number's.
    private func signOfNextNumber(_ sign: Int, _ end: Int) -> Bool {
        end < tokens.count && tokens[end].kind == .number && tokens[end].glued && !tokens[sign].glued
            && tokens[end - 1].kind == .symbol
    }

    /// Whether the line has an exchange verb ("changed", «поменял»).
    var saysExchange: Bool {
        ids.exchange >= 0 && (ids.exchange >= 64 || line.lineBits & (1 << UInt64(ids.exchange)) != 0)
    }

    /// "2х2500", "900 x 2", "3*500": a number, a `times` sign and a number typed as a product,
    /// one of them a count of 2–1,000 things — the amount is the product. Two large numbers
    /// ("1920x1080") are a size, not a price, and so is a product with a number right after it
    /// ("photo 10x15 500": the price is 500).
    func product(_ first: NumberMatch) -> NumberMatch? {
        guard let (_, signEnd) = matchClass(first.end, ids.times), signEnd < tokens.count,
              tokens[signEnd].kind == .number, let second = readNumber(at: signEnd), second.end == signEnd + 1,
              second.end >= tokens.count || tokens[second.end].kind != .number else { return nil }
        func count(_ n: NumberMatch) -> Int64? {
            guard let v = n.value.intValue, v >= 2, v <= 1000, n.value.normalized.fractionDigits == 0 else { return nil }
            return v
        }
        let (units, price) = count(first).map { ($0, second) } ?? count(second).map { ($0, first) } ?? (0, first)
        guard units > 0, let value = price.value.multiplied(by: ExactNumber(units: units)) else { return nil }
        return NumberMatch(value: value, start: first.start, end: second.end, hasWords: first.hasWords || second.hasWords,
                           hasDigits: true, rule: first.rule)
    }

    /// Digits glued to the letters before them, directly or by a hyphen, name a model or a
    /// brand, never an amount: "Samsung A54", "PS5", "АИ-95", "Tele2", "iphone15". The letters
    /// are at most two ("a54", "аи-92"), a word of the `numbered` class, or begin a rule phrase
    /// that goes on with these digits ("tele2"). A longer plain word glued to digits ("кофе500",
    /// typed in a hurry) is still a price; a currency before digits ("usd20") never gets here.
    func isModelNumber(_ i: Int) -> Bool {
        guard i > 0, i < tokens.count, tokens[i].kind == .number, tokens[i].glued else { return false }
        var w = i - 1
        if tokens[w].isPunct("-") {
            guard w > 0, tokens[w].glued else { return false }
            w -= 1
        }
        guard tokens[w].kind == .word else { return false }
        if tokens[w].end - tokens[w].start <= 2 || has(w, ids.numbered) { return true }
        if let (_, end) = matchClass(w, ids.category), end > i { return true }
        return false
    }

    /// "1.500", "12.500.000": digits in groups of three after dots, read as one whole number.
    func dotGrouped(_ i: Int) -> ExactNumber? {
        let b = normBytes(i)
        var value: Int64 = 0, digitsInGroup = 0, groups = 0
        for (k, c) in b.enumerated() {
            if c == UInt8(ascii: ".") {
                guard digitsInGroup > 0, groups == 0 ? digitsInGroup <= 3 : digitsInGroup == 3 else { return nil }
                groups += 1; digitsInGroup = 0
                continue
            }
            guard c >= 48, c <= 57, k < 18 else { return nil }
            value = value * 10 + Int64(c - 48); digitsInGroup += 1
        }
        guard groups > 0, digitsInGroup == 3 else { return nil }
        return ExactNumber(units: value)
    }

    /// "43 cents", "and 43c", "и 43", "50 копеек" after an amount with its currency. A bare number
    /// counts only when it ends the part, so "20 dollars 43" is 20.43 but "$20 43 coffee" is not.
    func minorPart(after end: Int, currency: Currency) -> (ExactNumber, Int)? {
        var k = skipPunct(end)
        if k < tokens.count, has(k, ids.and) || has(k, ids.sep) { k = skipPunct(k + 1) }
        guard k < tokens.count, let n = readNumber(at: k), let v = n.value.intValue,
              v >= 0, v < currency.minorPerMajor else { return nil }
        var after = n.end
        let m = skipPunct(after)
        if m < tokens.count, let (_, unitEnd) = matchClass(m, ids.minor) {
            after = unitEnd
        } else if m < tokens.count, !has(m, ids.sep) && !has(m, ids.and) {
            return nil
        }
        return (ExactNumber(units: v, fractionDigits: currency.minorDigits), after)
    }
}
