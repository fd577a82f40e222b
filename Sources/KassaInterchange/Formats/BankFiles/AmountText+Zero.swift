// AmountText+Zero: whether an amount as read is zero ("0,00", "-0.00"), before its currency is
// known — a bank's debit/credit pair has one of them zero or empty on every row.

extension AmountText.Reading {
    var isZero: Bool { (whole + fraction).utf8.allSatisfy { $0 == 48 } }
}
