// GiverReading: money someone else gave the person, said with the giver before the verb.
//   - A word of the grammar's `giver` class right before a `gives` verb ("husband gave 100k",
//     «клиент оплатил 12к», "tenants paid the rent 180000"): the verb's value is the type.
//   - A name the grammar cannot know (an unknown word of letters, three or more, that sounds like
//     no account: "Samat", «Ерлан»), first in its part, right before a `named-gives` verb
//     ("Samat gave back the 50k", "Arman sent his share 17200", «Ерлан скинул свою долю»). Only
//     those verbs: "photographer paid 50000" is said of whom the person paid.
//   - Between either giver and its verb, a `from` word and one word may say where the giver is
//     from ("client from dubai paid 2000 dollars", «заказчик из москвы перевёл 40 000 рублей»).
// Said after the verb the person is who got the money ("gave my brother 5000"): an expense. So is
// a `named-gives` verb said first, right before a name («вернул Айдосу 5000 за обед», "paid back
// Yerlan 20k"): the person gave it back to them, not a refund to the person.

extension LineStage {
    /// The verb of giving (its entry, start and end) when a giver begins at `k`; `partStart` is
    /// where the giver's part begins (a name must be first in it), `partEnd` where it ends.
    func giverVerb(at k: Int, partStart: Int, partEnd: Int) -> (entry: Int, start: Int, end: Int)? {
        guard ids.giver >= 0 || ids.namedGives >= 0, k < partEnd, tokens[k].kind == .word else { return nil }
        let verbs: Int, named: Int
        if ids.giver >= 0, ids.gives >= 0, let (_, end) = matchClass(k, ids.giver) {
            (verbs, named) = (ids.gives, end)
        } else if ids.namedGives >= 0, (partStart..<k).allSatisfy({ tokens[$0].kind == .punct }), isUnknownName(k) {
            (verbs, named) = (ids.namedGives, k + 1)
        } else {
            return nil
        }
        for start in [named, named + 2] where start < partEnd {
            if start > named, !(has(named, ids.from) && tokens[named + 1].kind == .word) { break }
            if let (e, end) = matchClass(start, verbs), end <= partEnd { return (e, start, end) }
        }
        return nil
    }

    /// The end of a verb of giving said first in its part and followed by a name (whom the
    /// person gave the money to: «вернул Айдосу 5000»), or nil.
    func givenToName(at k: Int, partStart: Int, partEnd: Int) -> Int? {
        guard ids.namedGives >= 0, (partStart..<k).allSatisfy({ tokens[$0].kind == .punct }),
              let (_, end) = matchClass(k, ids.namedGives), end < partEnd, isUnknownName(end) else { return nil }
        return end
    }

    /// A word the grammar cannot know, of letters, at least three, that sounds like none of the
    /// grammar's account names (SoundAlike): a person's, a street's or a place's name — not an
    /// account misheard ("Caspi").
    func isUnknownName(_ j: Int) -> Bool {
        let t = tokens[j]
        guard t.kind == .word, t.word < 0, t.normEnd - t.normStart >= 3 else { return false }
        guard let word = SoundAlike.fold(normBytes(j), names: true) else { return true }
        let limit = SoundAlike.allowedEdits(word.count)
        return !ids.accountValuesFolded.contains { $0.map { SoundAlike.within(word, $0, limit) } ?? false }
    }
}
