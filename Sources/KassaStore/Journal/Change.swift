// Change: what one step of the journal's history did, as the shell reports it
// ("undid: coffee 1500 ₸ (#12)"). Undo and redo name the change they took back or brought back.

import KassaCore

public struct Change: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case commit, edit, delete, undo, redo
        case `import`, account, learn
        /// Budgets, series, rates and the like (ObjectRecord); `subjects` names them.
        case object
    }

    public var kind: Kind
    /// The transactions the change concerned: for commit, import and edit as the change wrote them;
    /// for delete as they were before; for undo and redo, those of the change undone or redone.
    public var transactions: [Transaction]
    /// The change's number in the journal (history position), 0 when not known.
    public var number: Int
    /// For undo and redo: the kind and number of the change taken back or brought back.
    public var targetKind: Kind?
    public var targetNumber: Int?
    /// What an account or learn change was about: the account name(s) or the learned phrase;
    /// for objects, their keys.
    public var subjects: [String]
    /// The kinds of the objects the change wrote ("budget", "series"), in order, no repeats.
    public var objectKinds: [String] = []

    public init(kind: Kind, transactions: [Transaction], number: Int = 0,
                targetKind: Kind? = nil, targetNumber: Int? = nil, subjects: [String] = []) {
        self.kind = kind
        self.transactions = transactions
        self.number = number
        self.targetKind = targetKind
        self.targetNumber = targetNumber
        self.subjects = subjects
    }
}

extension Change.Kind {
    init(_ op: RecordOp) {
        switch op {
        case .commit: self = .commit
        case .importBatch: self = .import
        case .edit: self = .edit
        case .delete: self = .delete
        case .undo: self = .undo
        case .redo: self = .redo
        case .account: self = .account
        case .learn: self = .learn
        case .object: self = .object
        }
    }
}
