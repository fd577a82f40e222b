// StoreFixtures: drafts and temporary journal paths shared by the store tests.
import Foundation
import KassaCore
import KassaTestSupport
@testable import KassaStore
import KassaLedger

enum StoreFixtures {
    static let day = CivilDate(year: 2026, month: 3, day: 9)!

    static func journalPath(_ label: String = "store") -> String {
        TestSupport.makeTemporaryDirectory(label).appendingPathComponent("journal.kassa").path
    }

    static func draft(_ major: Int64, _ category: String? = "food/coffee", note: String = "coffee",
                      currency: Currency = .kzt, account: String? = "cash", days: Int = 0) -> Draft {
        Draft(amount: Money(major: major, currency: currency)!, date: day.adding(days: days),
              category: category, account: account, note: note)
    }

    static func bytes(_ path: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: path) ?? Data())
    }

    /// Writes a journal file the way kassa creates one: private (0600), so opening it does not
    /// also warn about tightened permissions.
    static func write(_ bytes: [UInt8], to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
    }

    static func amounts(_ journal: Journal) -> [Int64] {
        journal.transactions.map { $0.amount.minorUnits / 100 }
    }
}

extension Journal {
    /// Balances as `kassa balance` computes them (KassaLedger over the journal's source).
    func balance(_ filter: TransactionFilter = TransactionFilter()) -> [BalanceLine] {
        (try? Balances.compute(source(filter))) ?? []
    }
}
