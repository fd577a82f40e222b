// Fixtures for the interchange tests: a small vocabulary standing in for the session words (`word` rules) and
// the grammar, and a journal's worth of transactions with every type, Cyrillic names, a
// foreign currency, a note a spreadsheet would run as a formula.

import KassaCore
import KassaInterchange

enum InterchangeFixtures {
    static let vocabulary = ImportVocabulary(
        column: { name in
            let table = ["дата": "date", "описание": "note", "description": "note", "расход": "debit", "приход": "credit",
                         "валюта": "currency", "сумма": "amount", "toaccount": "to_account", "категория": "category",
                         "счёт": "account", "тип": "type"]
            return table[name]
        },
        kind: { word in
            let table: [String: TransactionType] = ["покупка": .expense, "снятие": .expense, "пополнение": .income,
                                                    "перевод": .transfer, "internal": .transfer, "расход": .expense]
            return table[word.lowercased()]
        },
        category: { text, _ in
            let slugs: Set<String> = ["food", "food/coffee", "transport/taxi", "subscriptions", "income/salary", "income/refund", "other"]
            if slugs.contains(text) { return text }
            let names = ["salary": "income/salary", "refund": "income/refund", "зарплата": "income/salary", "кофе": "food/coffee"]
            if let slug = names[text.lowercased()] { return slug }
            if text.lowercased().contains("такси") { return "transport/taxi" }
            if text.lowercased().contains("coffee") { return "food/coffee" }
            return nil
        },
        currency: { word in ["₸": Currency.kzt, "тг": Currency.kzt, "$": Currency(code: "USD")!][word] })

    static let day = CivilDate(year: 2026, month: 3, day: 1)!
    static let usd = Currency(code: "USD")!

    static func kzt(_ major: Int64) -> Money { Money(major: major, currency: .kzt)! }

    static let transactions: [Transaction] = [
        Transaction(id: 1, type: .income, amount: kzt(450_000), date: day, category: "income/salary", account: "каспи голд",
                    note: "зарплата"),
        Transaction(id: 2, type: .expense, amount: kzt(1500), date: day.adding(days: 1), time: TimeOfDay(hour: 9, minute: 5),
                    category: "food/coffee", account: "наличные", note: "кофе, \"латте\"\nвторая строка", input: "кофе 1500"),
        Transaction(id: 3, type: .transfer, amount: kzt(20_000), date: day.adding(days: 2), account: "каспи голд",
                    toAccount: "наличные", note: "снял"),
        Transaction(id: 4, type: .expense, amount: Money(minorUnits: 1099, currency: usd), date: day.adding(days: 3),
                    category: "subscriptions", account: "каспи голд", note: "=HYPERLINK(\"http://x\")", recurrence: .monthly),
        Transaction(id: 5, type: .income, amount: kzt(3000), date: day.adding(days: 4), category: "income/refund",
                    account: "каспи голд", note: "возврат"),
        Transaction(id: 6, type: .expense, amount: kzt(700), date: day.adding(days: 5), note: "-минус в начале"),
    ]
}
