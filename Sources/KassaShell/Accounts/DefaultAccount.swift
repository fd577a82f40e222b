// DefaultAccount: which account an entry that names none goes to. The config file's `account`
// key (a choice made on this machine) wins; without it, the journal's setting made by
// `:account default NAME` (shared by every session on the journal); without either, "cash".

import KassaCore
import KassaStore

enum DefaultAccount {
    static let kind = "setting"
    static let key = "default-account"

    /// The journal's setting, if `:account default` made one.
    static func stored(in journal: Journal) -> String? {
        journal.object(kind, key: key)?["value"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static func record(_ name: String) -> ObjectRecord {
        ObjectRecord(kind: kind, key: key, fields: [.init("value", name)])
    }
}

extension Session.Configuration {
    /// The default account in effect with this journal (see DefaultAccount).
    public func defaultAccount(in journal: Journal) -> String {
        defaultAccountIsConfigured ? defaultAccount : DefaultAccount.stored(in: journal) ?? defaultAccount
    }
}
