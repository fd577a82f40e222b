// ReplyReader: what a reply to waiting drafts means. Pure: the reply, the drafts, the dialog
// grammar (Grammars/*/replies.rules) and the parser's readings of the reply's values decide it;
// nothing is changed here (Session+Reply acts on the reading).
//
// The order, each step only when the ones before did not decide:
//   1. the whole reply is a confirmation, a refusal or an undo ("ok, save it", «не надо»);
//   2. the documented forms ("amount 1600", "2 сумма 1000", "drop 2") are left to DraftCorrection;
//   3. a join word opens a new entry ("and a coffee 900", «и ещё кофе 900»);
//   4. a drop word names a draft ("drop the coffee", «удали последний»);
//   5. a transfer waits for its destination and the reply names one ("into my halyk", «в халык»);
//      an account said alone («с каспи», "kaspi") is the drafts' account (a transfer's source first);
//   6. a correction: a negation, cue, field word, "not X", a named draft and a link ("no, 1600",
//      «не 1500, а 1600», "the taxi was 2000", «второе — 900»), whose values say their field by
//      their kind (an amount, a date, an account phrase, a category word, a currency).
// A reply with none of these marks is not a correction: a bare "1600" or "вчера" goes to the
// documented forms, and "coffee 900" is a new entry. A correction is never taken for an entry.

import KassaCore
import KassaStore

struct ReplyReader {
    let grammar: DialogGrammar
    let words: CommandWords
    let parser: Parser
    let context: ParseContext
    let journal: Journal?

    /// The most words an agreement before a change may have ("ok, looks all fine then, but …").
    static let agreementWords = 8

    /// Fields that, said with no draft named, go to every draft of a batch.
    static let batchFields: Set<String> = ["date", "account", "currency"]

    /// The reading of `reply` with `drafts` waiting, and the words that decided it.
    /// "no idea, maybe 900", «не помню, где-то 900»: not knowing, then a guess — the words after
    /// the `unsure` phrase (polite words before it aside), which are the reply; nil when the reply
    /// does not begin so or has nothing after it.
    func afterUnsure(_ reply: String) -> String? {
        let said = ReplyWords(reply)
        // "I don't remember, sorry" is all one reply: not knowing, said politely.
        if grammar.covers(said.words, with: [.unsure, .polite, .negation], requiring: .unsure) { return nil }
        var at = 0
        while at < said.count, let skip = grammar.match(.polite, in: said.words, at: at) ?? grammar.match(.negation, in: said.words, at: at) {
            at += skip.length
        }
        guard let unsure = grammar.match(.unsure, in: said.words, at: at), at + unsure.length < said.count else { return nil }
        return said.text((at + unsure.length)..<said.count)
    }

    func read(_ reply: String, drafts: [Draft]) -> (reading: ReplyReading, cue: String) {
        let said = ReplyWords(reply)
        guard said.count > 0 else { return (.none, "") }
        var (low, high) = core(said)
        // Polite words are among the kinds a whole reply may be made of ("no thanks" is a refusal).
        let whole = said.words
        if grammar.covers(whole, with: [.confirm, .polite, .agree], requiring: .confirm) { return (.confirm, said.text(low..<high)) }
        if grammar.covers(whole, with: [.refuse, .negation, .not, .polite], requiring: .refuse) { return (.refuse, said.text(low..<high)) }
        if grammar.covers(whole, with: [.undo, .polite], requiring: .undo) { return (.undo, said.text(low..<high)) }
        if grammar.covers(whole, with: [.unsure, .polite, .negation], requiring: .unsure) { return (.unsure, said.text(low..<high)) }
        // "drop it", «удали его», "delete this entry", «нет, удали» with one draft: that draft
        // goes, which discards the batch.
        if drafts.count == 1, grammar.covers(whole, with: [.drop, .polite, .filler, .negation], requiring: .drop) { return (.refuse, said.text(low..<high)) }
        if isDocumented(reply) { return (.none, "") }
        // "ok, and a taxi 2000", "fine, lunch 3000 too": agreement, then a new entry rather than a
        // change (the change itself is read below: "ok, yesterday").
        if let opened = agreement(said, low: low, high: high) {
            let reading = correction(said, low: low, high: high, drafts: drafts)
            if case .correction = reading.reading { return reading }
            var from = opened
            if let join = grammar.match(.join, in: said.words, at: from), from + join.length < high { from += join.length }
            let rest = said.text(from..<high)
            let result = parser.parse(rest, context: context)
            if result.error == nil, result.drafts.contains(where: { $0.amount != nil && !$0.note.isEmpty }) {
                return (.entry(rest: rest), said.text(low..<from))
            }
            return reading
        }
        if let join = grammar.match(.join, in: said.words, at: low), low + join.length < high {
            let rest = said.text((low + join.length)..<high)
            let result = parser.parse(rest, context: context)
            if result.error == nil, result.drafts.contains(where: { $0.amount != nil && !$0.note.isEmpty }) {
                return (.entry(rest: rest), said.text(low..<(low + join.length)))
            }
            // "and it was yesterday", «и это было вчера»: no entry after it, the join word only
            // adds to what the reply says next.
            low += join.length
        }
        if let drop = grammar.match(.drop, in: said.words, at: low), low + drop.length < high {
            switch reference(said, from: low + drop.length, to: high, drafts: drafts, wholeRest: true) {
            case .draft(let index, _): return (.drop(index: index), said.text(low..<high))
            case .outOfRange(let words): return (.noSuchDraft(said: words), said.text(low..<high))
            case .none: break
            }
        }
        // The name first, the verb last: «такси убери», "the coffee, drop it".
        for start in stride(from: high - 1, to: low, by: -1) {
            guard let drop = grammar.match(.drop, in: said.words, at: start), start + drop.length == high else { continue }
            if case .draft(let index, _) = reference(said, from: low, to: start, drafts: drafts, wholeRest: true) {
                return (.drop(index: index), said.text(low..<high))
            }
        }
        if let destination = destination(said, low: low, high: high, drafts: drafts) { return destination }
        if let account = accountAlone(said, low: low, high: high, drafts: drafts) { return account }
        if let currency = currencyAlone(said, low: low, high: high, drafts: drafts) { return currency }
        return correction(said, low: low, high: high, drafts: drafts)
    }

    /// Only an undo phrase (read while nothing waits: "undo that", «верни как было»).
    /// "cancel", «отмена», "never mind" as the whole line: a refusal (with nothing waiting, there is
    /// nothing to refuse — never an entry, never an undo).
    func isRefusal(_ reply: String) -> Bool {
        let said = ReplyWords(reply)
        let (low, high) = core(said)
        return grammar.covers(Array(said.words[low..<high]), with: [.refuse, .polite], requiring: .refuse)
    }

    func isUndo(_ reply: String) -> Bool {
        let said = ReplyWords(reply)
        let (low, high) = core(said)
        return grammar.covers(Array(said.words[low..<high]), with: [.undo, .polite], requiring: .undo)
    }

    /// The reply without polite words at its ends ("please", «пожалуйста»), never empty.
    private func core(_ said: ReplyWords) -> (Int, Int) {
        let core = grammar.withoutPolite(said.words)
        return (core.lowerBound, core.upperBound)
    }

    /// "amount 1600", "2 сумма 1000", "drop 2": the documented forms, read as they always were
    /// (their first word as typed, punctuation and all). A longer cue that starts with a field
    /// word («на самом деле 1700») is not one.
    private func isDocumented(_ reply: String) -> Bool {
        let parts = reply.split(separator: " ")
        guard let first = parts.first else { return false }
        let said = ReplyWords(reply)
        if let cue = grammar.match(.cue, in: said.words, at: 0), cue.length > 1 { return false }
        // "Сумма — 1 800.", "Amount: 1,600.": punctuation an engine adds is read here, not there.
        if said.pauseBefore.contains(true) { return false }
        // A link or cue after the field word ("категорию поменяй на продукты", "amount should be 1600")
        // or after a number ("1450 на самом деле") is a reply in words.
        func linked(at index: Int) -> Bool {
            grammar.match(.link, in: said.words, at: index) != nil || grammar.match(.cue, in: said.words, at: index) != nil
        }
        if words.name(in: "field", for: first) != nil { return parts.count > 1 && !linked(at: 1) }
        if let number = Int(first), number <= 99, parts.count > 2, words.name(in: "field", for: parts[1]) != nil {
            return (grammar.match(.cue, in: said.words, at: 1)?.length ?? 0) < 2 && !linked(at: 2)
        }
        if parts.count == 2, words.name(in: "batch", for: first) == "drop", Int(parts[1]) != nil { return true }
        return false
    }

    // MARK: - Named drafts

    enum Reference {
        case draft(Int, words: String)
        case outOfRange(String)
        case none
    }

    /// The draft the words from `start` name: by position ("the second one", «последний», "2")
    /// or by what it is ("the coffee", «такси»). `wholeRest`: the words must be only the name.
    private func reference(_ said: ReplyWords, from start: Int, to end: Int, drafts: [Draft], wholeRest: Bool) -> Reference {
        var index = start
        while index < end, let filler = grammar.match(.filler, in: said.words, at: index), index + filler.length < end { index += filler.length }
        guard index < end else { return .none }
        var found: Reference = .none
        var next = index
        if let ordinal = grammar.match(.ordinal, in: said.words, at: index) {
            next = index + ordinal.length
            found = position(ordinal.value, words: said.text(index..<next), count: drafts.count)
        } else if let number = Int(said.words[index]) {
            next = index + 1
            found = position(number, words: said.typed[index], count: drafts.count)
        } else if let draft = draftNamed(said.words[index], in: drafts) {
            next = index + 1
            found = .draft(draft, words: said.typed[index])
        }
        while next < end, let filler = grammar.match(.filler, in: said.words, at: next) { next += filler.length }
        if wholeRest && next < end { return .none }
        return found
    }

    private func position(_ number: Int, words: String, count: Int) -> Reference {
        if number == -1 { return count > 0 ? .draft(count - 1, words: words) : .outOfRange(words) }
        return number >= 1 && number <= count ? .draft(number - 1, words: words) : .outOfRange(words)
    }

    /// The only draft whose note (or category) has `word`, inflections allowed («обеда» for «обед»).
    func draftNamed(_ word: String, in drafts: [Draft]) -> Int? {
        guard word.count >= 3, Int(word) == nil else { return nil }
        let matching = drafts.indices.filter { index in
            let draft = drafts[index]
            var names = Parser.learningKey(draft.note).split(separator: " ").map(String.init)
            if let slug = draft.category { names += slug.split(separator: "/").map(String.init) }
            return names.contains { ReplyReader.sameWord($0, word) }
        }
        return matching.count == 1 ? matching[0] : nil
    }

    /// Two forms of one word: equal, or sharing all but the last two letters of the shorter (4+ letters).
    static func sameWord(_ a: String, _ b: String) -> Bool {
        let a = DialogGrammar.normalize(a), b = DialogGrammar.normalize(b)
        if a == b { return true }
        let shorter = min(a.count, b.count)
        guard shorter >= 4, abs(a.count - b.count) <= 2 else { return false }
        let stem = max(4, shorter - 2)
        return a.prefix(stem) == b.prefix(stem)
    }

    // MARK: - A transfer's destination

    /// "to cash", «на каспи»: where a transfer's money went — or, with no transfer waiting, where
    /// an income's money came ("salary 480000" → "to bcc", «муж скинул 40к» → «на каспи»): the
    /// account of the waiting incomes.
    private func destination(_ said: ReplyWords, low: Int, high: Int, drafts: [Draft]) -> (reading: ReplyReading, cue: String)? {
        let transfer = drafts.firstIndex(where: { $0.type == .transfer && $0.toAccount == nil })
        let incomes = drafts.indices.filter { drafts[$0].type == .income }
        var index = low
        let opener = grammar.match(.destination, in: said.words, at: low)
        guard transfer != nil || (opener != nil && !incomes.isEmpty) else { return nil }
        if let opener { index += opener.length }
        while index < high, let filler = grammar.match(.filler, in: said.words, at: index), index + filler.length < high { index += filler.length }
        guard index < high else { return nil }
        let name = said.text(index..<high)
        // A day said after the preposition («в пятницу», "in two days") is no account; an
        // income's account is one kassa knows (a new name is only a transfer's destination).
        guard parser.date(in: name, context: context) == nil else { return nil }
        let account = parser.account(named: name, context: context)
            ?? (opener != nil && transfer != nil ? FieldValue.newAccountName(name) : nil)
        guard let account, parser.amount(in: name, context: context) == nil else { return nil }
        var correction = ReplyCorrection()
        if let transfer {
            correction.changes = [.init(field: "to_account", value: .toAccount(account), said: name, indices: [transfer])]
        } else {
            correction.changes = [.init(field: "account", value: .account(account), said: name, indices: incomes)]
        }
        return (.correction(correction), opener.map { _ in said.text(low..<index) } ?? name)
    }

    /// «с каспи», «каспи», "kaspi" said alone: the account of the waiting drafts — of a
    /// transfer that waits for where its money came from first ("took out 20000 at the ATM").
    /// English says "from kaspi", a documented form; Russian has no field word as short as «с».
    private func accountAlone(_ said: ReplyWords, low: Int, high: Int, drafts: [Draft]) -> (reading: ReplyReading, cue: String)? {
        let text = said.text(low..<high)
        guard high - low <= 3, let account = parser.account(named: text, context: context),
              parser.amount(in: text, context: context) == nil, parser.date(in: text, context: context) == nil else { return nil }
        let indices = drafts.firstIndex(where: { $0.type == .transfer && $0.account == nil }).map { [$0] } ?? Array(drafts.indices)
        var correction = ReplyCorrection()
        correction.changes = [.init(field: "account", value: .account(account), said: text, indices: indices)]
        return (.correction(correction), text)
    }

    /// "in euros", «в долларах», "dollars" said alone: the currency of the waiting drafts.
    private func currencyAlone(_ said: ReplyWords, low: Int, high: Int, drafts: [Draft]) -> (reading: ReplyReading, cue: String)? {
        let text = said.text(low..<high)
        guard high - low <= 3, let currency = parser.currency(named: text, context: context),
              parser.amount(in: text, context: context) == nil, parser.date(in: text, context: context) == nil else { return nil }
        var correction = ReplyCorrection()
        correction.changes = [.init(field: "currency", value: .currency(currency), said: text, indices: Array(drafts.indices))]
        return (.correction(correction), text)
    }

    // MARK: - Corrections

    /// Where the change after a leading agreement begins: the words from `low` are wholly a
    /// confirmation ("ok", "looks fine", «да, всё так») and a pause or a contrast word follows
    /// ("ok, yesterday", "fine but from kaspi"); nil when the reply does not begin so.
    private func agreement(_ said: ReplyWords, low: Int, high: Int) -> Int? {
        // An agreement is a few words ("yes, that's all fine"): longer prefixes are not tried, so
        // a pasted page is read in time linear in its length.
        for end in stride(from: min(high - 1, low + ReplyReader.agreementWords), to: low, by: -1)
        where grammar.covers(Array(said.words[low..<end]), with: [.confirm, .polite, .agree], requiring: .confirm) {
            if let contrast = grammar.match(.contrast, in: said.words, at: end), end + contrast.length < high {
                return end + contrast.length
            }
            if said.pauseBefore[end] { return end }
        }
        return nil
    }

    /// A stretch of the reply that holds one value: its words, the field a word before it named,
    /// and whether a "not" took it back ("not 1500, 1600").
    private struct Stretch {
        var start: Int
        var end: Int
        var field: String?
        var takenBack = false
        /// The draft its clause named ("**first** from halyk and **second** 2500"); nil when the
        /// clause named none, and the reply's name (if any) is taken.
        var target: Int?
    }

    private func correction(_ said: ReplyWords, low: Int, high: Int, drafts: [Draft]) -> (reading: ReplyReading, cue: String) {
        var stretches: [Stretch] = []
        var current: Stretch?
        var markers: [String] = []
        var named: (index: Int, words: String)?
        var namedByContent: Int?
        /// "both were yesterday", «оба вчера»: every draft named at once.
        var namedAll = false
        var clauseStart = true
        var afterName = false
        func close() {
            if var stretch = current, stretch.end > stretch.start || stretch.field != nil {
                stretch.target = named?.index
                stretches.append(stretch)
            }
            current = nil
        }
        var i = low
        // "ok but yesterday", "fine, from kaspi", «да, но с каспи»: agreement said before the
        // change is no value ("fine" is also a category word); it opens the correction as a cue
        // does, and so does a contrast word said first ("but yesterday", «а вчера»).
        if let opened = agreement(said, low: low, high: high) ?? grammar.match(.contrast, in: said.words, at: low).flatMap({
            low + $0.length < high ? low + $0.length : nil
        }) {
            markers.append(said.text(low..<opened))
            i = opened
        }
        while i < high {
            // A pause ends a value, not the field word before it ("Amount: 1,600"), nor a note
            // going on ("note dinner with friends, paid for both") unless a field word or a
            // draft's position follows ("note airport, amount 2800").
            if i > low && said.pauseBefore[i] && !(current.map { $0.field != nil && $0.start == $0.end } ?? false)
                && !(current?.field == "note" && self.words.name(in: "field", for: said.words[i]) == nil
                     && grammar.match(.ordinal, in: said.words, at: i) == nil) {
                close()
                clauseStart = true
            }
            let words = said.words
            // After a field word, the words that link it to its value ("the date **was** yesterday",
            // «поменяй сумму **на** 7600», "category **should be** groceries").
            if let stretch = current, stretch.field != nil, stretch.start == i,
               let m = grammar.match(.link, in: words, at: i) ?? grammar.match(.cue, in: words, at: i), i + m.length < high {
                i += m.length
                current!.start = i
                current!.end = i
                continue
            }
            if clauseStart, let m = grammar.match(.negation, in: words, at: i) {
                markers.append(said.text(i..<(i + m.length)))
                i += m.length
                continue
            }
            // "and" before a cue, a field word or another draft's position starts another clause
            // ("no, 1800 and it was yesterday", «нет, 1800 и это было вчера», "first from halyk and
            // second 2500", «первое с халыка, а второе 2500»); inside a value it is the value's ("a
            // hundred and five").
            if current != nil || named != nil,
               let join = grammar.match(.join, in: words, at: i) ?? grammar.match(.contrast, in: words, at: i), i + join.length < high,
               case let next = skippingFillers(said, from: i + join.length, to: high), next < high,
               grammar.match(.cue, in: words, at: next) != nil || self.words.name(in: "field", for: words[next]) != nil
                || grammar.match(.ordinal, in: words, at: next) != nil {
                close()
                i = next
                clauseStart = true
                continue
            }
            if let m = grammar.match(.not, in: words, at: i), i + m.length < high {
                close()
                markers.append(said.text(i..<(i + m.length)))
                i += m.length
                current = Stretch(start: i, end: i, takenBack: true)
                clauseStart = false
                continue
            }
            if let m = grammar.match(.contrast, in: words, at: i),
               current?.takenBack == true || stretches.contains(where: \.takenBack) {
                close()
                i += m.length
                clauseStart = true
                continue
            }
            if afterName, let m = grammar.match(.link, in: words, at: i) {
                markers.append(said.text(i..<(i + m.length)))
                i += m.length
                afterName = false
                clauseStart = true
                continue
            }
            let wasAfterName = afterName
            afterName = false
            if clauseStart, let m = grammar.match(.cue, in: words, at: i) {
                markers.append(said.text(i..<(i + m.length)))
                i += m.length
                continue
            }
            if clauseStart, let field = self.words.name(in: "field", for: words[i]), !startsValue(said, at: i, high: high, field: field) {
                close()
                markers.append(said.typed[i])
                current = Stretch(start: i + 1, end: i + 1, field: field)
                i += 1
                clauseStart = false
                continue
            }
            if clauseStart, named == nil, let all = grammar.match(.all, in: words, at: i) {
                namedAll = true
                markers.append(said.text(i..<(i + all.length)))
                close()
                i += all.length
                afterName = true
                continue
            }
            if clauseStart, let ordinal = grammar.match(.ordinal, in: words, at: i) {
                let text = said.text(i..<(i + ordinal.length))
                close()  // the values before belong to the draft named before
                switch position(ordinal.value, words: text, count: drafts.count) {
                case .draft(let index, let words): named = (index, words)
                case .outOfRange(let words): return (.noSuchDraft(said: words), words)
                case .none: break
                }
                markers.append(text)
                i += ordinal.length
                afterName = true
                continue
            }
            if clauseStart, named == nil, !namedAll, let index = draftNamed(words[i], in: drafts) {
                named = (index, said.typed[i])
                namedByContent = i
                close()
                i += 1
                afterName = true
                continue
            }
            if clauseStart, current == nil, let filler = grammar.match(.filler, in: words, at: i), i + filler.length < high {
                i += filler.length
                afterName = wasAfterName
                continue
            }
            // A cue said last ("it's 3200 actually", «3200 вообще-то»).
            if let m = grammar.match(.cue, in: words, at: i), i + m.length == high, current != nil {
                markers.append(said.text(i..<(i + m.length)))
                i += m.length
                continue
            }
            // A position said after the value with a word that ties them ("1700 for the first
            // one", «2500 за второе»): the value before is that draft's, when nothing but filler
            // words follow the position to the clause's end. Not "on the 1st", a date.
            if current != nil, let about = grammar.match(.about, in: words, at: i),
               case let at = skippingFillers(said, from: i + about.length, to: high),
               at < high, let ordinal = grammar.match(.ordinal, in: words, at: at),
               case let after = skippingFillers(said, from: at + ordinal.length, to: high),
               after == high || said.pauseBefore[after] {
                let text = said.text(at..<(at + ordinal.length))
                switch position(ordinal.value, words: text, count: drafts.count) {
                case .draft(let index, let words): named = (index, words)
                case .outOfRange(let words): return (.noSuchDraft(said: words), words)
                case .none: break
                }
                markers.append(text)
                close()
                i = after
                clauseStart = true
                continue
            }
            if current == nil { current = Stretch(start: i, end: i) }
            current!.end = i + 1
            clauseStart = false
            i += 1
        }
        close()
        // A draft named by what it is counts as a correction only with a link or another mark
        // ("the taxi was 2000"); "taxi 2000" is a new entry.
        let namedByPosition = (named != nil && namedByContent == nil) || namedAll
        guard !markers.isEmpty || namedByPosition else { return (.none, "") }
        let cue = markers.joined(separator: " ")

        var values: [(field: String, value: FieldValue, said: String, target: Int?)] = []
        var takenBack: [FieldValue] = []
        var missed: [String] = []
        for (number, stretch) in stretches.enumerated() {
            // A note is free text: its commas and stops stay as typed.
            let text = stretch.field == "note" ? said.textAsTyped(stretch.start..<stretch.end) : said.text(stretch.start..<stretch.end)
            if let field = stretch.field {
                guard !text.isEmpty else { continue }
                switch FieldValue.resolve(field: field, value: text, parser: parser, words: words, context: context, journal: journal) {
                case .success(let value): values.append((field, value, text, stretch.target))
                // "сумма неправильная, 1600": words about the field, its value said after them.
                case .failure where number + 1 < stretches.count: missed.append(text)
                case .failure(let error): return (.invalid(error), cue)
                }
                continue
            }
            switch readValues(text) {
            case .refused(let error): return (.invalid(error), cue)
            case .values(let read):
                if read.isEmpty { missed.append(text) }
                if stretch.takenBack {
                    takenBack += read.map { $0.value }
                } else {
                    values += read.map { (field: $0.field, value: $0.value, said: text, target: stretch.target) }
                }
            }
        }
        if values.isEmpty, let word = namedByContent, stretches.isEmpty, case .values(let read) = readValues(said.typed[word]) {
            // "no, coffee" with one coffee draft among others: the word is the value, not a name.
            values = read.map { (field: $0.field, value: $0.value, said: said.typed[word], target: nil) }
            named = nil
        }
        guard !values.isEmpty else {
            // "paid 1600 for lunch": a cue word opening a whole entry is an entry after all.
            let whole = parser.parse(said.text(low..<high), context: context)
            let entryWords = whole.drafts.flatMap { Parser.learningKey($0.note).split(separator: " ") }
            if whole.error == nil, whole.drafts.contains(where: { $0.amount != nil && !$0.note.isEmpty }),
               !entryWords.contains(where: { words.name(in: "field", for: $0) != nil }),
               markers.allSatisfy({ marker in
                   // A contrast word said first ("а кофе 900", "but a coffee 900") opens no change either.
                   [.cue, .contrast].contains { grammar.match($0, in: ReplyWords(marker).words, at: 0) != nil }
               }) { return (.none, "") }
            if !missed.isEmpty { return (.unplaced(understood: cue, missed: missed.joined(separator: " ")), cue) }
            return (.none, "")
        }
        // A clause that named no draft speaks of the draft the reply named ("1600 for the second").
        let clauses = Set(values.compactMap(\.target))
        let multiple = clauses.count > 1
        if !multiple { values = values.map { ($0.field, $0.value, $0.said, nil) } }
        // One value per field and draft: the last one said counts ("no, 1600, no 1700"), and kassa says so.
        var correction = ReplyCorrection()
        struct Key: Hashable { let field: String; let target: Int? }
        var order: [Key] = []
        var last: [Key: (value: FieldValue, said: String)] = [:]
        for value in values {
            let key = Key(field: value.field, target: value.target)
            if last[key] != nil {
                correction.repeated = (value.field, value.said)
            } else {
                order.append(key)
            }
            last[key] = (value.value, value.said)
        }
        for key in order {
            let (value, text) = last[key]!
            let indices: [Int]?
            if let target = key.target {
                indices = [target]
            } else if namedAll {
                indices = Array(drafts.indices)
            } else {
                indices = targets(field: key.field, value: value, named: named?.index, takenBack: takenBack, drafts: drafts)
            }
            guard let indices else { return (.whichDraft(field: key.field, value: text), cue) }
            correction.changes.append(.init(field: key.field, value: value, said: text, indices: indices))
        }
        return (.correction(correction), cue + (!multiple ? named.map { " " + $0.words } ?? "" : ""))
    }

    /// The first index from `start` that is not a filler word ("the", «этот»).
    private func skippingFillers(_ said: ReplyWords, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, let filler = grammar.match(.filler, in: said.words, at: index) { index += filler.length }
        return index
    }

    /// Whether the field word at `index` begins a value of its own field rather than naming it
    /// ("the **day** before yesterday" is a date, not the field "day").
    private func startsValue(_ said: ReplyWords, at index: Int, high: Int, field: String) -> Bool {
        var end = index + 1
        while end < high && !said.pauseBefore[end] { end += 1 }
        guard end > index + 1, case .values(let with) = readValues(said.text(index..<end)),
              let value = with.first(where: { $0.field == field })?.value else { return false }
        // The word is part of the value when the value changes without it ("day before yesterday"
        // is not "before yesterday"); "date was yesterday" is the field "date" and its value.
        guard case .values(let without) = readValues(said.text((index + 1)..<end)) else { return true }
        return without.first(where: { $0.field == field })?.value != value
    }

    /// The drafts a field's new value goes to; nil when kassa must ask which.
    private func targets(field: String, value: FieldValue, named: Int?, takenBack: [FieldValue], drafts: [Draft]) -> [Int]? {
        if let named { return [named] }
        if field == "to_account", let transfer = drafts.firstIndex(where: { $0.type == .transfer && $0.toAccount == nil }) { return [transfer] }
        if ReplyReader.batchFields.contains(field) || drafts.count == 1 { return Array(drafts.indices) }
        // "not 1500, 1600": the draft that holds the value taken back.
        let holding = drafts.indices.filter { index in
            takenBack.contains { old in
                switch old {
                case .amount(let amount, let said): drafts[index].amount.map { FieldValue.keepingCurrency(amount, said: said, of: $0) == $0 } ?? false
                case .date(let date): drafts[index].date == date
                case .category(let slug): drafts[index].category == slug
                default: false
                }
            }
        }
        if holding.count == 1 { return holding }
        if field == "amount" {
            let missing = drafts.indices.filter { drafts[$0].amount == nil }
            if missing.count == 1 { return missing }
        }
        return nil
    }

    /// The fields a value said alone gives, by its kind: an amount, a date, an account phrase
    /// ("from kaspi", «с каспи»), a category word, a currency. Empty when it is none of these;
    /// an error when it is one but cannot be recorded (13 digits, a date before 1900).
    enum ValueRead {
        case values([(field: String, value: FieldValue)])
        case refused(any LocalizableError)
    }

    func readValues(_ text: String) -> ValueRead {
        let result = parser.parse(text, context: context)
        if let error = result.error {
            // A number kassa cannot record is refused with the parser's reason; words it does not
            // know are simply not a value.
            return text.contains(where: \.isNumber) ? .refused(error) : .values([])
        }
        var read: [(field: String, value: FieldValue)] = []
        let draft = result.drafts.count == 1 ? result.drafts[0] : nil
        if let draft {
            let bare = draft.note.isEmpty
            if let amount = draft.amount, bare {
                guard amount.isWithinEntryBound else {
                    return .refused(SessionError("correction.amount-too-large", ["value": text, "limit": String(Money.maximumWholeDigits)]))
                }
                read.append(("amount", .amount(amount, currencySaid: !draft.has(.currencyDefault))))
            }
            if !draft.has(.dateAssumed), draft.amount == nil || bare {
                guard CivilDate.supported.contains(draft.date) else {
                    return .refused(SessionError("dialog.date-out-of-range", [
                        "value": text, "from": CivilDate.supported.lowerBound.iso, "to": CivilDate.supported.upperBound.iso,
                    ]))
                }
                read.append(("date", .date(draft.date)))
            }
            if !draft.has(.accountDefault), let account = draft.account, draft.type != .transfer, draft.amount == nil || bare {
                read.append(("account", .account(account)))
            }
        }
        guard read.isEmpty else { return .values(read) }
        // An account by its name or alias, with a preposition or not ("kaspi", «с каспи»): a name that
        // is also a shop's ("kaspi") is the account in a reply about a draft.
        if let account = parser.account(named: text, context: context), text.split(separator: " ").count <= 3 {
            return .values([("account", .account(account))])
        }
        let directory = journal.map { CategoryDirectory(grammar: parser.grammar, journal: $0) }
        if let slug = directory?.slug(named: text) ?? parser.grammar.categorySlug(named: text) {
            return .values([("category", .category(slug))])
        }
        if let draft, draft.amount == nil, let slug = draft.category, !draft.has(.categoryGuessed) {
            return .values([("category", .category(slug))])
        }
        // A currency by its name, with a preposition before it or not ("dollars", «в долларах»).
        let named = text.split(separator: " ")
        if named.count <= 3, let currency = parser.currency(named: text, context: context)
            ?? named.last.flatMap({ parser.currency(named: String($0), context: context) }) {
            return .values([("currency", .currency(currency))])
        }
        return .values([])
    }
}
