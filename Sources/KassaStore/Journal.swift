// Journal: the file-backed store of transactions with undo/redo history. PLACEHOLDER from the
// skeleton (memory only): the journal work replaces it; the public API is what the shell uses.

import KassaCore

public struct Change: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case commit, edit, delete, undo, redo }
    public var kind: Kind
    /// The transactions the change concerned, as they were after it (or before, for deletes).
    public var transactions: [Transaction]

    public init(kind: Kind, transactions: [Transaction]) {
        self.kind = kind
        self.transactions = transactions
    }
}

public final class Journal {
    public let path: String
    public private(set) var transactions: [Transaction] = []
    private var undone: [[Transaction]] = []
    private var nextID = 1

    private init(path: String) {
        self.path = path
    }

    public static func open(path: String) throws -> Journal {
        Journal(path: path)
    }

    /// Durable when it returns.
    public func commit(_ drafts: [Draft], input: String) throws -> [Transaction] {
        var added: [Transaction] = []
        for draft in drafts {
            guard let transaction = Transaction(id: nextID, draft: draft, input: input) else {
                throw StoreError(.invalid, path: path)
            }
            nextID += 1
            added.append(transaction)
        }
        transactions += added
        undone.removeAll()
        return added
    }

    public func undo() throws -> Change {
        guard let last = transactions.popLast() else { throw StoreError(.nothingToUndo, path: path) }
        undone.append([last])
        return Change(kind: .undo, transactions: [last])
    }

    public func redo() throws -> Change {
        guard let again = undone.popLast() else { throw StoreError(.nothingToRedo, path: path) }
        transactions += again
        return Change(kind: .redo, transactions: again)
    }
}
