// ExportSource: what `kassa export` offers a format's writer — the journal's parts, each made only
// when a writer asks for it (a CSV needs none of them, a journal its inventory, openings and
// rates), and the export's settings. The command fills it from the journal; the format decides
// what it uses, so the command names no format.

import KassaCore

public struct ExportSource {
    /// Today: a journal's later entries are planned.
    public var today: CivilDate
    /// --planned: planned entries are written too (marked pending).
    public var planned: Bool
    /// The default currency (a journal's operating currency).
    public var operatingCurrency: Currency
    /// Every account, currency and category the exported transactions use.
    public var inventory: () -> ExportInventory
    /// The accounts' opening balances the filters let through.
    public var openings: () -> [OpeningBalance]
    /// The journal's exchange rates.
    public var rates: () -> [ExchangeRate]
    /// Category slug → the name the person sees, in the interface language.
    public var categoryNames: () -> [String: String]
    /// A backup's accounts, lessons (phrase → category) and objects.
    public var accounts: () -> [Account]
    public var lessons: () -> [String: String]
    public var objects: () -> [ObjectRecord]
    /// The accounts owed on (loans), lower-cased: a journal books them as liabilities.
    public var liabilities: () -> Set<String>
    /// The name of an opening balance where a format writes it as a category (the app's CSV),
    /// in the interface language.
    public var openingName: () -> String

    public init(today: CivilDate, planned: Bool, operatingCurrency: Currency, inventory: @escaping () -> ExportInventory,
                openings: @escaping () -> [OpeningBalance] = { [] }, rates: @escaping () -> [ExchangeRate] = { [] },
                categoryNames: @escaping () -> [String: String] = { [:] }, accounts: @escaping () -> [Account] = { [] },
                lessons: @escaping () -> [String: String] = { [:] }, objects: @escaping () -> [ObjectRecord] = { [] },
                liabilities: @escaping () -> Set<String> = { [] }, openingName: @escaping () -> String = { "" }) {
        self.today = today
        self.planned = planned
        self.operatingCurrency = operatingCurrency
        self.inventory = inventory
        self.openings = openings
        self.rates = rates
        self.categoryNames = categoryNames
        self.accounts = accounts
        self.lessons = lessons
        self.objects = objects
        self.liabilities = liabilities
        self.openingName = openingName
    }

    /// The openings to write, each with its date (an undated one on the export's first day), and
    /// whether it is planned (dated after today); planned ones are left out without --planned.
    public func datedOpenings() -> [(opening: OpeningBalance, date: CivilDate)] {
        let openings = openings()
        guard !openings.isEmpty else { return [] }
        let first = openings.contains { $0.date == nil } ? [inventory().firstDate, today].compactMap { $0 }.min() ?? today : today
        return openings.compactMap { opening in
            let date = opening.date ?? first
            return date > today && !planned ? nil : (opening, date)
        }
    }

    /// A journal writer's inventory and extras: openings, rates, today, the loans; an opening
    /// without a date counts from the beginning, the export's first day.
    public func journalParts() -> (inventory: ExportInventory, extras: JournalExtras) {
        let inventory = inventory()
        let first = [inventory.firstDate, today].compactMap { $0 }.min() ?? today
        return (inventory, JournalExtras(openings: openings(), prices: rates(), today: today, planned: planned, undatedOpening: first,
                                        liabilities: liabilities(), cleared: ClearedSet(objects().filter { $0.kind == Clearance.kind })))
    }
}
