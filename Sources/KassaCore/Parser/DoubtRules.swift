// DoubtRules: what a draft's own words leave in doubt, each a named rule that adds a Doubt with
// its reason instead of letting the reading pass as sure:
//
//   code          digits glued after "*", "#" or "№" ("card *4417", "order #2231") are a card's
//                 or an order's number, asked before they are the amount;
//   phone         a run of digits of nine or more that is no grouping of thousands
//                 ("87059998877", "8 701 442 1937") is a phone number or a code;
//   small-price   an amount in tenge said with no currency and below ₸100 ("flat 45 rent",
//                 "taxi 2.5") is no price anyone pays in tenge: the amount or its currency is asked;
//   not-an-entry  a word of the grammar's class `not-entry` in the draft's words (a verification
//                 code, a PIN, a declined payment, a plan), a `balance` phrase before the only
//                 amount ("Available: 87 412 ₸"), or a line ending in "?" asks whether this is a
//                 payment at all;
//   thousands-or-decimals  (MoneyStage.readMoney) "1.500 USD" in a language whose dot is decimal:
//                 a currency with cents, three digits after the dot — thousands or decimals?
//   share-uneven  (ShareReading) a shared bill that does not divide exactly: the part is asked;
//   date-ahead    (DraftBuilder.decideDate) a one-off purchase dated ahead by a day said, not by
//                 "tomorrow" or "in 3 days".
//   direction     a person's name (an unknown word written with a capital, not all in capitals) and an amount, with no
//                 other word, type or category ("Dana 15000 kaspi", «Даурен 10 000»): whether the
//                 money went to them or came from them is asked;
//   exchange-incomplete  a word of the class `exchange-alone` in a part whose amount is in a
//                 currency said, other than the default, or that names another currency beside
//                 its amount, with no second amount ("exchanged 300 dollars at the obmennik",
//                 "changed 100k tenge to lari"): what arrived is asked, not saved as money spent.
//
// Ties the parser already asks about (this year's date or last year's, two accounts) become
// doubts with reason `tie` (Parser). A doubt lowers the draft's confidence below 0.5.

extension DraftStage {
    /// The least price in tenge a purchase is said with, in minor units (₸100).
    static let smallestTengePrice: Int64 = 100 * 100

    /// Whether `part` names a currency outside its amount `m` other than `currency` ("… to lari").
    private func namesOtherCurrency(_ part: Part, besides m: MoneyMatch, _ currency: Currency) -> Bool {
        guard ids.currency >= 0 else { return false }
        return (part.start..<part.end).contains { k in
            guard k < m.start || k >= m.end, let (e, _) = matchClass(k, ids.currency), let named = grammar.currencies[e] else { return false }
            return named != currency
        }
    }

    /// Adds the doubts of `part`'s words to `draft`.
    func addDoubts(_ draft: inout Draft, _ part: Part, _ s: LineScan) {
        if let m = part.money.map({ s.moneys[$0] }), !m.isQuantity, draft.amount != nil {
            let number = m.number.start..<m.number.end
            if m.thousandsOrDecimals {
                draft.doubt(Doubt(field: .amount, text: text(m.number.start..<m.number.end), reason: .thousandsOrDecimals))
            } else if let phrase = m.unevenShare {
                draft.doubt(Doubt(field: .amount, text: text(m.start..<m.end) + " " + text(phrase), reason: .shareUneven))
            } else if let code = codeAt(number.lowerBound) {
                draft.doubt(Doubt(field: .amount, text: text(code), reason: .phoneOrCode))
            } else if let run = phoneRun(around: number, s) {
                draft.doubt(Doubt(field: .amount, text: text(run), reason: .phoneOrCode))
            } else if let amount = draft.amount, amount.currency == .kzt, draft.has(.currencyDefault), m.exchange == nil,
                      amount.minorUnits > 0, amount.minorUnits < DraftStage.smallestTengePrice {
                draft.doubt(Doubt(field: .amount, text: text(m.start..<m.end), reason: .outOfRange))
            }
            if m.exchange == nil, let amount = draft.amount,
               (m.currency != nil && amount.currency != context.defaultCurrency) || namesOtherCurrency(part, besides: m, amount.currency),
               ids.exchangeAlone >= 0, let word = (part.start..<part.end).first(where: { matchClass($0, ids.exchangeAlone) != nil }) {
                draft.doubt(Doubt(field: .type, text: text(min(word, m.start)..<max(word + 1, m.end)), reason: .exchangeIncomplete))
            }
        }
        // "Available: 87 412,50 ₸", "Balance on card: 152,300 KZT" alone: what an account holds,
        // not a purchase (with a purchase beside it, the balance already left the line).
        if ids.balance >= 0, let m = part.money.map({ s.moneys[$0] }), !hasTopUp(part) {
            var k = part.start
            while k < m.start {
                if let (_, end) = matchClass(k, ids.balance), end <= m.start {
                    draft.doubt(Doubt(field: .entry, text: text(k..<end), reason: .notAnEntry))
                    break
                }
                k += 1
            }
        }
        if let name = onlyAName(draft, part, s) {
            draft.doubt(Doubt(field: .type, text: text(name..<(name + 1)), reason: .direction))
        }
        // "12000?": a line that asks is no entry said.
        if let last = tokens.indices.last, tokens[last].isPunct("?"), part.end >= last {
            draft.doubt(Doubt(field: .entry, text: text(part.start..<min(part.end, tokens.count)), reason: .notAnEntry))
        }
        if ids.notEntry >= 0 {
            var k = part.start
            while k < part.end {
                if let (_, end) = matchClass(k, ids.notEntry) {
                    draft.doubt(Doubt(field: .entry, text: text(k..<end), reason: .notAnEntry))
                    break
                }
                k += 1
            }
        }
    }

    /// The token of a name said alone beside the amount ("Dana 15000 kaspi"): in a short part,
    /// the only word no reading took is an unknown word written with a capital, and the draft
    /// is an expense of no category (no type word, no keyword said what the money was).
    func onlyAName(_ draft: Draft, _ part: Part, _ s: LineScan) -> Int? {
        guard draft.type == .expense, draft.category == nil, draft.amount != nil,
              // A short line: the name, the amount and an account at most ("3 bottles of Tassay at
              // 350 each" says what was bought).
              (part.start..<part.end).count(where: { tokens[$0].kind != .punct }) <= 5 else { return nil }
        var name: Int?
        for k in part.start..<part.end where tokens[k].kind == .word {
            guard case .plain = s.roles[k], !has(k, ids.stop) else { continue }
            guard name == nil else { return nil }
            name = k
        }
        // A capital first and small letters after: "Dana", «Даурен» — not a merchant a bank prints in capitals ("ALSECO").
        guard let k = name, isUnknownName(k), case let word = text(k, k + 1).unicodeScalars,
              word.first?.properties.isUppercase == true, word.dropFirst().contains(where: { $0.properties.isLowercase }) else { return nil }
        return k
    }

    /// A verb of putting money onto an account in the part («пополнил баланс»: a top-up, not a balance).
    func hasTopUp(_ part: Part) -> Bool {
        guard ids.topUp >= 0 else { return false }
        return (part.start..<part.end).contains { matchClass($0, ids.topUp) != nil }
    }

    /// "*4417", "#2231", "№12": the mark and the digits glued to it, when `k` is those digits.
    func codeAt(_ k: Int) -> Range<Int>? {
        guard k > 0, tokens[k].kind == .number, tokens[k].glued, tokens[k - 1].kind != .word,
              [0x2A, 0x23, 0x2116].contains(tokens[k - 1].scalar) else { return nil }
        return (k - 1)..<(k + 1)
    }

    /// The digit groups around `number` (plain digit tokens separated by spaces) when they hold
    /// nine digits or more and are no grouping of thousands: one group, or groups after the
    /// first not all three digits long. A phone number has a few groups: at most
    /// `phoneGroups` are looked at on each side, so a line of thousands of numbers stays linear.
    static let phoneGroups = 5

    func phoneRun(around number: Range<Int>, _ s: LineScan) -> Range<Int>? {
        let toks = tokens
        for k in number where toks[k].kind != .number || !toks[k].digitsOnly { return nil }
        // A group beside the amount joins the run only when nothing else read it (not a year
        // or a name's number: "for 2026 55 000") and it stands apart ("1920x1080 150000").
        func free(_ k: Int) -> Bool {
            guard toks[k].kind == .number, toks[k].digitsOnly, !toks[k].glued else { return false }
            switch s.roles[k] {
            case .plain, .money: return true
            default: return false
            }
        }
        var low = number.lowerBound, high = number.upperBound
        var steps = 0
        while steps < DraftStage.phoneGroups, low > 0, !toks[low].glued, free(low - 1) { low -= 1; steps += 1 }
        steps = 0
        while steps < DraftStage.phoneGroups, high < toks.count, free(high) { high += 1; steps += 1 }
        var digits = 0, thousands = high - low > 1
        for k in low..<high {
            let count = length(k)
            digits += count
            if k == low ? count > 3 : count != 3 { thousands = false }
        }
        guard digits >= 9 else { return nil }
        return thousands ? nil : low..<high
    }

    /// The input's words of tokens `range`, as typed.
    func text(_ range: Range<Int>) -> String { line.text(range.lowerBound, range.upperBound) }
}
