// DraftFlag: what the parser inferred rather than read, so the person can see and check it.

/// Declared in the alphabetical order of the raw values, which is the order flags are listed in
/// (JSON "flags"); comparison uses the declaration order, no string compares on the hot path.
public enum DraftFlag: String, Hashable, Sendable, CaseIterable, Comparable {
    case accountDefault = "account-default"
    /// The account was heard, not read: a name as a speech engine misheard it ("from Caspi").
    case accountGuessed = "account-guessed"
    /// Two readings tied (02.03 in English; two accounts that fit): the session asks.
    case ambiguous = "ambiguous"
    /// No amount was said: the session asks for it before the draft can be saved.
    case amountMissing = "amount-missing"
    case categoryGuessed = "category-guessed"
    case currencyDefault = "currency-default"
    /// A word after the amount looks like a currency kassa does not know ("50 quatloos"): the
    /// amount keeps the default currency, and the person should check it.
    case currencyUnknown = "currency-unknown"
    case dateAssumed = "date-assumed"
    /// The date was said in an earlier sentence of the line and carried into this one.
    case dateCarried = "date-carried"

    private var rank: Int {
        switch self {
        case .accountDefault: 0
        case .accountGuessed: 1
        case .ambiguous: 2
        case .amountMissing: 3
        case .categoryGuessed: 4
        case .currencyDefault: 5
        case .currencyUnknown: 6
        case .dateAssumed: 7
        case .dateCarried: 8
        }
    }

    public static func < (a: DraftFlag, b: DraftFlag) -> Bool { a.rank < b.rank }

    /// Its bit in a draft's set of flags.
    var bit: UInt16 { 1 << UInt16(rank) }

    /// How many flags there are (allCases.count without making the array).
    public static let count = 9

    /// The raw value of the flag whose bit is `1 << rank`, as a literal: JSON writers list a
    /// draft's flags from its bits without making an array or a String (DraftFlagTests checks
    /// it against rawValue for every case).
    public static func literal(rank: Int) -> StaticString {
        switch rank {
        case 0: "account-default"
        case 1: "account-guessed"
        case 2: "ambiguous"
        case 3: "amount-missing"
        case 4: "category-guessed"
        case 5: "currency-default"
        case 6: "currency-unknown"
        case 7: "date-assumed"
        case 8: "date-carried"
        default: ""
        }
    }
}

/// A set of flags as bits, for building a draft's flags without an array.
struct DraftFlagSet {
    private(set) var bits: UInt16 = 0

    mutating func insert(_ flag: DraftFlag) { bits |= flag.bit }
    mutating func remove(_ flag: DraftFlag) { bits &= ~flag.bit }
    func contains(_ flag: DraftFlag) -> Bool { bits & flag.bit != 0 }
}
