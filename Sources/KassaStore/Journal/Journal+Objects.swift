// Journal+Objects: budgets, series, rates, categories and account profiles (ObjectRecord) kept as
// journal records, so they undo like transactions and every session sees the others' changes.
// The newest applied version of a (kind, key) is the current one; a removal hides it.

import KassaCore

extension Journal {
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
