// DraftBuilder: the fields of one part of a line → a Draft, with what was inferred flagged
// (date-assumed, account-default, currency-default, category-guessed, amount-missing,
// ambiguous), an explanation per field (words + rule file:line) and questions for ties.

/// What one part of a line has said so far, while its draft is decided field by field.
struct PartReading {
    var flags = DraftFlagSet()
    var questions: [Question] = []
    var time: TimeOfDay?
    var recurrence: Recurrence?
    var interval = 1
    var accounts: [AccountMention] = []
    var typeWord: (String, Why)?
    /// A category phrase said around the amount («закинул 2000 на телефон»).
    var categoryAround: (String, Why)?
    var type = TransactionType.expense
    var account: String?
    var toAccount: String?
    /// A currency exchange's target: what arrives (ExchangeReading).
    var toAmount: Money?
    /// What the account was charged in its currency for a purchase said in another (ChargeReading).
    var chargedAmount: Money?
    /// The tokens of a day-month that does not exist ("31 feb"): the line is refused.
    var impossibleDate: Range<Int>?
    /// The tokens of a date said with a count past the limit ("100 999 weeks ago"): refused too.
    var countOutOfRange: Range<Int>?
    /// A one-off purchase dated ahead of today by a date said as a day, not by "tomorrow" or "in
    /// 3 days" (the words): asked (DoubtRules).
    var dateAhead: String?
    /// A day and month said without a year that only a day more than a year back has ("29 feb"
    /// said in 2026 is 29 Feb 2024): asked, never saved as sure.
    var dateLongAgo: String?
    /// A time said only as a span ("sometime last week", «на прошлой неделе») with no day in the
    /// line: which day is asked, never today in silence.
    var dateVague: String?
}

extension DraftStage {
    /// A type value "transfer/ACCOUNT" (Grammars: `class type transfer/cash = withdrew, atm`).
    static let transferPrefix = "transfer/"

    /// The draft of one part; its explanations are appended to `reasons`, marked with `index`.
    /// The decisions in order: what the words are (note, time, recurrence, accounts, type word),
    /// the date, the accounts (and so transfer or not), the amount, the category (and so income
    /// or not), then the confidence.
    func build(_ part: Part, _ s: LineScan, _ carry: inout Carry, index: Int, reasons: inout [Why])
        -> (Draft, [Question]) {
        let firstReason = reasons.count
        var r = PartReading()
        var noteTokens = ScratchList(noteMemory, capacity: tokens.count)  // reused by each part in turn
        readWords(part, s, &r, &noteTokens, &reasons)
        // Stop words ("on", "for", "за", "на") do not begin or end a note.
        var first = 0, last = noteTokens.count
        while first < last, has(noteTokens[first], ids.stop) { first += 1 }
        while last > first, has(noteTokens[last - 1], ids.stop) { last -= 1 }
        let note = noteText(noteTokens[first..<last])

        let date = decideDate(part, s, &carry, index: index, &r, &reasons)
        if carry.error == nil, let said = r.impossibleDate { carry.error = impossibleDateError(said) }
        if carry.error == nil, let said = r.countOutOfRange { carry.error = countOutOfRangeError(said) }
        // A currency exchange is a transfer, its verb the type word ("sold" is no income here).
        let exchange = part.money.flatMap { s.moneys[$0].exchange }
        if let x = exchange {
            let e = why("type", x.verbStart, x.verbEnd, .entry(Int32(x.verbEntry)))
            r.typeWord = ("transfer", e)
            reasons.append(e)
        }
        decideAccounts(&carry, index: index, &r, &reasons)
        // What arrives goes to the account said, else stays in the one it was changed in.
        if exchange != nil, r.toAccount == nil { r.toAccount = r.account }
        var amount = decideAmount(part, s, &carry, &r, &reasons, firstReason: firstReason)
        if let a = amount, let m = part.money, let (percent, said) = discount(in: part) {
            // "magnum 18 400, 10% discount": what was paid is the amount less the discount, in
            // whole minor units. Said before the amount («скидка 10%, обед 4500») the amount may
            // already be the price paid: the two tie and are asked, as is a discount that does
            // not come out exact.
            let (scaled, overflow) = a.minorUnits.multipliedReportingOverflow(by: 100 - percent)
            let less = !overflow && scaled % 100 == 0 ? Money(minorUnits: scaled / 100, currency: a.currency) : nil
            if let less, said.lowerBound >= s.moneys[m].end {
                amount = less
                reasons.append(why("amount", said.lowerBound, said.upperBound, .none))
            } else {
                r.flags.insert(.ambiguous)
                r.questions.append(Question(draftIndex: index, field: "amount", options: [a.decimalString] + (less.map { [$0.decimalString] } ?? [])))
            }
        }
        if let a = amount, let other = part.money.flatMap({ s.moneys[$0].alternative })?.money(a.currency), other != a {
            // "1500 or 2000": the two amounts tie — asked.
            r.flags.insert(.ambiguous)
            r.questions.append(Question(draftIndex: index, field: "amount", options: [other.decimalString, a.decimalString]))
        }
        var category = decideCategory(noteTokens, s, note: note, &r, &reasons)
        if exchange == nil, first < last { paidToPerson(noteTokens[first..<last], s, &r, &category) }

        var draft = Draft(type: r.type, amount: amount, date: date, time: r.time, category: category,
                          account: r.account, toAccount: r.toAccount, note: note, recurrence: r.recurrence, interval: r.interval,
                          confidence: DraftStage.confidence(r.flags, hasCategory: category != nil, type: r.type),
                          toAmount: r.type == .transfer ? r.toAmount : nil, flagSet: r.flags)
        if r.type != .transfer { draft.chargedAmount = r.chargedAmount }
        addDoubts(&draft, part, s)
        if let ahead = r.dateAhead { draft.doubt(Doubt(field: .date, text: ahead, reason: .dateAhead)) }
        if let past = r.dateLongAgo { draft.doubt(Doubt(field: .date, text: past, reason: .dateLongAgo)) }
        if let vague = r.dateVague { draft.doubt(Doubt(field: .date, text: vague, reason: .dateVague)) }
        for k in firstReason..<reasons.count { reasons[k].draft = Int32(index) }
        return (draft, r.questions)
    }

    /// How sure the draft is, from 1 down: a missing amount costs most (0.5: the draft cannot be
    /// saved without it); a tie the person must settle 0.2; no category at all 0.2 (transfers
    /// need none); a category read from a keyword rather than its own name 0.1. Never below 0.
    static func confidence(_ flags: DraftFlagSet, hasCategory: Bool, type: TransactionType) -> Double {
        var confidence = 1.0
        if flags.contains(.amountMissing) { confidence -= 0.5 }
        if flags.contains(.ambiguous) { confidence -= 0.2 }
        if flags.contains(.categoryGuessed) { confidence -= 0.1 }
        if !hasCategory && type != .transfer { confidence -= 0.2 }
        return max(0, confidence)
    }

    /// The part's words by role: times and recurrences said, quantities and name numbers (note
    /// words), accounts, the first type word, and the plain words of the note.
    @inline(__always) func readWords(_ part: Part, _ s: LineScan, _ r: inout PartReading, _ noteTokens: inout ScratchList<Int>,
                   _ reasons: inout [Why]) {
        var k = part.start
        // The words of a type phrase said after the amount ("back" in "got 5000 back").
        var aroundRest = 0..<0
        while k < part.end {
            switch s.roles[k] {
            case .pattern(let p):
                let pm = s.patterns[p]
                let rule = Why.Rule.pattern(Int32(pm.match.pattern))
                switch pm.value {
                case .time(let t) where r.time == nil:
                    r.time = t; reasons.append(why("time", pm.match.start, pm.match.end, rule))
                case .recurrence(let v, let interval) where r.recurrence == nil:
                    r.recurrence = v; r.interval = interval; reasons.append(why("recurrence", pm.match.start, pm.match.end, rule))
                case .quantity, .label, .purpose:
                    for t in pm.match.start..<pm.match.end { noteTokens.append(t) }
                case .impossibleDate:
                    for t in pm.match.start..<pm.match.end { noteTokens.append(t) }
                    if r.impossibleDate == nil { r.impossibleDate = pm.match.start..<pm.match.end }
                case .countOutOfRange:
                    for t in pm.match.start..<pm.match.end { noteTokens.append(t) }
                    if r.countOutOfRange == nil { r.countOutOfRange = pm.match.start..<pm.match.end }
                default: break
                }
                k = max(pm.match.end, k + 1)
                continue
            case .account(let a):
                r.accounts.append(s.accounts[a])
                k = max(s.accounts[a].end, k + 1)
                continue
            default:
                if aroundRest.contains(k) {
                    // ...unless a category phrase starts there: "got 300 dollars from a client"
                    // keeps "from a client" (freelance) while "got … from" makes it income.
                    if matchClass(k, ids.category) != nil { noteTokens.append(k) }
                    k += 1
                    continue
                }
                if isPlain(s, k) {
                    // "got 5000 back": the type phrase around the amount; its last words are
                    // past the amount and are read here, not left for the note. Before the plain
                    // type words: «получил 5000 обратно» is a refund, not «получил» income.
                    if r.typeWord == nil, ids.typeAround >= 0, let m = part.money,
                       let (e, end) = matchClass(k, ids.typeAround, around: s.moneys[m].start..<s.moneys[m].end) {
                        r.typeWord = (grammar.entries[e].value, why("type", k, end, .entry(Int32(e))))
                        if end <= s.moneys[m].start {
                            k = end  // said whole before the amount ("got back 5000")
                        } else {
                            aroundRest = s.moneys[m].end..<end
                            k += 1
                        }
                        continue
                    }
                    if r.categoryAround == nil, ids.categoryAround >= 0, let m = part.money,
                       let (e, end) = matchClass(k, ids.categoryAround, around: s.moneys[m].start..<s.moneys[m].end) {
                        r.categoryAround = (grammar.entries[e].value, why("category", k, end, .entry(Int32(e))))
                        if end <= s.moneys[m].start { k = end } else { aroundRest = s.moneys[m].end..<end; k += 1 }
                        continue
                    }
                    // «вернул Айдосу 5000»: given back to someone named, money out (GiverReading).
                    if r.typeWord == nil, let end = givenToName(at: k, partStart: part.start, partEnd: part.end) {
                        r.typeWord = ("other", why("type", k, end, .none))
                        k = end
                        continue
                    }
                    if r.typeWord == nil, let (e, end) = matchClass(k, ids.type) {
                        r.typeWord = (grammar.entries[e].value, why("type", k, end, .entry(Int32(e))))
                        k = end
                        continue
                    }
                    // "husband gave 100k", "Samat gave back the 50k": a giver before a verb of
                    // giving is money in — the verb's value is the type (GiverReading; a type
                    // phrase said there, «ученик заплатил», is more precise and wins).
                    if r.typeWord == nil, let (e, start, end) = giverVerb(at: k, partStart: part.start, partEnd: part.end) {
                        r.typeWord = (grammar.entries[e].value, why("type", k, end, .entry(Int32(e))))
                        // Who gave it stays in the note ("Samat", "husband", "client from dubai").
                        for j in k..<start where tokens[j].kind == .word { noteTokens.append(j) }
                        k = end
                        continue
                    }
                    noteTokens.append(k)
                }
            }
            k += 1
        }
    }

    /// A discount said in the part: a percent of 1–99 ("10%", as typed and as dictation writes it) with a
    /// `discount` word right before or after it ("minus 10% discount", «скидка 10%»); its value and tokens.
    func discount(in part: Part) -> (Int64, Range<Int>)? {
        guard ids.discount >= 0 else { return nil }
        for k in part.start..<part.end where tokens[k].kind == .number {
            guard let value = digitsValue(k), value >= 1, value <= 99, k + 1 < part.end,
                  tokens[k + 1].scalar == 0x25 else { continue }
            var start = k, end = k + 2
            if let (_, after) = matchClass(end, ids.discount) { end = after }
            else if k > part.start, let from = (max(part.start, k - 3)..<k).first(where: { matchClass($0, ids.discount)?.end == k }) { start = from }
            else { continue }
            return (value, start..<end)
        }
        return nil
    }

    /// Date: said here, else carried from an earlier part, else today (assumed). A reading with
    /// an alternative (02.03 in English, "march 12" said on 10 March) is asked.
    @inline(__always) func decideDate(_ part: Part, _ s: LineScan, _ carry: inout Carry, index: Int, _ r: inout PartReading,
                    _ reasons: inout [Why]) -> CivilDate {
        let said = firstDate(s, part)
        if let d = said {
            carry.date = d
            carry.dateAt = part.start
        } else if carry.date != nil,
                  sentenceEnds(s, from: min(carry.dateAt, part.start), to: max(carry.dateAt, part.start)) {
            // Said in an earlier sentence: kept, and shown as carried so the person can check it.
            r.flags.insert(.dateCarried)
        }
        guard let d = carry.date else {
            r.flags.insert(.dateAssumed)
            // "bought tickets sometime last week": a span said for the day — which day is asked.
            if r.recurrence == nil, ids.dateVague >= 0,
               let (start, end) = (part.start..<part.end).lazy.compactMap({ k in self.matchClass(k, self.ids.dateVague).map { (k, $0.end) } }).first {
                r.dateVague = text(start..<end)
            }
            return context.today
        }
        reasons.append(d.1)
        // "gym 15000 next monday": a purchase said for a day ahead, not as "tomorrow" nor with its
        // year written ("2026-03-20": a payment planned on purpose) — asked.
        if r.recurrence == nil, d.0 > context.today, case .pattern(let p) = d.1.rule, hot.actions[Int(p)] != .offset {
            let said = line.text(bytes: Int(d.1.byteStart)..<Int(d.1.byteEnd))
            if !said.contains(String(d.0.year)) { r.dateAhead = said }
        }
        // "300 weeks ago" as much as "29 feb": more than a year back without its year said is asked.
        if d.0 < context.today.adding(days: -366), case .pattern = d.1.rule {
            let said = line.text(bytes: Int(d.1.byteStart)..<Int(d.1.byteEnd))
            // A year written in full or in two digits ("15.03.24") was said on purpose.
            let short = String(d.0.year % 100)
            if !said.contains(String(d.0.year)) && !said.contains(short.count == 1 ? "0" + short : short) { r.dateLongAgo = said }
        }
        if let alt = d.2 {
            // A series starts on the coming day ("monthly from 1 December" said on 29 November);
            // a one-off entry said with a day just ahead is asked, never silently a year back.
            if r.recurrence != nil, alt > context.today { return alt }
            r.flags.insert(.ambiguous)
            r.questions.append(Question(draftIndex: index, field: "date", options: [d.0.iso, alt.iso]))
        } else if r.recurrence == nil, let first = said, let other = otherDate(s, part, besides: first.0) {
            // "gym 15000 on wednesday or thursday": two days said for one payment tie — asked.
            r.flags.insert(.ambiguous)
            r.questions.append(Question(draftIndex: index, field: "date", options: [first.0.iso, other.iso]))
        }
        return d.0
    }

    /// «перевёл Айгерим 5000», "transferred 20000 to my sister", «перевёл 100 000 за квартиру»:
    /// a transfer word with no account of the person's to go to, and someone or something named
    /// in the note, is money paid out — an expense; «перевод от мамы 5000», "transfer from John"
    /// (a "from" word before the note's first word) money that came in — income. With nothing
    /// named ("перевёл 5000", «перевод с каспи 5000») the destination is still asked.
    @inline(__always) func paidToPerson<Note: Collection<Int>>(_ note: Note, _ s: LineScan, _ r: inout PartReading, _ category: inout String?) {
        guard context.transfersToPeople, r.type == .transfer, r.typeWord?.0 == "transfer", let firstWord = note.first,
              // "to my gaspeacard", «на карту жусик»: a card or an account of the person's, misheard
              // or new — still a transfer, its destination asked.
              ids.accountKind < 0 || !note.contains(where: { has($0, ids.accountKind) }) else { return }
        // The "from" word: the note's first («от мамы») or right before it ("from John").
        var k = firstWord
        if ids.from < 0 || !has(k, ids.from) {
            k -= 1
            while k >= 0, tokens[k].kind == .punct { k -= 1 }
        }
        let fromSomeone = k >= 0 && ids.from >= 0 && has(k, ids.from) && { if case .plain = s.roles[k] { true } else { false } }()
        if fromSomeone, r.toAccount == nil || r.flags.contains(.accountDefault) {
            // «перевод от мамы 20000 на каспи»: what came in lands in the account it was sent to.
            if let to = r.toAccount {
                r.account = to
                r.toAccount = nil
                r.flags.remove(.accountDefault)
            }
            r.type = .income
            if category == nil || category?.hasPrefix(Parser.incomeBranch) == false { category = Parser.incomeBranch + "other" }
        } else if r.toAccount == nil {
            r.type = .expense
            if category?.hasPrefix(Parser.incomeBranch) == true { category = nil }
        }
    }

    /// Type and accounts: a transfer word, or two accounts with opposite directions, make a
    /// transfer (from → to); else the account said, carried, or the default.
    @inline(__always) func decideAccounts(_ carry: inout Carry, index: Int, _ r: inout PartReading, _ reasons: inout [Why]) {
        let accounts = r.accounts
        // "transfer", or "transfer/ACCOUNT": a word that also says where the money goes when the
        // line does not ("withdrew 20000 from kaspi", «снял в банкомате»: to cash).
        let typeValue = r.typeWord?.0
        let impliedDestination = typeValue.flatMap { v in
            v.hasPrefix(DraftStage.transferPrefix) ? String(v.dropFirst(DraftStage.transferPrefix.count)) : nil
        }
        let transferWord = typeValue == "transfer" || impliedDestination != nil
        let hasDirections = accounts.contains { $0.direction < 0 } && accounts.contains { $0.direction > 0 }
        // "put 100k into savings", «закинул 50 000 на депозит»: money moved to savings is kept,
        // not spent. "halyk -> kaspi", «каспи на халык»: an account said right before "to".
        // "topped up kaspi", «закинул 5000 на карту»: money put onto an account is moved there.
        let keeping = accounts.contains { ($0.keeps || $0.toppedUp) && $0.direction > 0 }
        let chained = accounts.contains { $0.direction > 0 && sourceRightBefore($0, accounts) != nil }
        if transferWord || (accounts.count >= 2 && hasDirections) || keeping || chained {
            r.type = .transfer
            // "withdrew 40k cash at the halyk ATM", «сняла наличными в банкомате халыка»: the
            // account a transfer word goes to, said with no direction, is where the money went.
            let impliedSaid = impliedDestination.flatMap { d in accounts.first { $0.direction == 0 && $0.name == d } }
            let from = accounts.first { $0.direction < 0 }
                ?? accounts.first { $0.direction > 0 }.flatMap { sourceRightBefore($0, accounts) }
                ?? accounts.first { $0.direction == 0 && $0.start != impliedSaid?.start }
            // An account said twice ("Halyk Bank: cash withdrawal … ATM HALYK") is one account,
            // not a transfer to itself.
            let to = accounts.first { $0.direction > 0 } ?? impliedSaid
                ?? accounts.first { $0.direction == 0 && $0.start != from?.start && $0.name != from?.name }
            if let f = from {
                r.account = f.name
                reasons.append(why("account", f.start, f.end, f.rule))
            } else if let c = carry.account {
                r.account = c.0
            } else if let t = to, t.toppedUp, t.name == context.defaultAccount {
                // "topped up kaspi" with kaspi the default: where the money came from was not
                // said — left empty for the person to say, never kaspi to kaspi.
                r.account = nil
            } else if to == nil || to?.start == impliedSaid?.start, let implied = impliedDestination, implied == context.defaultAccount {
                // "took out 20000 at the ATM" with cash the default: the money goes to cash, and
                // where it came from was not said — left empty for the person to say, never
                // cash to cash.
                r.account = nil
            } else {
                r.account = context.defaultAccount
                r.flags.insert(.accountDefault)
            }
            if let t = to, t.start != from?.start {
                r.toAccount = t.name
                reasons.append(why("to_account", t.start, t.end, t.rule))
            } else if let implied = impliedDestination, implied != r.account, var e = r.typeWord?.1 {
                // Not from the account it goes to: cash "withdrawn" from cash is still asked about.
                r.toAccount = implied
                e.field = "to_account"
                reasons.append(e)
            }
            if from?.guessed == true || (to?.guessed == true && r.toAccount == to?.name) { r.flags.insert(.accountGuessed) }
            for m in [from, to].compactMap({ $0 }) where !m.alternatives.isEmpty {
                r.flags.insert(.ambiguous)
                r.questions.append(Question(draftIndex: index, field: m.direction > 0 ? "to_account" : "account",
                                            options: [m.name] + m.alternatives))
            }
        } else if let a = accounts.first(where: { !$0.guessed }) ?? accounts.first {
            // A guess never beats an account said exactly anywhere in the part.
            r.account = a.name
            if a.guessed { r.flags.insert(.accountGuessed) }
            let e = why("account", a.start, a.end, a.rule)
            reasons.append(e)
            carry.account = (a.name, e)
            if !a.alternatives.isEmpty {
                r.flags.insert(.ambiguous)
                r.questions.append(Question(draftIndex: index, field: "account", options: [a.name] + a.alternatives))
            }
        } else if let c = carry.account {
            r.account = c.0
            reasons.append(c.1)
        } else {
            r.account = context.defaultAccount
            r.flags.insert(.accountDefault)
        }
    }

    /// The account said without a preposition right before `to` (only punctuation between:
    /// "halyk -> kaspi", "halyk to kaspi", «каспи на халык»): where the money comes from.
    func sourceRightBefore(_ to: AccountMention, _ accounts: [AccountMention]) -> AccountMention? {
        accounts.first { a in
            a.direction == 0 && a.end <= to.start && (a.end..<to.start).allSatisfy { tokens[$0].kind == .punct }
        }
    }

    /// Amount and currency: the currency said, else carried, else the account's, else the
    /// default (flagged). Out-of-bounds amounts refuse the line; a leading minus gives a type.
    @inline(__always) func decideAmount(_ part: Part, _ s: LineScan, _ carry: inout Carry, _ r: inout PartReading,
                      _ reasons: inout [Why], firstReason: Int) -> Money? {
        var amount: Money?
        let account = r.account
        let accountCurrency = context.accounts.first { $0.name == account }?.currency
        if let m = part.money.map({ s.moneys[$0] }) {
            var currency: Currency
            if let c = m.currency {
                currency = c
                let e = why("currency", m.start, m.end, m.currencyRule >= 0 ? .entry(Int32(m.currencyRule)) : .none)
                // An exchange names two currencies: neither is carried to the purchases after it.
                if m.exchange == nil { carry.currency = (c, e) }
            } else if let x = m.exchange {
                // An exchange's unsaid side is the currency it was read with (never carried on).
                currency = x.paidCurrency
            } else if let c = carry.currency {
                currency = c.0
            } else if let c = accountCurrency {
                currency = c
            } else {
                currency = context.defaultCurrency
                r.flags.insert(.currencyDefault)
            }
            if m.currency == nil, looksLikeUnknownCurrency(after: m, part) { r.flags.insert(.currencyUnknown) }
            if carry.error == nil { carry.error = boundsError(m.value, currency, m) }
            amount = m.value.money(currency)
            let rule = m.currencyRule >= 0 ? m.currencyRule : m.number.rule
            // A unit price times its count: the explanation shows both ("four tickets, 2,500 each").
            reasons.insert(why("amount", m.countStart ?? m.start, m.end, rule >= 0 ? .entry(Int32(rule)) : .none), at: firstReason)
            if let x = m.exchange {
                // The exchange's target: bounded like any amount, explained by its connector.
                if carry.error == nil { carry.error = boundsError(x.value, x.currency, m) }
                r.toAmount = x.value.money(x.currency)
                reasons.append(why("to_amount", x.start, x.end, .entry(Int32(x.connectorEntry))))
            }
            if let c = m.charged {
                // What the bank charged: bounded like any amount, explained by its charge words.
                if carry.error == nil { carry.error = boundsError(c.value, c.currency, m) }
                r.chargedAmount = c.value.money(c.currency)
                reasons.append(why("charged_amount", c.start, c.end, c.entry >= 0 ? .entry(Int32(c.entry)) : .none))
            }
        }
        if amount == nil { r.flags.insert(.amountMissing) }
        // A leading minus ("-500 coffee", "minus 500", "минус 500") is never dropped silently: it
        // reads as money coming back, with the type the grammar's `sign` class gives (a refund).
        if r.typeWord == nil, let m = part.money.map({ s.moneys[$0] }), let sign = leadingSign(before: m) {
            // A sign of money out ("-12 500,00 KZT", as banks print a payment) keeps the draft an
            // expense: it is explained, not a type word.
            if sign.0 == DraftStage.signOut { reasons.append(sign.1) } else { r.typeWord = sign }
        }
        return amount
    }

    /// Category: what the person taught wins, then the lexicon, then a type word's default; a
    /// category under income/ makes the draft income. Transfers have none.
    @inline(__always) func decideCategory(_ noteTokens: ScratchList<Int>, _ s: LineScan, note: String, _ r: inout PartReading,
                        _ reasons: inout [Why]) -> String? {
        guard r.type != .transfer else { return nil }
        var category: String?
        var keywordReason: Int?
        let chosen = chooseCategory(noteTokens, s, note: note)
        if let (slug, e) = r.categoryAround, chosen.map({ if case .learned = $0.1.rule { false } else { true } }) ?? true {
            // Said around the amount, the phrase is more precise than any keyword left in the
            // note; only what the person taught wins over it.
            category = slug
            keywordReason = reasons.count
            reasons.append(e)
        } else if let (slug, e, guessed) = chosen {
            category = slug
            keywordReason = reasons.count
            reasons.append(e)
            if guessed { r.flags.insert(.categoryGuessed) }
        }
        // A type word ("refund", "получил") carries a default category such as income/refund
        // (or a top-level one: «вернул долг» is `other`, «снял номер» `travel`); a keyword in the
        // same top-level branch ("cashback") is more precise and wins.
        if let (value, e) = r.typeWord, value != "transfer" {
            reasons.append(e)
            if category == nil || !DraftStage.sameBranch(category!, value) {
                category = value
                r.flags.remove(.categoryGuessed)
                // The keyword lost ("refund 5000 for the shoes"): the type word explains the
                // category, not "shoes".
                if let k = keywordReason {
                    reasons[k] = e
                    reasons[k].field = "category"
                }
            }
        }
        // The first byte settles most categories before the branch comparison.
        if let c = category, c.utf8.first == Parser.incomeBranch.utf8.first,
           DraftStage.sameBranch(c, Parser.incomeBranch) { r.type = .income }
        return category
    }

    /// The `sign` value that means money out: the draft stays an expense.
    static let signOut = "expense"

    /// The `sign` class's meaning when a sign stands right before the amount: a word ("minus",
    /// "минус") or a mark glued to the digits and not to anything before it ("-500", "+50 000",
    /// not "15-20"). A bare "-" the grammar gives no meaning reads as its first sign word's.
    func leadingSign(before m: MoneyMatch) -> (String, Why)? {
        guard ids.sign >= 0, m.start > 0 else { return nil }
        let k = m.start - 1
        guard tokens[k].kind == .punct || has(k, ids.sign) else { return nil }
        let glued = tokens[m.start].glued && (k == 0 || !tokens[k].glued)
        if let e = entry(k, ids.sign), tokens[k].kind == .word || glued {
            return (grammar.entries[e].value, why("type", k, m.end, .entry(Int32(e))))
        }
        guard tokens[k].isPunct("-"), glued,
              let e = grammar.entries.firstIndex(where: { $0.classID == ids.sign }) else { return nil }
        return (grammar.entries[e].value, why("type", k, m.end, .entry(Int32(e))))
    }

    /// "50 quatloos", "50 пиастров": a word the grammar does not know, right after a digits amount
    /// and ending its part, shaped like a currency after a number (a plural: -s; -ов, -ев, -ей).
    func looksLikeUnknownCurrency(after m: MoneyMatch, _ part: Part) -> Bool {
        let k = m.end
        guard m.number.hasDigits, k < part.end, tokens[k].kind == .word, tokens[k].word < 0 else { return false }
        let after = skipPunct(k + 1)
        guard after >= part.end || tokens[after].kind == .punct || has(after, ids.sep) else { return false }
        let b = normBytes(k)
        guard b.count >= 4 else { return false }
        let ru: [[UInt8]] = [Array("ов".utf8), Array("ев".utf8), Array("ей".utf8)]
        if b.last == UInt8(ascii: "s") { return true }
        return ru.contains { b.count > $0.count && Array(b.suffix($0.count)) == $0 }
    }

    /// Amounts are bounded where they are typed: at most 12 digits before the decimal mark, and
    /// no more decimals than the currency has ("1500.999" tenge is refused, never rounded).
    func boundsError(_ value: ExactNumber, _ currency: Currency, _ m: MoneyMatch) -> ParseError? {
        // Almost every amount: few digits and no more decimals than the currency has.
        if value.fractionDigits <= currency.minorDigits, value.units > -100_000_000_000, value.units < 100_000_000_000 {
            return nil
        }
        let n = value.normalized
        var whole = n.units < 0 ? -n.units : n.units
        for _ in 0..<n.fractionDigits { whole /= 10 }
        let span = Int(tokens[m.start].byteStart)..<Int(tokens[m.end - 1].byteEnd)
        if whole >= 1_000_000_000_000 {
            return ParseError(code: "amount-too-large", messageKey: "parse.amount-too-large",
                              messageArguments: ["digits": "12"], span: scalarSpan(span))
        }
        if n.fractionDigits > currency.minorDigits {
            return ParseError(code: "amount-too-precise", messageKey: "parse.amount-too-precise",
                              messageArguments: ["currency": currency.code, "digits": String(currency.minorDigits)],
                              span: scalarSpan(span))
        }
        return nil
    }

    /// "31 feb", «31 ноября»: a day its month does not have. Refused with the words, so the person
    /// says the date again rather than finding the purchase saved today.
    func impossibleDateError(_ said: Range<Int>) -> ParseError {
        let bytes = Int(tokens[said.lowerBound].byteStart)..<Int(tokens[said.upperBound - 1].byteEnd)
        return ParseError(code: "date-impossible", messageKey: "parse.date-impossible",
                          messageArguments: ["text": text(said)], span: scalarSpan(bytes))
    }

    /// "100 999 weeks ago": a count of days, weeks or months past the limit. Refused with the
    /// words and the limit, so the person says the date and the amount apart.
    func countOutOfRangeError(_ said: Range<Int>) -> ParseError {
        let bytes = Int(tokens[said.lowerBound].byteStart)..<Int(tokens[said.upperBound - 1].byteEnd)
        return ParseError(code: "date-count-out-of-range", messageKey: "parse.date-count-out-of-range",
                          messageArguments: ["text": text(said), "limit": String(DateStage.shortCount)], span: scalarSpan(bytes))
    }

    /// A byte range of the input as a range of Unicode scalars (error spans count scalars).
    func scalarSpan(_ bytes: Range<Int>) -> Range<Int> {
        var copy = input
        return copy.withUTF8 { u in
            var start = 0, end = 0
            for k in 0..<min(bytes.upperBound, u.count) where u[k] & 0xC0 != 0x80 {
                if k < bytes.lowerBound { start += 1 }
                end += 1
            }
            return start..<end
        }
    }

    /// Whether two slugs share their top-level branch ("income/refund", "income/cashback").
    /// Byte compares: slugs are ASCII, and String's own compares normalize Unicode.
    static func sameBranch(_ a: String, _ b: String) -> Bool {
        var x = a.utf8.makeIterator(), y = b.utf8.makeIterator()
        while let p = x.next(), let q = y.next(), p == q {
            if p == UInt8(ascii: "/") { return true }
        }
        return false
    }

    /// The note: the words as typed, runs of adjacent tokens kept together ("wi-fi", "10k"),
    /// runs separated by one space. Written straight into the string's storage.
    func noteText<Indices: Collection<Int>>(_ indices: Indices) -> String {
        guard !indices.isEmpty else { return "" }
        // Two passes over the runs (one to size the string, one to fill it) instead of a list.
        func forEachRun(_ body: (Int, Int) -> Void) {
            var runStart = -1, runEnd = -1
            for k in indices {
                if runStart >= 0, k == runEnd + 1, tokens[k].glued {
                    runEnd = k
                } else if runStart >= 0, k == runEnd + 2, tokens[k - 1].kind == .punct, tokens[k - 1].glued,
                          tokens[k].glued, !tokens[k - 1].isPunct(",") {
                    runEnd = k  // "wi-fi", "coca-cola"
                } else {
                    if runStart >= 0 { body(tokens[runStart].byteStart, tokens[runEnd].byteEnd) }
                    runStart = k; runEnd = k
                }
            }
            body(tokens[runStart].byteStart, tokens[runEnd].byteEnd)
        }
        var copy = input  // withUTF8 needs a var; a native string is not copied
        return copy.withUTF8 { source in
            // Most notes are one stretch of the input with single spaces between its runs: that
            // stretch is copied as a substring of the valid input, with no UTF-8 check of its own.
            var length = -1, first = -1, last = -1, stretch = true
            forEachRun { from, to in
                length += to - from + 1
                if first < 0 { first = from } else if from != last + 1 || source[last] != 0x20 { stretch = false }
                last = to
            }
            if stretch {
                let bytes = input.utf8
                return String(input[bytes.index(bytes.startIndex, offsetBy: first)..<bytes.index(bytes.startIndex, offsetBy: last)])
            }
            return String(unsafeUninitializedCapacity: length) { out in
                var w = 0
                forEachRun { from, to in
                    if w > 0 { out[w] = UInt8(ascii: " "); w += 1 }
                    for b in from..<to { out[w] = source[b]; w += 1 }
                }
                return w
            }
        }
    }

    func chooseCategory(_ noteTokens: ScratchList<Int>, _ s: LineScan, note: String) -> (String, Why, Bool)? {
        let learned = context.learnedCategories
        if !learned.isEmpty {
            let key = Parser.learningKey(note)
            if let slug = learned[key] {
                return (slug, why("category", noteTokens.first ?? 0, (noteTokens.last ?? -1) + 1, .learned), false)
            }
            for k in noteTokens where tokens[k].kind == .word {
                if let slug = learned[wordText(k)] {
                    return (slug, why("category", k, k + 1, .learned), false)
                }
            }
        }
        var best: (entry: Int, start: Int, end: Int)?
        // The best keyword that does not give way (`category-yields`): a place that sells
        // everything or a generic phrase loses to any other keyword ("Lamoda sneakers").
        var firm: (entry: Int, start: Int, end: Int)?
        var candidates = 0
        for (n, k) in noteTokens.enumerated() {
            guard var (e, end) = matchClass(k, ids.category) else { continue }
            // A phrase counts only if all its words are note words (noteTokens is increasing);
            // else the word alone may ("metro card 2000" paid by card is still the metro).
            var inside = true
            var m = n
            for j in k..<end where tokens[j].kind != .punct {
                while m < noteTokens.count, noteTokens[m] < j { m += 1 }
                if m == noteTokens.count || noteTokens[m] != j { inside = false; break }
            }
            if !inside, end > k + 1, let single = entry(k, ids.category) { (e, end, inside) = (single, k + 1, true) }
            guard inside else { continue }
            candidates += 1
            if best == nil || end - k > best!.end - best!.start { best = (e, k, end) }
            if firm == nil || end - k > firm!.end - firm!.start, !yields(k, end) { firm = (e, k, end) }
        }
        if candidates > 1, let f = firm { best = f }
        // A winning category ("insurance") beats the insured thing whatever the lengths: looked
        // for only when the note has keywords of more than one reading.
        if candidates > 1, let b = best, ids.hasWinning, !ids.entryWins[b.entry] {
            for k in noteTokens {
                guard let (e, end) = matchClass(k, ids.category), ids.entryWins[e] else { continue }
                best = (e, k, end)
                break
            }
        }
        guard let b = best else { return typoCategory(noteTokens) }
        let slug = grammar.entries[b.entry].value
        // Saying the category's own name ("coffee", "продукты") is not a guess.
        let named = saysCategoryName(of: b.entry, b.start, b.end)
        return (slug, why("category", b.start, b.end, .entry(Int32(b.entry))), !named)
    }

    /// No keyword in the note: a word the grammar does not know, of five letters or more, that
    /// is a typo of exactly one category's keyword ("resturant", "grocerys", «супермаркит»),
    /// read as that category and flagged as a guess. Never tried when any keyword matched.
    func typoCategory(_ noteTokens: ScratchList<Int>) -> (String, Why, Bool)? {
        for k in noteTokens where tokens[k].kind == .word && tokens[k].word < 0 {
            guard let word = SoundAlike.folded(normBytes(k)),
                  let e = grammar.typos.entry(for: word, slug: { grammar.entries[$0].value }) else { continue }
            return (grammar.entries[e].value, why("category", k, k + 1, .typo), true)
        }
        return nil
    }

    /// Whether the keyword at tokens start..<end is one that gives way (`category-yields`).
    func yields(_ start: Int, _ end: Int) -> Bool {
        guard ids.categoryYields >= 0, let (_, e) = matchClass(start, ids.categoryYields) else { return false }
        return e >= end
    }

    /// Whether the words of tokens start..<end are one of the display names of the category that
    /// entry `e` means.
    func saysCategoryName(of e: Int, _ start: Int, _ end: Int) -> Bool {
        names: for name in Int(hot.entryNames[e])..<Int(hot.entryNames[e + 1]) {
            var w = Int(hot.nameStart[name])
            let last = Int(hot.nameStart[name + 1])
            for j in start..<end where tokens[j].kind != .punct {
                guard w < last, hot.nameWords[w] == tokens[j].word else { continue names }
                w += 1
            }
            if w == last { return true }
        }
        return false
    }
}
