// PluralCategory: CLDR plural rules for the languages kassa speaks (integers only:
// counts of records, days, transactions). en: one/other; ru: one/few/many.

public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other

    public init(count: Int, language: Language) {
        let n = count.magnitude
        switch language {
        case .en:
            self = n == 1 ? .one : .other
        case .ru:
            let mod10 = n % 10, mod100 = n % 100
            if mod10 == 1 && mod100 != 11 {
                self = .one
            } else if (2...4).contains(mod10) && !(12...14).contains(mod100) {
                self = .few
            } else {
                self = .many
            }
        }
    }
}
