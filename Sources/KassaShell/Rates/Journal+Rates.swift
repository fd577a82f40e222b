// Journal+Rates: the journal's exchange rates as the table every feature converts with —
// balances, reports, questions, exports and the rate command read it here.

import KassaCore
import KassaLedger
import KassaStore

extension Journal {
    /// The recorded rates against `base`, in effect from their dates.
    func rateTable(base: Currency) -> RateTable {
        RateTable(base: base, rates: objects(ExchangeRate.kind).compactMap(ExchangeRate.init(record:)))
    }
}
