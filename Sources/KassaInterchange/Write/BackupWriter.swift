// BackupWriter: `kassa export --format jsonl` — a complete backup as JSON lines. Transactions
// are the contract's TRANSACTION objects exactly as `kassa list --json` prints them (so every
// older backup is still a valid one); the other kinds of record carry a "record" key:
//   {"record": "account", "name": "wallet", "currency": "USD", "aliases": ["кошелёк"]}
//   {"record": "lesson", "phrase": "чай", "category": "food/coffee"}
// Accounts and lessons come first, so a restore defines them before the transactions use them.

import KassaCore

public struct BackupWriter: ExportWriter {
    let accounts: [Account]
    let lessons: [(phrase: String, category: String)]

    public init(accounts: [Account], lessons: [String: String]) {
        self.accounts = accounts
        self.lessons = lessons.sorted { $0.key < $1.key }.map { (phrase: $0.key, category: $0.value) }
    }

    public mutating func begin(_ out: inout [UInt8]) {
        for account in accounts { BackupWriter.append(account, to: &out) }
        for lesson in lessons { BackupWriter.appendLesson(phrase: lesson.phrase, category: lesson.category, to: &out) }
    }

    public mutating func append(_ transaction: Transaction, to out: inout [UInt8]) {
        JSONLinesWriter.append(transaction, to: &out)
    }

    public static func append(_ account: Account, to out: inout [UInt8]) {
        var json = JSONWriter(capacity: 96)
        json.add("record", "account")
        json.add("name", account.name)
        json.add("currency", account.currency?.code)
        json.add("aliases", strings: account.aliases)
        json.append(to: &out)
        out.append(10)
    }

    public static func appendLesson(phrase: String, category: String, to out: inout [UInt8]) {
        var json = JSONWriter(capacity: 96)
        json.add("record", "lesson")
        json.add("phrase", phrase)
        json.add("category", category)
        json.append(to: &out)
        out.append(10)
    }
}
