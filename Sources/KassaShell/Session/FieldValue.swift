// FieldValue: one field said in words ("amount 1600", "дата вчера", "category groceries"),
// resolved through the parser and grammar. Shared by corrections of a pending draft and by
// `:edit #ID field value` on saved transactions.

import KassaCore
import KassaStore

enum FieldValue: Equatable {
    /// `currencySaid` false: the amount came with the default currency because none was said
    /// ("1700"), so it takes the currency of what it changes ("coffee 5 usd" → "1700" is $1,700).
    case amount(Money, currencySaid: Bool = true)
    case date(CivilDate)
    case category(String)
    case note(String)
    case account(String)
    /// A transfer's destination.
    case toAccount(String)
    /// An optional field (TransactionField) by its name: an exchange's target, what the account
    /// was charged for a purchase in another currency ("charged 12600").
    case optional(TransactionField, Money)
    case currency(Currency)
    case type(TransactionType)

    /// The canonical field names session.rules may give words to (`field.*`).
    static let names = ["amount", "date", "category", "note", "account", "to_account"] + TransactionField.allCases.map(\.name)
        + ["currency", "type"]

    /// Resolves `value` for the field named `field` (a canonical name from session.rules).
    /// `journal` gives the person's own categories (a category may be one of theirs).
    static func resolve(field: String, value: String, parser: Parser, words: CommandWords,
                        context: ParseContext, journal: Journal? = nil) -> Result<FieldValue, SessionError> {
        switch field {
        case "amount":
            guard let (amount, said) = parser.exactAmount(in: value, context: context) else {
                return .failure(SessionError("correction.bad-amount", ["value": value]))
            }
            guard amount.isWithinEntryBound else {
                return .failure(SessionError("correction.amount-too-large", ["value": value, "limit": String(Money.maximumWholeDigits)]))
            }
            return .success(.amount(amount, currencySaid: said))
        case _ where TransactionField(name: field) != nil:
            guard let (amount, _) = parser.exactAmount(in: value, context: context) else {
                return .failure(SessionError("correction.bad-amount", ["value": value]))
            }
            guard amount.isWithinEntryBound else {
                return .failure(SessionError("correction.amount-too-large", ["value": value, "limit": String(Money.maximumWholeDigits)]))
            }
            return .success(.optional(TransactionField(name: field)!, amount))
        case "date":
            guard let date = parser.date(in: value, context: context) else {
                return .failure(SessionError("correction.bad-date", ["value": value]))
            }
            return .success(.date(date))
        case "category":
            let slug = journal.map { CategoryDirectory(grammar: parser.grammar, journal: $0).slug(named: value) }
                ?? parser.grammar.categorySlug(named: value)
            guard let slug else {
                return .failure(SessionError("correction.bad-category", ["value": value]))
            }
            return .success(.category(slug))
        case "note":
            return .success(.note(value))
        case "account", "to_account":
            // A known account or account word ("kaspi", "каспи"); any other name is a new
            // account, made on first use (the save says so).
            guard let account = parser.account(named: value, context: context) ?? FieldValue.newAccountName(value) else {
                return .failure(SessionError("correction.bad-account", ["value": value]))
            }
            return .success(field == "account" ? .account(account) : .toAccount(account))
        case "currency":
            // A code ("EUR") or the words for one ("euro", «доллары», "in dollars").
            guard let currency = Currency(code: value) ?? parser.currency(named: value, context: context) else {
                return .failure(SessionError("correction.bad-currency", ["value": value]))
            }
            return .success(.currency(currency))
        case "type":
            guard let name = words.name(in: "type", for: value), let type = TransactionType(rawValue: name) else {
                return .failure(SessionError("correction.bad-type", ["value": value]))
            }
            return .success(.type(type))
        default:
            return .failure(SessionError("correction.value-missing", ["field": field]))
        }
    }

    /// A name typed for an account that kassa does not know yet: one word or a few, lower-cased,
    /// without control characters; nil when there is nothing usable.
    static func newAccountName(_ value: String) -> String? {
        let name = TerminalSafety.readable(value).split(separator: " ").joined(separator: " ").lowercased()
        guard !name.isEmpty, name.count <= 64, name.first?.isLetter == true else { return nil }
        return name
    }

    /// The same amount in another currency, digit for digit ("1500 KZT" → "1500 USD"); nil when
    /// the new currency cannot hold its minor digits (12.50 → JPY).
    static func rescale(_ amount: Money, to currency: Currency) -> Money? {
        Money(decimal: amount.decimalString, currency: currency)
            ?? (amount.minorUnits % amount.currency.minorPerMajor == 0
                ? Money(major: amount.minorUnits / amount.currency.minorPerMajor, currency: currency) : nil)
    }

    /// `amount` in the currency of `current` when no currency was said with it (and it can be
    /// written there: 12.50 has no yen).
    static func keepingCurrency(_ amount: Money, said: Bool, of current: Money?) -> Money {
        guard !said, let current, current.currency != amount.currency else { return amount }
        return rescale(amount, to: current.currency) ?? amount
    }

    /// The value changes the transaction's type (a type, or a destination that makes a transfer).
    var changesType: Bool {
        switch self {
        case .type, .toAccount: return true
        default: return false
        }
    }

    /// Applies to a pending draft, clearing the flag that said the field was inferred.
    func apply(to draft: inout Draft) -> Bool {
        switch self {
        // A value said for a field answers what kassa doubted about it.
        case .amount(let amount, let said):
            // "6100 lira" said to "changed 200 dollars — what did you get for it?": what arrived,
            // the exchange made whole as if said so at once.
            if said, let current = draft.amount, amount.currency != current.currency,
               draft.doubts.contains(where: { $0.reason == .exchangeIncomplete }) {
                draft.type = .transfer
                draft.toAccount = draft.toAccount ?? draft.account
                draft.toAmount = amount
                draft.category = nil
                draft.settle(.type)
                return true
            }
            draft.amount = FieldValue.keepingCurrency(amount, said: said, of: draft.amount)
            draft.unflag(.amountMissing)
            draft.settle(.amount)
        case .date(let date): draft.date = date; draft.unflag(.dateAssumed); draft.settle(.date)
        case .category(let slug): draft.category = slug; draft.unflag(.categoryGuessed); draft.settle(.category)
        case .note(let note): draft.note = note
        case .account(let account): draft.account = account; draft.unflag(.accountDefault); draft.settle(.account)
        // Where an income went is its own account ("salary 480000" → "to bcc"); anything else
        // sent somewhere becomes a transfer there.
        case .toAccount(let account) where draft.type == .income:
            draft.account = account; draft.unflag(.accountDefault); draft.settle(.account)
        case .toAccount(let account): draft.toAccount = account; draft.type = .transfer; draft.settle(.toAccount)
        case .optional(let field, let amount):
            // Only where the draft's type has the field (a target on a purchase would mean
            // nothing), in another currency than the amount where it must be.
            guard field.admits(amount, type: draft.type, amount: draft.amount) else { return false }
            field.set(amount, in: &draft)
        case .currency(let currency):
            guard let amount = draft.amount else { return false }
            guard let rescaled = FieldValue.rescale(amount, to: currency) else { return false }
            draft.amount = rescaled
            draft.unflag(.currencyDefault)
            draft.unflag(.currencyUnknown)
            // "₸45 for dinner?" — "lira": the currency was what was in doubt.
            draft.settle(.currency)
            draft.doubts.removeAll { $0.field == .amount && $0.reason == .outOfRange }
        case .type(let type): draft.type = type; draft.settle(.type)
        }
        return true
    }

    /// The patch that makes the same change to saved transactions.
    func patch(for transaction: Transaction) -> TransactionPatch? {
        var patch = TransactionPatch()
        switch self {
        case .amount(let amount, let said): patch.amount = FieldValue.keepingCurrency(amount, said: said, of: transaction.amount)
        case .date(let date): patch.date = date
        case .category(let slug): patch.category = slug
        case .note(let note): patch.note = note
        case .account(let account): patch.account = account
        case .toAccount(let account):
            guard transaction.type == .transfer else { return nil }
            patch.toAccount = account
        case .optional(let field, let amount):
            guard field.admits(amount, type: transaction.type, amount: transaction.amount) else { return nil }
            patch[field] = amount
        case .currency(let currency):
            guard let rescaled = FieldValue.rescale(transaction.amount, to: currency) else { return nil }
            patch.amount = rescaled
        case .type(let type): patch.type = type
        }
        return patch
    }
}
