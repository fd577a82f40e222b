// BackupWriter: `kassa export --format jsonl` — a complete backup as JSON lines. Transactions
// are the contract's TRANSACTION objects exactly as `kassa list --json` prints them (so every
// older backup is still a valid one); the other kinds of record carry a "record" key:
//   {"record": "account", "name": "wallet", "currency": "USD", "aliases": ["кошелёк"]}
//   {"record": "lesson", "phrase": "чай", "category": "food/coffee"}
//   {"record": "object", "kind": "budget", "key": "food", "fields": ["amount=100000.00", ...]}
// (objects: budgets, series and their occurrences, rates, categories, account profiles — every
// journal object as it stands, fields as the journal keeps them). Accounts, lessons and objects
// come first, so a restore defines them before the transactions use them.

import KassaCore

public struct BackupWriter: ExportWriter {
    let accounts: [Account]
    let lessons: [(phrase: String, category: String)]
    let objects: [ObjectRecord]

    public init(accounts: [Account], lessons: [String: String], objects: [ObjectRecord] = []) {
        self.accounts = accounts
        self.lessons = lessons.sorted { $0.key < $1.key }.map { (phrase: $0.key, category: $0.value) }
        self.objects = objects
    }

    public mutating func begin(_ out: inout [UInt8]) {
        for account in accounts { BackupWriter.append(account, to: &out) }
        for lesson in lessons { BackupWriter.appendLesson(phrase: lesson.phrase, category: lesson.category, to: &out) }
        for object in objects { BackupWriter.append(object, to: &out) }
    }

    public static func append(_ object: ObjectRecord, to out: inout [UInt8]) {
        // Fields as NAME=VALUE strings, in order, as the journal keeps them.
        var json = JSONWriter(capacity: 192)
        json.add("record", "object")
        json.add("kind", object.kind)
        json.add("key", object.key)
        json.add("fields", strings: object.fields.map { $0.name + "=" + $0.value })
        json.append(to: &out)
        out.append(10)
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
