// StoreError: why the journal could not be opened, read or written. A value naming a catalog key
// (Locales/<lang>/store.messages) with the path and errno, never prose.

import KassaCore

public struct StoreError: LocalizableError, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case locked, corrupt, unreadable, unwritable, isDirectory = "is-directory"
        case nothingToUndo = "nothing-to-undo", nothingToRedo = "nothing-to-redo"
        case noSuchTransaction = "no-such-transaction", invalid
    }

    public var kind: Kind
    public var path: String
    /// errno of the failed call, when there was one.
    public var errno: Int32?
    public var detail: String?

    public init(_ kind: Kind, path: String, errno: Int32? = nil, detail: String? = nil) {
        self.kind = kind
        self.path = path
        self.errno = errno
        self.detail = detail
    }

    public var messageKey: String { "store." + kind.rawValue }

    public var messageArguments: [String: String] {
        var arguments = ["path": path]
        if let errno { arguments["errno"] = String(errno) }
        if let detail { arguments["detail"] = detail }
        return arguments
    }
}
