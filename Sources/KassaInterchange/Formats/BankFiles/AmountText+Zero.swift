// AmountText+Zero: whether an amount as read is zero ("0,00", "-0.00"), before its currency is
// known — a bank's debit/credit pair has one of them zero or empty on every row — and whether
// two readings are the same number whatever their signs (an operation's amount and its pair's).

extension AmountText.Reading {
    var isZero: Bool { (whole + fraction).utf8.allSatisfy { $0 == 48 } }

    /// The same digits once leading zeros of the whole part and trailing zeros of the fraction
    /// are set aside ("5400,00" and "5400" agree; "10.00" and "5120.00" do not).
    func sameMagnitude(as other: Self) -> Bool {
        func whole(_ text: String) -> Substring { let t = text.drop { $0 == "0" }; return t }
        func fraction(_ text: String) -> Substring {
            var t = Substring(text)
            while t.last == "0" { t = t.dropLast() }
            return t
        }
        return whole(self.whole) == whole(other.whole) && fraction(self.fraction) == fraction(other.fraction)
    }
}
