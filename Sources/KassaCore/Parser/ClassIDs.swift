// ClassIDs: the ids of the word classes the stages know by meaning (GrammarClass), resolved once per grammar.
// A class missing from the grammar gets -1 and simply never matches. `Slot` says which capture a
// class fills when a pattern matches it (weekday → weekday number, relday → day offset, ...).

// A class, not a struct: every line's view holds it, and a struct of a dozen arrays was copied
// (each array retained, from both parsing threads at once) for every line.
final class ClassIDs: Sendable {
    enum Slot: Sendable { case none, relday, span, dir, weekday, month, last, lastweek, prevmonth, next, ampm, daypart, recurrence, holiday, every }

    let ones, tens, hundreds, hundred, scale, scaleGlued, scaleSolo, fraction, plusHalf, point, and, one: Int
    /// Multipliers said before their count («тысяч на восемь» is about 8000).
    let scaleFirst: Int
    let scalePaucal: Int
    let currency, minor, ordinal, ordsuffix, filler, stop, sep, from, to, account, type, category: Int
    /// Currency words only after a number (codes that are also words: "200 try", "5 gel").
    let currencyAfter: Int
    /// Words that take back what was just said: "I mean", "no wait", "точнее", "ой нет".
    let correction: Int
    /// A minus said before the amount ("minus 500"), with the type it gives.
    let sign: Int
    /// Type phrases whose first word comes right before the amount and the rest right after it
    /// ("got 5000 back"): matched only across the amount, so "got back home" is no refund.
    let typeAround: Int
    /// Category phrases said around the amount the same way («закинул 2000 на телефон»).
    let categoryAround: Int
    /// Words naming a kind of account («картой», «счёта», "card"): a specific account right
    /// after one is the account meant («картой халыка»).
    let accountKind: Int
    /// Account words only after a preposition (savings, deposit), the batch word ("all"), the
    /// unit-price words ("each", «по») and the sum word ("total"): see GrammarClass.
    let accountAfter, batch, each, eachBefore, total: Int
    /// Verbs of putting money onto an account (GrammarClass.topUp).
    let topUp: Int
    /// A multiplication sign between a count and a price (MoneyStage.readMoney).
    let times: Int
    /// A preposition between an amount and its currency (MoneyStage.readMoney).
    let currencyIn: Int
    /// Words that say a line is no payment (DoubtRules).
    let notEntry: Int
    /// A currency exchange's verb and the words between its two amounts (ExchangeReading).
    let exchange, exchangeTo, exchangeRate, exchangeAlone: Int
    /// Banks' names that are ordinary words: accounts only after a preposition (AccountMention).
    let accountNamed: Int
    /// Words after a day's number that make it a day («числа»; NumberStage).
    let dayWord: Int
    /// A time said as a span with no day ("last week"; DraftBuilder.decideDate).
    let dateVague: Int
    /// A word between two amounts said for one thing ("or"; DraftAssembler.applyAlternatives).
    let alternative: Int
    /// Change given back beside a second amount (DraftAssembler.applyChange).
    let changeBack: Int
    /// A word that makes a percent beside it a discount (DraftBuilder.discount).
    let discount: Int
    /// A giver named before a verb of giving: money in (DraftBuilder.readWords).
    let giver, gives: Int
    /// Verbs of giving after a name the grammar cannot know (GiverReading).
    let namedGives: Int
    /// Ordinal words that are always a day said (ScanStage.ordinalBeforeItsNoun).
    let ordinalDate: Int
    /// Named days (Nauryz, Christmas): a date said with one wins over it.
    let holiday: Int
    /// Words before a calendar day that make it what the purchase is for (GrammarClass.datePurpose).
    let datePurpose: Int
    /// Span words that need a count before them (GrammarClass.spanCounted).
    let spanCounted: Int
    /// Words before an account's balance in a pasted bank notice (GrammarClass.balance).
    let balance: Int
    /// Words before a card's mask in a pasted bank notice (GrammarClass.mask).
    let mask: Int
    /// A shared bill and the person's part of it (ShareReading), what the bank charged (ChargeReading).
    let share, shareMine, charged: Int
    /// The currencies of the `dot-groups` class: "185.000" in one of them is 185,000.
    let dotGroupCurrencies: [Currency]
    /// The grammar's account names (the values of `account` words: cash, kaspi, halyk …), for
    /// matching a misheard name (SoundAlike), each once per distinct folded spelling (the Latin
    /// name and the grammar's one-word forms of it): a name may repeat.
    let accountValues: [String]
    /// The same names folded for SoundAlike once per grammar (nil: too short to be guessed).
    let accountValuesFolded: [[UInt32]?]
    /// Words that take a number as a name ("iphone", "route"): "iphone15" glued is a model.
    let numbered: Int
    /// Month names: digits after a multiplier that come right before one are a day, not the
    /// amount's tail ("18 тысяч 20 ноября").
    let month: Int
    /// Hundreds said right after a number word of 1-9 that make it thousands ("две четыреста").
    let spokenThousands: Int
    let spokenThousandsCount: Int
    let elidedThousands: Int
    /// Keywords that give way to any other keyword of the note: places that sell everything
    /// ("Lamoda sneakers" is clothes), generic phrases ("tickets to" the cinema).
    let categoryYields: Int
    /// Categories whose keywords win over any other keyword of the note (`class category-wins
    /// insurance = insurance`: "iPhone insurance" is insurance, not electronics).
    let winningSlugs: [String]
    /// Per grammar entry: whether it is a keyword of a winning category (no string compares
    /// while parsing).
    let entryWins: [Bool]
    let hasWinning: Bool
    let slots: [Slot]
    /// Per grammar entry: the frequency a `recurrence-unit` word names ("weeks" in "every 2
    /// weeks"); those words alone are no recurrence, only inside a pattern.
    let entryUnit: [Recurrence?]
    /// Class bits of the words that can begin a number or a day of month.
    let numberish: UInt64
    /// Class bits of the words a number phrase can begin with, and whether every such class has
    /// a bit (a user grammar may add classes past 64): then a word without them starts no number.
    let numberStart: UInt64
    let numberStartComplete: Bool
    /// For each mask of builtin shapes a token can be (DateStage.builtinShapes, 0...255), the
    /// patterns of grammar.builtinBuckets that can take one of them first, in bucket order:
    /// `shapePatterns[shapeStart[mask]..<shapeStart[mask + 1]]`. A number token tries only
    /// these, where it tested every builtin pattern's bits.
    let shapeStart: [Int32]
    let shapePatterns: [Int32]
    /// Class bits a known word needs to begin an account mention without a verb before it
    /// (from, to, account, account-kind; ScanStage.cannotBeginAccount), and whether each of those
    /// classes has a bit (else the gate is off).
    let accountStart: UInt64
    let accountStartComplete: Bool
    /// Class bits a word needs to begin an amount (a currency said first, or a number phrase:
    /// MoneyStage.readMoney), and whether each such class has a bit (else every word may).
    let moneyStart: UInt64
    let moneyStartComplete: Bool

    init(_ g: Grammar) {
        func id(_ c: GrammarClass) -> Int { g.classID(c) ?? -1 }
        ones = id(.ones); tens = id(.tens); hundreds = id(.hundreds); hundred = id(.hundred)
        scale = id(.scale); scaleGlued = id(.scaleGlued); scaleSolo = id(.scaleSolo)
        fraction = id(.fraction); plusHalf = id(.plusHalf); point = id(.point); and = id(.and); one = id(.one)
        scaleFirst = id(.scaleFirst); scalePaucal = id(.scalePaucal)
        currency = id(.currency); minor = id(.minor); ordinal = id(.ordinal); ordsuffix = id(.ordsuffix)
        filler = id(.filler); stop = id(.stop); sep = id(.sep); from = id(.from); to = id(.to)
        account = id(.account); type = id(.type); category = id(.category)
        currencyAfter = id(.currencyAfter); correction = id(.correction); sign = id(.sign)
        typeAround = id(.typeAround); categoryAround = id(.categoryAround)
        numbered = id(.numbered)
        accountKind = id(.accountKind)
        accountAfter = id(.accountAfter); topUp = id(.topUp); batch = id(.batch); each = id(.each); eachBefore = id(.eachBefore)
        times = id(.times)
        currencyIn = id(.currencyIn)
        total = id(.total); holiday = id(.holiday); datePurpose = id(.datePurpose); balance = id(.balance)
        spanCounted = id(.spanCounted)
        mask = id(.mask)
        share = id(.share); shareMine = id(.shareMine); charged = id(.charged)
        let dotGroups = id(.dotGroups)
        var grouping: [Currency] = []
        for entry in g.entries where entry.classID == dotGroups {
            if let c = Currency(code: entry.value), !grouping.contains(c) { grouping.append(c) }
        }
        dotGroupCurrencies = grouping
        notEntry = id(.notEntry)
        exchange = id(.exchange); exchangeTo = id(.exchangeTo); exchangeRate = id(.exchangeRate); exchangeAlone = id(.exchangeAlone)
        accountNamed = id(.accountNamed); dayWord = id(.dayWord); dateVague = id(.dateVague)
        alternative = id(.alternative); changeBack = id(.changeBack); discount = id(.discount)
        giver = id(.giver); gives = id(.gives); namedGives = id(.namedGives); ordinalDate = id(.ordinalDate)
        let accountClass = id(.account)
        var values: [String] = []
        for entry in g.entries where entry.classID == accountClass && !values.contains(entry.value) { values.append(entry.value) }
        // Every one-word form of the grammar's account words too («халыка», «каспи»): a Russian
        // mishearing («с халека», «с холико») sounds like those, not like the Latin name.
        var names = values, folded = values.map { SoundAlike.fold(Array($0.utf8), names: true) }
        // The lexicon may be shorter than the word table (a grammar being loaded has none yet).
        for w in 0..<max(0, min(g.words.count, g.hot.lexStart.count - 1)) {
            for k in Int(g.hot.lexStart[w])..<Int(g.hot.lexStart[w + 1]) {
                let e = Int(g.hot.lexEntries[k])
                guard g.entries[e].classID == accountClass, g.entries[e].rest.isEmpty,
                      let f = SoundAlike.fold(g.words.bytes(Int32(w)), names: true), !folded.contains(where: { $0 == f }) else { continue }
                names.append(g.entries[e].value)
                folded.append(f)
            }
        }
        accountValues = names
        accountValuesFolded = folded
        month = id(.month)
        spokenThousands = id(.spokenThousands); spokenThousandsCount = id(.spokenThousandsCount)
        elidedThousands = id(.elidedThousands); categoryYields = id(.categoryYields)
        let wins = id(.categoryWins)
        let winning = wins < 0 ? [] : g.entries.filter { $0.classID == wins }.map(\.value)
        winningSlugs = winning
        hasWinning = !winning.isEmpty
        let categoryClass = id(.category)
        entryWins = g.entries.map { !winning.isEmpty && $0.classID == categoryClass && winning.contains($0.value) }
        var slots = [Slot](repeating: .none, count: g.classNames.count)
        let table: [(GrammarClass, Slot)] = [
            (.relday, .relday), (.span, .span), (.dir, .dir), (.weekday, .weekday), (.month, .month),
            (.last, .last), (.lastweek, .lastweek), (.prevmonth, .prevmonth), (.next, .next), (.ampm, .ampm),
            (.daypart, .daypart), (.recurrence, .recurrence), (.holiday, .holiday),
            (.recurrenceUnit, .recurrence), (.recurrenceEvery, .every),
        ]
        for (c, slot) in table { if let i = g.classID(c) { slots[i] = slot } }
        self.slots = slots
        let unitClass = id(.recurrenceUnit)
        entryUnit = unitClass < 0 ? [] : g.entries.map { $0.classID == unitClass ? Recurrence(rawValue: $0.value) : nil }
        var mask: UInt64 = 0
        for c in [ones, tens, hundreds, hundred, scaleSolo, fraction, one, ordinal] where c >= 0 && c < 64 { mask |= 1 << UInt64(c) }
        numberish = mask
        let starters = [ones, tens, hundreds, hundred, scaleSolo, fraction, one, scaleFirst].filter { $0 >= 0 }
        numberStart = starters.reduce(0) { $1 < 64 ? $0 | 1 << UInt64($1) : $0 }
        numberStartComplete = starters.allSatisfy { $0 < 64 }
        (shapeStart, shapePatterns) = ClassIDs.shapeTable(g)
        let accountStarters = [from, to, account, accountKind]
        accountStart = accountStarters.reduce(0) { $1 >= 0 && $1 < 64 ? $0 | 1 << UInt64($1) : $0 }
        accountStartComplete = accountStarters.allSatisfy { $0 < 64 }
        moneyStart = currency >= 0 && currency < 64 ? numberStart | 1 << UInt64(currency) : numberStart
        moneyStartComplete = numberStartComplete && currency < 64 && one < 64
    }

    /// See `shapePatterns`. 256 masks over the grammar's few dozen builtin patterns: made once
    /// per grammar. A grammar being loaded may not have its pattern tables yet: then none.
    static func shapeTable(_ g: Grammar) -> ([Int32], [Int32]) {
        let bits = g.hot.patternBuiltinBits
        var starts: [Int32] = [0]
        var list: [Int32] = []
        starts.reserveCapacity(257)
        for mask in 0..<256 {
            for p in g.builtinBuckets where p < bits.count && Int(bits[p]) & mask != 0 { list.append(Int32(p)) }
            starts.append(Int32(list.count))
        }
        return (starts, list)
    }
}
