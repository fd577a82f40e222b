// GrammarClass: every word class a grammar may define (`class NAME = …`, `category SLUG = …`)
// and a pattern may name (`@NAME`). The list is closed: a rule naming a class not here is a load
// error at its file and line, so a typo ("@weekdya") cannot silently match nothing. The parser
// knows most of them by meaning (ClassIDs); a few are read only by patterns (numbered, qunit,
// yearword). Sources/KassaCore/Grammar/README.md lists them with what their values mean. The order is the classes'
// numbering (GrammarLoader): the first 64 are tested as bits of a word on every token, so a class
// the parser reads seldom goes at the end.

enum GrammarClass: String, CaseIterable, Sendable {
    // Numbers.
    case ones, tens, hundreds, hundred, scale
    case scaleGlued = "scale-glued", scaleSolo = "scale-solo"
    /// A multiplier said before its count, Russian's "about": «тысяч на восемь», «тысяч 500».
    case scaleFirst = "scale-first"
    /// Forms of a multiplier that agree only with counts ending in 2–4 (not 12–14): «тысячи»,
    /// «миллиона». Said first before hundreds that cannot agree («по тысячи двести») they are a
    /// slip for «тысяча двести» (1,200), not an inverted count; «тысячи две» stays about 2,000.
    case scalePaucal = "scale-paucal"
    case fraction
    case plusHalf = "plus-half"
    case point, and, one
    case spokenThousands = "spoken-thousands"
    /// Number words 1-9 whose thousands go unsaid before hundreds in digits, as dictation writes
    /// «три двести»: «такси три 200» is 3,200.
    case spokenThousandsCount = "spoken-thousands-count"
    /// Multipliers after which a count below 1,000 said alone is the next multiplier down:
    /// «2 млн 300» is 2,300,000 (the «тысяч» left unsaid).
    case elidedThousands = "elided-thousands"
    // Money.
    case currency
    case currencyAfter = "currency-after"
    case minor, sign
    // Dates and times.
    case relday, holiday, span, dir, weekday, month, ordinal, ordsuffix, last, lastweek, prevmonth
    case ampm, daypart, yearword
    // Recurrences and quantities.
    case recurrence
    case recurrenceUnit = "recurrence-unit", recurrenceEvery = "recurrence-every"
    case qunit, numbered
    // The rest of the line.
    case filler, correction, stop, sep, from, to, account, type, category
    /// Words that name a kind of account ("card", «картой», «счёта»): before a specific account
    /// («картой халыка», «со счёта жусана») the specific one is meant.
    case accountKind = "account-kind"
    /// Account words that name an account only after a preposition ("into savings", «на
    /// депозит»): alone they are something else ("security deposit"). Money moved *to* one of
    /// them is a transfer (saving is never spending).
    case accountAfter = "account-after"
    /// A verb of putting money onto an account ("topped up kaspi", «пополнил каспи», «закинул
    /// 5000 на карту»): the account said right after it, or said with "to" in its part, is
    /// where the money went — a transfer into it, not a purchase paid with it.
    case topUp = "top-up"
    /// A word that makes the account said after it the whole batch's ("…, all from kaspi",
    /// «…, всё с каспи»).
    case batch
    /// A word after the price that makes it a unit price ("2,500 each"), and one before it
    /// («по 1200»): the amount is the count said in the same part times the price.
    case each
    case eachBefore = "each-before"
    /// A multiplication sign typed between a count and a price ("2х2500", "900 x 2", "3*500"):
    /// the amount is their product.
    case times
    /// A preposition between an amount and its currency ("50 in dollars", «20 в долларах»).
    case currencyIn = "currency-in"
    /// A word that makes the amount beside it the sum of the whole line ("2,900 total",
    /// «итого 9000»): the counts said before it count things, not money.
    case total
    /// A type phrase said around the amount: "got 5000 back", «получил 5000 обратно».
    case typeAround = "type-around"
    /// A category phrase said around the amount: «закинул 2000 на телефон» (mobile top-up).
    case categoryAround = "category-around"
    /// A currency exchange with both amounts: a verb (`sell`: the first amount leaves, "changed
    /// 100 dollars to 52,000 tenge"; `buy`: the first amount arrives, "bought 200 euros for
    /// 104,000"), the words between the amounts, and those that make the second a rate («по 520»).
    case exchange
    case exchangeTo = "exchange-to"
    case exchangeRate = "exchange-rate"
    case categoryWins = "category-wins"
    case categoryYields = "category-yields"
    /// A word before a calendar day that says what the purchase is for ("tickets for december
    /// 5", «билеты на 5 декабря», «цветы к 8 марта»): a day nearer ahead than behind is not the
    /// purchase's date (DraftAssembler.markPurposeDates).
    case datePurpose = "date-purpose"
    /// Words before an account's balance in a pasted bank notice ("Available: 150 000 ₸",
    /// «Остаток 20 000 ₸»): that amount is no purchase (DraftAssembler.dropBalances).
    case balance
    /// Words that say a line is no payment to record: a verification code, a PIN, a declined
    /// payment, a plan ("thinking about buying"). A draft with one is asked about (Doubt, entry).
    case notEntry = "not-entry"
    /// Ordinary words the grammar names only so that they are known: never read as a keyword or
    /// an account name said wrong (typo and sound-alike guesses take unknown words only), nor as
    /// a proper name («скоро» is no typo of «скорой»). They do nothing else.
    case known
    // Read seldom (a question's shop, a rare date phrase): last, past the 64 classes tested as bits.
    /// A shop or a service by its name ("magnum", "uber"): a category keyword for entries (the
    /// `merchant SLUG = …` line defines both), and in a question a name to find in the notes
    /// ("how much did I spend at magnum" is that shop, not all groceries).
    case merchant
    /// "next monday", «в следующий понедельник»: the weekday ahead of today, not the last one.
    case next
    /// Words before a card's or an account's mask in a pasted bank notice ("Card *2291", «Карта
    /// *2291», "VISA **4410"): those digits are no amount (DraftAssembler.dropMasks).
    case mask
    /// A bill shared, with how many share it ("split in half" 2, «на троих» 3): the person's part
    /// is the amount divided (ShareReading).
    case share
    /// Words before the person's own part of a bill ("my part 3000", «моя доля 5000»): that
    /// amount is theirs, the bill said beside it stays in the note (ShareReading).
    case shareMine = "share-mine"
    /// Words before what the bank charged in the account's currency for a purchase said in
    /// another ("240 euros, Kaspi charged 133 800 tenge", «списали 133 800 ₸»): ChargeReading.
    case charged
    /// Currencies (the value, an ISO code) whose prices are said in whole units, so a dot before
    /// exactly three digits groups thousands whatever the language ("rent 185.000" is ₸185,000);
    /// in another currency with cents such a number is asked (MoneyStage.readMoney).
    case dotGroups = "dot-groups"
    /// Words that mean a currency exchange even when one amount is said ("exchanged", «обменник»):
    /// an amount in a currency said, with nothing about what arrived, is asked (DoubtRules).
    case exchangeAlone = "exchange-alone"
    /// A bank's name that is also an ordinary word ("freedom"): an account only right after a
    /// preposition ("on freedom", "from freedom"), where it is paid from like any other account.
    case accountNamed = "account-named"
    /// A word after a day's number that says it is a day of the month («15 числа»): the number is
    /// the day, never the tail of an amount said before it («150к 15 числа» is 150 000 on the 15th).
    case dayWord = "day-word"
    /// A time said only as a span, no day ("sometime last week", «на прошлой неделе»): with no
    /// date in the line, which day is asked (`date-vague`), never today in silence.
    case dateVague = "date-vague"
    /// A word between two amounts said for one thing ("1500 or 2000", «10 или 15 тысяч»): one
    /// draft, its amount asked between the two (DraftAssembler.applyAlternatives).
    case alternative
    /// Change given back, said beside a second amount ("got 1 650 change", «сдачу 1650»): the
    /// payment is the first amount less it (DraftAssembler.applyChange).
    case changeBack = "change-back"
    /// A word beside a percent that makes it a discount off the amount ("10% discount", «скидка
    /// 10%»): the draft's amount is what was paid (DraftBuilder.discount).
    case discount
    /// Words of a span that need a count before them ("weeks", "days", «недель», «месяцев»;
    /// not "week" nor «неделю»): a number before one that is too large to be the count of a date
    /// pattern ("100 999 weeks ago") makes the line refused, never an amount and a date a week back.
    case spanCounted = "span-counted"
    /// Who gives the person money, named before the verb ("husband", «клиент»), and the verbs
    /// of giving (the value: the type, income/other): a `giver` right before a `gives` word is
    /// that type ("husband gave 100k", «клиент оплатил 12к»); after the verb, the person got it.
    case giver, gives
    /// The verbs of giving whose giver may be a name the grammar cannot know, first in its part
    /// ("Samat gave back the 50k", «Ерлан скинул свою долю»): verbs that say money came to the
    /// person whoever gave it — not "paid", which a note also says of whom the person paid
    /// ("photographer paid 50000"). The value is the type (GiverReading).
    case namedGives = "named-gives"
    /// Ordinal words whose form says they are a day of the month, never a thing's adjective: the
    /// Russian genitive («двадцатого такси 2800» is a taxi on the 20th; «двадцатое такси» would be
    /// the twentieth). ScanStage.ordinalBeforeItsNoun.
    case ordinalDate = "ordinal-date"
}
