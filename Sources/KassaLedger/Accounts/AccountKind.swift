// AccountKind: what an account is, as the app it comes from knows it: regular (cash, a card),
// a deposit that earns interest, or a loan that is paid off monthly.

public enum AccountKind: String, CaseIterable, Sendable, Hashable {
    case cash, card, deposit, loan
}
