// AccountNameMapTests: journal account names as kassa reads them — accounts with their kind from
// the name's words, kassa's own categories by name in either language, the person's own for the
// rest, opening-balance equity — with the words read from the repository's Grammars files.

import Foundation
import Testing
import KassaCore
@testable import KassaInterchange

struct AccountNameMapTests {
    /// The interchange fixtures' vocabulary with the session's journal words (`word journal`), as the shell gives them.
    static let vocabulary: ImportVocabulary = {
        var vocabulary = InterchangeFixtures.vocabulary
        let table = SessionWordTable.load()
        vocabulary.word = { group, word in table[group + "\u{0}" + word.lowercased()] }
        return vocabulary
    }()

    let map = AccountNameMap(vocabulary: AccountNameMapTests.vocabulary)

    @Test func assetsAndLiabilitiesBecomeAccountsOfTheirKind() {
        #expect(map.resolve("assets:bank:kaspi") == .account(name: "kaspi", kind: .card))
        #expect(map.resolve("Assets:Cash") == .account(name: "cash", kind: .cash))
        #expect(map.resolve("Assets:US:BofA:Checking") == .account(name: "checking", kind: .card))
        #expect(map.resolve("assets:bank:saving") == .account(name: "saving", kind: .deposit))
        #expect(map.resolve("Assets:Savings:Halyk") == .account(name: "halyk", kind: .deposit))
        #expect(map.resolve("Liabilities:US:Chase:Slate") == .account(name: "slate", kind: .loan))
        #expect(map.resolve("Liabilities:Credit Card") == .account(name: "credit card", kind: .card))
        #expect(map.resolve("liabilities:creditcard") == .account(name: "creditcard", kind: .card))
        #expect(map.resolve("liabilities:mortgage") == .account(name: "mortgage", kind: .loan))
        #expect(map.resolve("Активы:Наличные") == .account(name: "наличные", kind: .cash))
        #expect(map.resolve("Пассивы:Кредит:Ипотека") == .account(name: "ипотека", kind: .loan))
        #expect(map.resolve("assets") == .account(name: "assets", kind: .card))
    }

    @Test func expensesAndIncomeBecomeCategories() {
        #expect(map.resolve("expenses:food:coffee") == .category(slug: "food/coffee", name: "coffee", type: .expense))
        #expect(map.resolve("Income:Salary") == .category(slug: "income/salary", name: "Salary", type: .income))
        #expect(map.resolve("Доходы:Зарплата") == .category(slug: "income/salary", name: "Зарплата", type: .income))
        // Unknown names: the person's own category, named after the last component.
        #expect(map.resolve("Expenses:Home:Rent Deposit") == .category(slug: nil, name: "Rent Deposit", type: .expense))
        #expect(AccountNameMap.ownSlug("Rent Deposit") == "rent-deposit")
        #expect(AccountNameMap.ownSlug("::") == nil)
        #expect(map.resolve("expenses") == .category(slug: nil, name: "expenses", type: .expense))
    }

    @Test func equityAndUnknownRoots() {
        #expect(map.resolve("Equity:Opening-Balances") == .equity(opening: true))
        #expect(map.resolve("equity:opening balances") == .equity(opening: true))
        #expect(map.resolve("Капитал:Начальные остатки") == .equity(opening: true))
        #expect(map.resolve("equity:conversion") == .equity(opening: false))
        #expect(map.resolve("revenue:gifts") == .category(slug: nil, name: "gifts", type: .income))
        #expect(map.resolve("(assets:cash)") == .unsupported)
        #expect(map.resolve("budget:food") == .unsupported)
        #expect(map.resolve("") == .unsupported)
        #expect(map.root("Expenses:Food") == .expense)
    }

    @Test func sharedLastComponentsAreMadeDifferentWhateverTheOrder() {
        let names = ["Assets:US:ETrade:Cash", "Assets:US:Vanguard:Cash", "Assets:US:BofA:Checking", "Assets:Cash"]
        let made = AccountNameMap.accountNames(names)
        #expect(made["Assets:US:BofA:Checking"] == "checking")
        #expect(made["Assets:US:ETrade:Cash"] == "etrade:cash")
        #expect(made["Assets:US:Vanguard:Cash"] == "vanguard:cash")
        #expect(made["Assets:Cash"] == "cash")
        #expect(AccountNameMap.accountNames(names.reversed()) == made)
    }
}

/// The `word` rules of Grammars/{en,ru}/session.rules as (group NUL word) → name, read from the
/// repository the way CommandWords reads them (the shell module is not a dependency here).
enum SessionWordTable {
    static func load() -> [String: String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var table: [String: String] = [:]
        for language in ["en", "ru"] {
            let url = root.appendingPathComponent("Grammars/\(language)/session.rules")
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.hasPrefix("word ") {
                guard let equals = line.firstIndex(of: "=") else { continue }
                let head = line[..<equals].split(separator: " ")
                guard head.count == 3 else { continue }
                let group = String(head[1]), name = String(head[2])
                for word in line[line.index(after: equals)...].split(separator: ",") {
                    table[group + "\u{0}" + word.trimmingCharacters(in: .whitespaces).lowercased()] = name
                }
            }
        }
        return table
    }
}
