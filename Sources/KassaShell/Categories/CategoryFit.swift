// CategoryFit: whether a category said for a transaction fits it (DOMAIN.md §2): a transfer has
// no category; an income category goes on income, an expense category on an expense. A
// correction, a dialog reply or `:edit` that would break this is refused with the reason — and
// nothing is learned from it — instead of saving a category the transaction cannot carry. A
// change of type (or a destination that makes a transfer) drops a category the new type cannot
// carry: the card or the "Changed" line shows it gone.

import KassaCore
import KassaStore

enum CategoryFit {
    /// Why `slug` (said as `said`) cannot be the category of a `type` transaction; nil when it fits.
    /// `directory` knows the person's own categories and their types.
    static func refusal(_ slug: String, said: String, for type: TransactionType, directory: CategoryDirectory) -> SessionError? {
        let value = said.trimmingWhitespace.isEmpty ? slug : said.trimmingWhitespace
        switch (type, directory.type(of: slug)) {
        case (.transfer, _): return SessionError("correction.category-on-transfer", ["value": value])
        case (.expense, .income): return SessionError("correction.category-not-expense", ["value": value])
        case (.income, .expense): return SessionError("correction.category-not-income", ["value": value])
        default: return nil
        }
    }

    /// Whether `slug` can be the category of a `type` transaction.
    static func fits(_ slug: String, _ type: TransactionType, directory: CategoryDirectory) -> Bool {
        refusal(slug, said: slug, for: type, directory: directory) == nil
    }

    /// Drops the category of drafts `indices` of `drafts` when their type cannot carry it.
    static func dropStale(_ drafts: inout [Draft], _ indices: some Sequence<Int>, directory: CategoryDirectory) {
        for index in indices {
            if let slug = drafts[index].category, !fits(slug, drafts[index].type, directory: directory) { drafts[index].category = nil }
        }
    }
}
