// ChargeReading: a purchase said in one currency and what the bank charged for it in another —
// "240 euros, Kaspi charged 133 800 tenge", "taxi in Bangkok 450 baht, the bank took 6 930 ₸",
// «отель 240 евро, списали 133 800 ₸» — read as one purchase (240 EUR) whose account was charged
// the second amount (Draft.chargedAmount), not as two purchases. The words are the grammar's
// (`charged`: charged, the bank took, списали, списано, снято); the shape is here: an amount with
// its currency said, then (in the same sentence) a `charged` phrase right before a second amount
// in another currency (the default when none is said). The phrase leaves the note; an account
// said with it ("Kaspi charged") stays the account. Two amounts in one currency are left as they
// were: "taxi 2000, charged 2000" says nothing new.

extension DraftStage {
    func markCharges(_ s: inout LineScan) {
        guard ids.charged >= 0, s.moneys.count > 1 else { return }
        var b = 1
        while b < s.moneys.count {
            guard !s.moneys[b].isQuantity, let words = phrase(ids.charged, endingBefore: s.moneys[b].start, s),
                  let a = purchase(before: b, s) else { b += 1; continue }
            let second = s.moneys[b]
            let entry = entry(words.lowerBound, ids.charged) ?? -1
            s.moneys[a].charged = (second.value, second.currency ?? context.defaultCurrency, second.start, second.end, entry)
            for k in words { s.roles[k] = .filler }
            s.moneys.remove(at: b)
            for j in 0..<tokens.count {
                if case .money(let m) = s.roles[j], m > b { s.roles[j] = .money(m - 1) }
            }
            for j in second.start..<second.end { s.roles[j] = tokens[j].kind == .punct ? .punct : .filler }
        }
    }

    /// The purchase the charge at `s.moneys[b]` is for: the amount before it in the same
    /// sentence, its currency said and not the charge's.
    private func purchase(before b: Int, _ s: LineScan) -> Int? {
        var a = b - 1
        while a >= 0, s.moneys[a].isQuantity { a -= 1 }
        guard a >= 0, s.moneys[a].exchange == nil, s.moneys[a].charged == nil, let said = s.moneys[a].currency,
              said != (s.moneys[b].currency ?? context.defaultCurrency),
              !sentenceEndsApart(s, from: s.moneys[a].end, to: s.moneys[b].start) else { return nil }
        return a
    }

    /// Whether a sentence ends between tokens `from` and `to`; a full stop inside a word
    /// ("NETFLIX.COM", "kaspi.kz") ends none.
    private func sentenceEndsApart(_ s: LineScan, from: Int, to: Int) -> Bool {
        (from..<to).contains { j in
            guard case .sep = s.roles[j], tokens[j].kind == .punct, tokens[j].scalar != 0x2C, tokens[j].scalar != 0x3B else { return false }
            return !(j + 1 < tokens.count && tokens[j + 1].glued && j > 0 && tokens[j].glued && tokens[j - 1].kind == .word)
        }
    }
}
