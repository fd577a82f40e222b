// ShareReading: a bill shared, and the person's part of it. Only that part is their expense.
//   - A `share-mine` phrase right before an amount ("pizza 9000 for three of us, my part 3000",
//     «ужин 15000, моя доля 5000»): that amount is the person's; a larger bill said before it in
//     the same sentence is no second purchase and stays in the note. The phrase leaves the note.
//   - A `share` phrase, whose value is how many share the bill ("internet 9000, half is mine",
//     "dinner 12000 split in half", «пицца 9000 пополам», «такси 6000 на троих»): the amount of
//     its sentence is divided by it, exactly. A bill that does not divide into the currency's
//     minor units is kept whole and asked (Doubt reason share-uneven), never rounded. The phrase
//     stays in the note (it says the bill was shared); a number inside it ("split three ways")
//     counts people, not money. A phrase of value 0 ("split the bill", «скинулись») says the
//     bill was shared but not among how many: the whole amount is kept and the part asked.
// A line with a `total` word ("обед на троих, итого 9000") says what was paid in all: no share.

extension DraftStage {
    func markShares(_ s: inout LineScan) {
        guard ids.share >= 0 || ids.shareMine >= 0, !s.moneys.isEmpty else { return }
        if markMineShares(&s) { return }
        guard ids.share >= 0, !hasTotalWord(s) else { return }
        var k = 0
        while k < tokens.count {
            guard tokens[k].kind == .word, let (e, end) = matchClass(k, ids.share), let n = intValue(e), n >= 2 || n == 0,
                  (k..<end).allSatisfy({ j in
                      if case .money = s.roles[j] { return true }
                      return s.roles[j].isPlainOrSep || tokens[j].kind == .punct
                  }) else { k += 1; continue }
            // People counted inside the phrase are no amount.
            for q in s.moneys.indices where s.moneys[q].start >= k && s.moneys[q].end <= end { s.moneys[q].isQuantity = true }
            if let p = sharedAmount(near: k..<end, s) { divide(&s, p, by: n, phrase: k..<end) }
            k = end
        }
    }

    /// "my part 3000": the amounts after a `share-mine` phrase are the person's. Whether one was said.
    private func markMineShares(_ s: inout LineScan) -> Bool {
        guard ids.shareMine >= 0 else { return false }
        var found = false
        for p in s.moneys.indices where !s.moneys[p].isQuantity {
            guard let words = phrase(ids.shareMine, endingBefore: s.moneys[p].start, s) else { continue }
            for k in words { s.roles[k] = .filler }
            found = true
            var q = p - 1
            while q >= 0, s.moneys[q].isQuantity { q -= 1 }
            if q >= 0, !sentenceEnds(s, from: s.moneys[q].end, to: s.moneys[p].start), s.moneys[p].value < s.moneys[q].value {
                s.moneys[q].isQuantity = true
            }
        }
        return found
    }

    /// The amount a share phrase divides: the last one before it in its sentence, else the first after.
    private func sharedAmount(near phrase: Range<Int>, _ s: LineScan) -> Int? {
        let amounts = s.moneys.indices.filter { !s.moneys[$0].isQuantity && s.moneys[$0].exchange == nil }
        if let p = amounts.last(where: { s.moneys[$0].end <= phrase.lowerBound }),
           !sentenceEnds(s, from: s.moneys[p].end, to: phrase.lowerBound) { return p }
        if let p = amounts.first(where: { s.moneys[$0].start >= phrase.upperBound }),
           !sentenceEnds(s, from: phrase.upperBound, to: s.moneys[p].start) { return p }
        return nil
    }

    /// The amount `p` divided by `n` in its currency's minor units, or marked uneven.
    private func divide(_ s: inout LineScan, _ p: Int, by n: Int, phrase: Range<Int>) {
        guard n > 0 else { s.moneys[p].unevenShare = phrase; return }
        let currency = s.moneys[p].currency ?? context.defaultCurrency
        guard let whole = s.moneys[p].value.money(currency), whole.minorUnits > 0 else { return }
        guard whole.minorUnits % Int64(n) == 0 else {
            s.moneys[p].unevenShare = phrase
            return
        }
        s.moneys[p].value = ExactNumber(units: whole.minorUnits / Int64(n), fractionDigits: currency.minorDigits)
    }

    /// Whether a `total` word is in the line.
    func hasTotalWord(_ s: LineScan) -> Bool {
        guard ids.total >= 0 else { return false }
        return tokens.indices.contains { tokens[$0].kind == .word && matchClass($0, ids.total) != nil }
    }
}
