// JournalObjects: the role of the journal that keeps what is not a transaction — accounts,
// learned categories (lessons), and the ObjectRecords for budgets, series, rates, categories and
// account profiles — as journal records, so they undo like transactions and every session sees
// the others' changes. The newest applied version of an account or of an object (kind, key) is
// the current one; a removal hides it. A rename of an account removes and defines in one change.

import KassaCore

/// What the journal keeps besides transactions (see the file's header). Journal is the one
/// conformer; a caller that only needs these takes `some JournalObjects`.
public protocol JournalObjects: AnyObject {
    /// Defined accounts in the order first defined (a redefinition keeps the place).
    var accounts: [Account] { get }
    /// Phrase → category slug, as the person taught the parser.
    var learnedCategories: [String: String] { get }
    /// Adds an account or replaces its definition; `objects` are written in the same change.
    @discardableResult func defineAccount(_ account: Account, objects: [ObjectRecord]) throws -> Change
    /// Renames an account and every transaction that names it, as one change.
    @discardableResult func renameAccount(_ old: String, to new: String, objects: [ObjectRecord]) throws -> Change
    /// Removes an account's definition (its transactions keep the name).
    @discardableResult func removeAccount(_ name: String, objects: [ObjectRecord]) throws -> Change
    /// Teaches (or, with a nil category, forgets) the category of a phrase.
    @discardableResult func learn(phrase: String, category: String?) throws -> Change
    /// The current objects of `kind`, in the order their keys were first written.
    func objects(_ kind: String) -> [ObjectRecord]
    /// Every current object of every kind (a backup).
    var allObjects: [ObjectRecord] { get }
    /// The current object of `kind` with `key`, if it exists.
    func object(_ kind: String, key: String) -> ObjectRecord?
    /// Writes objects (new versions or removals) as one undoable change.
    @discardableResult func write(_ objects: [ObjectRecord]) throws -> Change
}

extension Journal: JournalObjects {
    // MARK: accounts and lessons

    /// Defined accounts in the order first defined (a redefinition keeps the place).
    public var accounts: [Account] {
        var list: [Account] = []
        // A rename removes and defines in one change: the new name takes the old one's place.
        var freed: (change: Int32, index: Int)?
        for record in state.accountRecords where state.changes[Int(record.change)].applied {
            let key = record.account.name.lowercased()
            let index = list.firstIndex { $0.name.lowercased() == key }
            switch (record.removed, index) {
            case (true, let i?): list.remove(at: i); freed = (record.change, i)
            case (false, let i?): list[i] = record.account
            case (false, nil):
                if let slot = freed, slot.change == record.change {
                    list.insert(record.account, at: slot.index)
                } else {
                    list.append(record.account)
                }
            case (true, nil): break
            }
        }
        return list
    }

    /// Phrase → category slug, as the person taught the parser (`category X` after a guess).
    public var learnedCategories: [String: String] {
        var map: [String: String] = [:]
        for record in state.learnRecords where state.changes[Int(record.change)].applied {
            map[record.phrase] = record.category
        }
        return map
    }

    /// Adds an account, or replaces the definition of one with the same name (aliases, currency).
    /// `objects` (the account's profile, a setting) are written in the same change.
    @discardableResult
    public func defineAccount(_ account: Account, objects: [ObjectRecord] = []) throws -> Change {
        guard !account.name.isEmpty else { throw StoreError(.invalid, path: path, detail: "name") }
        // A record holds at most 31 fields (see JournalState.ingest).
        guard account.aliases.count <= Journal.maxAliases else { throw StoreError(.invalid, path: path, detail: "aliases") }
        for object in objects { try check(object) }
        let index = try append { writer, number in
            writer.begin(change: number, part: 1, of: 1 + objects.count, op: .account)
            Journal.accountFields(account, removed: false, to: &writer)
            writer.end()
            Journal.write(objects, change: number, firstPart: 2, of: 1 + objects.count, to: &writer)
        }
        ownChanges.append(index)
        return report(index)
    }

    /// Renames an account: its definition and every live transaction on it (account or
    /// to_account) change in one undoable change. The old name stays as an alias. `objects`
    /// (the profile moved to the new name) are written in the same change.
    @discardableResult
    public func renameAccount(_ old: String, to new: String, objects: [ObjectRecord] = []) throws -> Change {
        guard !new.isEmpty else { throw StoreError(.invalid, path: path, detail: "name") }
        for object in objects { try check(object) }
        let index = try append { writer, number in
            let previous = accounts.first { $0.name.lowercased() == old.lowercased() }
            guard previous != nil || !query(TransactionFilter(account: old)).isEmpty else {
                throw StoreError(.invalid, path: path, detail: old)
            }
            var renamed = previous ?? Account(name: new)
            renamed.name = new
            if !renamed.aliases.contains(old), renamed.aliases.count < Journal.maxAliases { renamed.aliases.append(old) }
            let moved = query(TransactionFilter(account: old))
            let parts = 2 + moved.count + objects.count
            writer.begin(change: number, part: 1, of: parts, op: .account)
            Journal.accountFields(previous ?? Account(name: old), removed: true, to: &writer)
            writer.end()
            writer.begin(change: number, part: 2, of: parts, op: .account)
            Journal.accountFields(renamed, removed: false, to: &writer)
            writer.end()
            for (k, var t) in moved.enumerated() {
                if t.account?.lowercased() == old.lowercased() { t.account = new }
                if t.toAccount?.lowercased() == old.lowercased() { t.toAccount = new }
                writer.begin(change: number, part: 3 + k, of: parts, op: .edit)
                RecordCodec.appendTransaction(t, to: &writer.out)
                writer.end()
            }
            Journal.write(objects, change: number, firstPart: 3 + moved.count, of: parts, to: &writer)
        }
        ownChanges.append(index)
        return report(index)
    }

    /// Removes an account's definition; `objects` (its profile's removal) in the same change.
    @discardableResult
    public func removeAccount(_ name: String, objects: [ObjectRecord] = []) throws -> Change {
        for object in objects { try check(object) }
        let index = try append { writer, number in
            guard let account = accounts.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw StoreError(.invalid, path: path, detail: name)
            }
            writer.begin(change: number, part: 1, of: 1 + objects.count, op: .account)
            Journal.accountFields(account, removed: true, to: &writer)
            writer.end()
            Journal.write(objects, change: number, firstPart: 2, of: 1 + objects.count, to: &writer)
        }
        ownChanges.append(index)
        return report(index)
    }

    /// Remembers that `phrase` means `category` (nil forgets it).
    @discardableResult
    public func learn(phrase: String, category: String?) throws -> Change {
        guard !phrase.isEmpty else { throw StoreError(.invalid, path: path, detail: "phrase") }
        let index = try append { writer, number in
            writer.begin(change: number, part: 1, of: 1, op: .learn)
            writer.field(phrase)
            writer.field(category ?? "")
            writer.end()
        }
        ownChanges.append(index)
        return report(index)
    }

    /// The lessons not known yet (same phrase, same category), each phrase once (the last wins).
    func newLessons(_ lessons: [Lesson]) -> [Lesson] {
        let known = learnedCategories
        var seen = Set<String>()
        return lessons.reversed().filter { lesson in
            !lesson.phrase.isEmpty && known[lesson.phrase] != lesson.category && seen.insert(lesson.phrase).inserted
        }.reversed()
    }

    /// Lesson records as parts of a change (a save or an edit that taught them).
    static func write(_ lessons: [Lesson], change: Int64, firstPart: Int, of parts: Int, to writer: inout LineWriter) {
        for (k, lesson) in lessons.enumerated() {
            writer.begin(change: change, part: firstPart + k, of: parts, op: .learn)
            writer.field(lesson.phrase)
            writer.field(lesson.category ?? "")
            writer.end()
        }
    }

    /// Aliases one account record can carry.
    public static let maxAliases = 24

    static func accountFields(_ account: Account, removed: Bool, to writer: inout LineWriter) {
        writer.field(account.name)
        writer.field(removed ? "-" : "+")
        writer.field(account.currency?.code ?? "")
        for alias in account.aliases { writer.field(alias) }
    }

    // MARK: objects

    /// The current objects of `kind`, in the order their keys were first written.
    public func objects(_ kind: String) -> [ObjectRecord] {
        var order: [String] = []
        var latest: [String: ObjectRecord] = [:]
        for record in state.objectRecords where record.object.kind == kind && state.changes[Int(record.change)].applied {
            if latest.updateValue(record.object, forKey: record.object.key) == nil { order.append(record.object.key) }
        }
        return order.compactMap { key in latest[key].flatMap { $0.removed ? nil : $0 } }
    }

    /// Every current object of every kind, kinds and keys in the order first written (a backup).
    public var allObjects: [ObjectRecord] {
        var kinds: [String] = []
        for record in state.objectRecords where !kinds.contains(record.object.kind) { kinds.append(record.object.kind) }
        return kinds.flatMap { objects($0) }
    }

    /// The current object of `kind` with `key`, if it exists.
    public func object(_ kind: String, key: String) -> ObjectRecord? {
        for record in state.objectRecords.reversed()
        where record.object.kind == kind && record.object.key == key && state.changes[Int(record.change)].applied {
            return record.object.removed ? nil : record.object
        }
        return nil
    }

    /// Writes objects (new versions or removals) as one undoable change.
    @discardableResult
    public func write(_ objects: [ObjectRecord]) throws -> Change {
        guard !objects.isEmpty else { throw StoreError(.invalid, path: path, detail: "object") }
        for object in objects { try check(object) }
        let index = try append { writer, number in
            Journal.write(objects, change: number, firstPart: 1, of: objects.count, to: &writer)
        }
        ownChanges.append(index)
        return report(index)
    }

    /// Refuses what a record line cannot hold or read back.
    func check(_ object: ObjectRecord) throws {
        guard !object.kind.isEmpty, !object.key.isEmpty, object.fields.count <= ObjectRecord.maxFields,
              object.fields.allSatisfy({ !$0.name.isEmpty && !$0.name.contains("=") }) else {
            throw StoreError(.invalid, path: path, detail: "object")
        }
    }

    /// Object records as parts of a change (a save that also starts a series or settles an occurrence).
    static func write(_ objects: [ObjectRecord], change: Int64, firstPart: Int, of parts: Int, to writer: inout LineWriter) {
        for (k, object) in objects.enumerated() {
            writer.begin(change: change, part: firstPart + k, of: parts, op: .object)
            writer.field(object.kind)
            writer.field(object.key)
            writer.field(object.removed ? "-" : "+")
            for field in object.fields { writer.field(field.name + "=" + field.value) }
            writer.end()
        }
    }
}
