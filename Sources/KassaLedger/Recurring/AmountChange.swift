// AmountChange: a series' amount from a date on ("netflix is 5490 from april"). The past keeps
// the amount it had: occurrences before `from` use the earlier amount.

import KassaCore

public struct AmountChange: Sendable, Hashable {
    public var from: CivilDate
    public var amount: Money

    public init(from: CivilDate, amount: Money) {
        self.from = from
        self.amount = amount
    }
}
