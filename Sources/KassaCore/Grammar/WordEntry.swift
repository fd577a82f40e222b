// WordEntry: one item of a `class` line: a word or phrase, the class it belongs to and the
// value it carries ("thousand" → scale 1000, "каспи" → account kaspi, "кофе" → food/coffee).
// The hot fields (class, numbers, phrase length) are also kept in flat arrays in Grammar.

struct WordEntry: Sendable {
    var classID: Int
    var value: String
    /// The value read as a number, when it is one ("1000", "0.5", "-1").
    var number: ExactNumber?
    /// For each word after the first (phrases such as "yandex go"), the word ids it may take
    /// (the word itself, or a stem with each of its endings).
    var rest: [[Int32]]
    var location: RuleLocation
    var language: Language?
    /// Definition order: a later definition (a user override) beats an earlier one.
    var order: Int

    var intValue: Int? {
        guard let n = number, let v = n.intValue, v >= Int64(Int32.min), v <= Int64(Int32.max) else { return nil }
        return Int(v)
    }
}
