// Pattern: a `pattern` line: a sequence of elements matched over tokens, and the action that
// turns the captured values into a field ("date offset", "time", "quantity", ...).

enum Builtin: String, Sendable, CaseIterable {
    /// Day of month: 1-31 as digits (with an ordinal suffix or not) or an ordinal word.
    case day
    /// Like `day` but only in ordinal form ("15th", "the first", "15-го").
    case ordday
    /// A year: four digits 1900-2100, or two digits resolved by a pivot.
    case year
    /// A count: digits or number words, 1-400.
    case count
    /// A numeric date in one token: 2014-04-18, 10.08.2012, 15.02, 3/3/2015.
    case numdate
    /// A clock time in one token: 14:30.
    case clock
    /// An hour 0-23 as digits or a number word.
    case hour
    /// The number in a name: one token of at most four digits, never joined with the next
    /// ("route 37", "iPhone 15", "2024 год").
    case label
    /// A word the grammar does not know, of letters, that sounds like no account: a street's or
    /// a place's name («до Сатпаева 90»). It never begins a pattern (it would match almost
    /// anywhere); the loader refuses one that does.
    case name

    var bit: UInt8 {
        switch self {
        case .day: 1
        case .ordday: 2
        case .year: 4
        case .count: 8
        case .numdate: 16
        case .clock: 32
        case .hour: 64
        case .label: 128
        case .name: 0  // never first (no shape filter needed)
        }
    }
}

enum PatternAction: String, Sendable, CaseIterable {
    case offset, weekday, daymonth, dayonly, dayprevmonth, numeric, monthsago, time, quantity, recurrence, label
}

struct PatternElement: Sendable {
    enum Kind: Sendable {
        /// The alternatives' word ids: Grammar.hot.literalWords[start..<start+count]. A range rather
        /// than an array keeps the element trivially copyable (no reference counting while matching).
        case literal(start: Int32, count: Int32)
        case classRef(Int)
        case builtin(Builtin)
    }

    var kind: Kind
    var optional: Bool
}

struct Pattern: Sendable {
    var action: PatternAction
    var elements: [PatternElement]
    var location: RuleLocation
    var order: Int
    /// The language folder it came from; between equal matches the line's own language wins,
    /// so "вчера" is explained by the Russian rule.
    var language: Language?
}
