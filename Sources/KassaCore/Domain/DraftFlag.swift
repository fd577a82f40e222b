// DraftFlag: what the parser inferred rather than read, so the person can see and check it.

public enum DraftFlag: String, Hashable, Sendable, CaseIterable, Comparable {
    case dateAssumed = "date-assumed"
    case categoryGuessed = "category-guessed"
    case accountDefault = "account-default"
    case currencyDefault = "currency-default"
    /// No amount was said: the session asks for it before the draft can be saved.
    case amountMissing = "amount-missing"
    /// Two readings tied (02.03 in English; two accounts that fit): the session asks.
    case ambiguous = "ambiguous"

    public static func < (a: DraftFlag, b: DraftFlag) -> Bool { a.rawValue < b.rawValue }
}
