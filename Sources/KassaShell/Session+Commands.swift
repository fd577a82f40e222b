// Session commands: help, quit, undo/redo, list, why, edit and delete of saved transactions.

import KassaCore
import KassaStore

extension Session {
    func run(_ command: SessionCommand) -> [SessionEvent] {
        switch command {
        case .confirm:
            return confirm()
        case .discard:
            let count = pending.count
            clearPending()
            return [.discarded(count: count)]
        case .help:
            return [.help]
        case .quit:
            var events: [SessionEvent] = []
            if state == .confirming {
                events.append(.notice(key: "session.unsaved-on-exit", arguments: [:], count: pending.count))
                clearPending()
            }
            finished = true
            return events + [.quit]
        case .undo(.latest(let count)):
            return storeChange { try journal.undo(count: count).map(SessionEvent.undone) }
        case .undo(.transaction(let id)):
            return storeChange { [.undone(try journal.undo(id: id))] }
        case .redo(let count):
            return storeChange { try journal.redo(count: count).map(SessionEvent.redone) }
        case .list(let filter):
            var query = TransactionFilter()
            filter.narrow(&query, today: configuration.today)
            return storeChange { try journal.refresh(); return [.listing(journal.query(query))] }
        case .why:
            guard let result = lastResult else { return [.notice("why.nothing")] }
            return [.explanation(result)]
        case .delete(let ids):
            return storeChange { [.changed(try journal.delete(ids: ids))] }
        case .edit(let ids, let field, let value):
            return edit(ids: ids, field: field, value: value)
        case .balance:
            return storeChange { try journal.refresh(); return [.balance(journal.balance())] }
        case .history(let limit):
            return storeChange { try journal.refresh(); return [.history(journal.history(limit: limit))] }
        case .accounts:
            return storeChange { try journal.refresh(); return [.accounts(journal.accounts, defaultAccount: configuration.defaultAccount)] }
        case .categories:
            return [.categories(parser.grammar.categories.sorted { $0.slug < $1.slug })]
        case .accountAdd(let account):
            return storeChange {
                try journal.defineAccount(account)
                return [.accountChanged(key: "account.added", arguments: ["name": account.name])]
            }
        case .accountRename(let old, let new):
            return storeChange {
                try journal.renameAccount(old, to: new)
                return [.accountChanged(key: "account.renamed", arguments: ["old": old, "new": new])]
            }
        case .unsupported(let name):
            return reject(SessionError("command.not-yet", ["command": ":" + name]))
        case .invalid(let key, let arguments):
            return reject(SessionError(key, arguments))
        }
    }

    func edit(ids: [Int], field: String, value: String) -> [SessionEvent] {
        let fieldValue: FieldValue
        switch FieldValue.resolve(field: field, value: value, parser: parser, words: words, context: parseContext) {
        case .failure(let error): return reject(error)
        case .success(let resolved): fieldValue = resolved
        }
        return storeChange {
            let change = try journal.edit(ids: ids) { transaction in
                guard let patch = fieldValue.patch(for: transaction) else {
                    throw StoreError(.invalid, path: journal.path, detail: value)
                }
                patch.apply(to: &transaction)
            }
            if case .category(let slug) = fieldValue {
                for transaction in change.transactions { learn(note: transaction.note, category: slug) }
            }
            return [.changed(change)]
        }
    }

    /// Runs a journal operation; "nothing to undo" and unknown ids are the person's mistakes
    /// (exit 1), anything else is a journal failure (exit 3).
    func storeChange(_ body: () throws -> [SessionEvent]) -> [SessionEvent] {
        do {
            return try body()
        } catch let error as StoreError
                    where [.nothingToUndo, .nothingToRedo, .noSuchTransaction, .invalid, .undoConflict].contains(error.kind) {
            return reject(error)
        } catch {
            hadStoreError = true
            return [.error((error as? any LocalizableError) ?? SessionError("store.failed"))]
        }
    }
}
