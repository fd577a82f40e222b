// AccountOptions: the profile options of `:account add` — --kind, --opening, --opening-date,
// --rate, --rate-from, --capitalize, --posting-day, --payment, --term, and a loan's --payment-day
// and --from (the paying account; both go to its payment's series, LoanSeries) — read and checked the
// same way in the session and on the command line, then applied to an account's profile.

import KassaCore
import KassaLedger

struct AccountOptions: Equatable {
    static let options: [CommandOption] = [
        .value("--kind", .choice(AccountKind.allCases.map(\.rawValue), group: "accountkind")), .value("--opening", .amount),
        .value("--opening-date", .date), .value("--rate", .number), .value("--rate-from", .date),
        .flag("--capitalize"), .value("--posting-day", .number), .value("--payment", .amount), .value("--term", .number),
        .value("--payment-day", .number), .value("--from", .account),
    ]

    var kind: AccountKind?
    var opening: String?
    var openingDate: CivilDate?
    var rate: Percent?
    var rateFrom: CivilDate?
    var capitalize = false
    var postingDay: Int?
    var payment: String?
    var term: Int?
    /// Loan: the day of the month the payment falls on, and the account it is paid from.
    var paymentDay: Int?
    var payFrom: String?

    init() {}

    init(_ arguments: CommandArguments) throws(UsageError) {
        func bad(_ option: String) -> UsageError {
            UsageError(key: "account.bad-option", arguments: ["option": option, "value": arguments.values[option] ?? ""])
        }
        if let word = arguments.values["--kind"] {
            guard let kind = arguments.vocabulary.name(in: "accountkind", for: word).flatMap(AccountKind.init(rawValue:))
                    ?? AccountKind(rawValue: word.lowercased()) else { throw bad("--kind") }
            self.kind = kind
        }
        opening = arguments.values["--opening"]
        if let opening, AccountOptions.amount(opening, currency: .kzt) == nil { throw bad("--opening") }
        openingDate = try arguments.date("--opening-date")
        if let text = arguments.values["--rate"] {
            guard let rate = Percent(text: text.hasSuffix("%") ? String(text.dropLast()) : text) else { throw bad("--rate") }
            self.rate = rate
        }
        rateFrom = try arguments.date("--rate-from")
        capitalize = arguments.flags.contains("--capitalize")
        if let text = arguments.values["--posting-day"] {
            guard let day = Int(text), (1...31).contains(day) else { throw bad("--posting-day") }
            postingDay = day
        }
        payment = arguments.values["--payment"]
        if let payment, AccountOptions.amount(payment, currency: .kzt).map({ $0.minorUnits > 0 }) != true { throw bad("--payment") }
        if let text = arguments.values["--term"] {
            guard let months = Int(text), (1...1200).contains(months) else { throw bad("--term") }
            term = months
        }
        if let text = arguments.values["--payment-day"] {
            guard let day = Int(text), (1...31).contains(day) else { throw bad("--payment-day") }
            paymentDay = day
        }
        if let text = arguments.values["--from"] {
            guard !text.trimmingWhitespace.isEmpty else { throw bad("--from") }
            payFrom = text.trimmingWhitespace.lowercased()
        }
    }

    var isEmpty: Bool { self == AccountOptions() }

    /// The profile with these options applied. `isNew`: the account is being made now, so a
    /// first rate applies from its opening date (later rates from today, or --rate-from).
    func applied(to original: AccountProfile, currency: Currency, today: CivilDate, isNew: Bool) throws(UsageError) -> AccountProfile {
        var profile = original
        if let kind { profile.kind = kind }
        if let opening {
            guard var amount = AccountOptions.amount(opening, currency: currency) else {
                throw UsageError(key: "account.bad-option", arguments: ["option": "--opening", "value": opening])
            }
            // A loan's opening balance is what is owed: negative, however it was typed.
            if profile.kind == .loan, amount.minorUnits > 0 { amount = amount.negated }
            profile.opening = amount
            profile.openingDate = openingDate ?? profile.openingDate ?? today
        } else if let openingDate {
            profile.openingDate = openingDate
        }
        if let rate {
            let from = rateFrom ?? (isNew || profile.rates.isEmpty ? profile.openingDate ?? today : today)
            profile.setRate(rate, from: from)
        }
        if capitalize { profile.capitalize = true }
        if let postingDay { profile.postingDay = postingDay }
        if let term { profile.term = term }
        if let payment {
            guard let amount = AccountOptions.amount(payment, currency: currency) else {
                throw UsageError(key: "account.bad-option", arguments: ["option": "--payment", "value": payment])
            }
            profile.payment = amount
        } else if profile.kind == .loan, rate != nil || term != nil || opening != nil,
                  let term = profile.term, let rate = profile.rates.last?.rate, let debt = profile.opening, !debt.isZero {
            do {
                // Openings are bounded (12 digits), so the magnitude fits.
                let principal = Money(minorUnits: abs(debt.minorUnits), currency: debt.currency)
                profile.payment = try LoanPayment.annuity(principal: principal, rate: rate, months: term)
            } catch {
                throw UsageError(key: "account.bad-option", arguments: ["option": "--term", "value": String(term)])
            }
        }
        return profile
    }

    /// An amount as typed in an option: "500000", "500 000", "1,500.50", "1 500,50", "-20000".
    /// Nil when it is not a plain amount of the currency, or is over kassa's entry bound.
    static func amount(_ text: String, currency: Currency) -> Money? {
        var digits = String(text.filter { $0 != " " && $0 != "_" && $0 != "\u{00A0}" && $0 != "\u{202F}" && $0 != "'" })
        if let comma = digits.lastIndex(of: ","), let point = digits.lastIndex(of: ".") {
            // Both marks: the later one is the decimal mark, the other groups.
            digits = comma > point ? digits.replacingAll(".", by: "").replacingAll(",", by: ".") : digits.replacingAll(",", by: "")
        } else if let comma = digits.lastIndex(of: ",") {
            // "1,500" groups thousands; "1500,5" and "1500,50" are decimals.
            let after = digits[digits.index(after: comma)...].count
            digits = after == 3 ? digits.replacingAll(",", by: "") : digits.replacingAll(",", by: ".")
        }
        guard let money = Money(decimal: digits, currency: currency), money.isWithinEntryBound else { return nil }
        return money
    }
}

private extension String {
    func replacingAll(_ target: Character, by replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
