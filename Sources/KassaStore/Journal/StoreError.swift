// StoreError: why the journal could not be opened, read or written, or why a change was refused.
// A value naming a catalog key (Locales/<lang>/store.messages: `store.<kind>`) with its arguments
// (path, errno, the record concerned), never prose.

import KassaCore

public struct StoreError: LocalizableError, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Another process held the journal's lock for longer than the wait allows.
        case locked
        /// A record in the middle of the journal is damaged; `record` names it (line number).
        case corrupt
        /// The first line is not a journal header this version understands.
        case notAJournal = "not-a-journal"
        case unsupportedVersion = "unsupported-version"
        case unreadable, unwritable
        case readOnly = "read-only"
        case noSpace = "no-space"
        case tooLarge = "too-large"
        case isDirectory = "is-directory"
        case nothingToUndo = "nothing-to-undo", nothingToRedo = "nothing-to-redo"
        /// Undoing would take back a change a later change builds on (`ids`: the transactions).
        case undoConflict = "undo-conflict"
        case noSuchTransaction = "no-such-transaction"
        /// A draft or patch cannot become a transaction (no amount, bad value); `detail` says what.
        case invalid
        /// An import line is not a valid transaction; `record` is its line number.
        case importInvalid = "import-invalid"
    }

    public var kind: Kind
    public var path: String
    /// errno of the failed call, when there was one.
    public var errno: Int32?
    /// A machine word or value (field name, bad value, change number), never a sentence.
    public var detail: String?
    /// The line number in the journal (or import file) concerned.
    public var record: Int?
    /// Transaction ids concerned, e.g. for no-such-transaction and undo-conflict.
    public var ids: [Int]

    public init(_ kind: Kind, path: String, errno: Int32? = nil, detail: String? = nil,
                record: Int? = nil, ids: [Int] = []) {
        self.kind = kind
        self.path = path
        self.errno = errno
        self.detail = detail
        self.record = record
        self.ids = ids
    }

    /// `store.<kind>`; an amount or date out of bounds has its own words: `store.<kind>-amount`,
    /// `store.<kind>-date` (for corrupt, invalid and import-invalid).
    public var messageKey: String {
        if let detail, detail == "amount" || detail == "date", kind == .corrupt || kind == .invalid || kind == .importInvalid {
            return "store." + kind.rawValue + "-" + detail
        }
        // Undo N with fewer changes than N: how many there are, not "nothing" (detail: the count).
        if kind == .nothingToUndo, let detail, Int(detail) ?? 0 > 0 { return "store.nothing-to-undo-fewer" }
        return "store." + kind.rawValue
    }

    public var messageArguments: [String: String] {
        var arguments = ["path": path]
        arguments["errno"] = errno.map { String($0) } ?? ""
        arguments["detail"] = detail ?? ""
        arguments["record"] = record.map { String($0) } ?? ""
        arguments["ids"] = ids.map { "#" + String($0) }.joined(separator: ", ")
        arguments["count"] = String(ids.count)
        return arguments
    }
}
