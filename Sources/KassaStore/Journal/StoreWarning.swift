// StoreWarning: something the journal fixed on its own that the person must hear about, such as
// a torn tail moved aside into a side file. A catalog key and arguments, like StoreError.

import KassaCore

public struct StoreWarning: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Bytes after the last whole record (a write cut short) were moved to `side`.
        case tornTail = "torn-tail"
        /// Same, but the journal is read-only: the tail was left in place and ignored.
        case tornTailKept = "torn-tail-kept"
        /// The journal was readable by others (group or other permission bits): this writer made
        /// it private (0600); `bytes` holds the old mode.
        case permissionsTightened = "permissions-tightened"
        /// A ledger folder's device file (`path`) whose first line is not a journal header this
        /// kassa reads (damaged, or from a newer kassa): it is left out of the merged view.
        case deviceHeaderDamaged = "device-header-damaged"
        /// A ledger folder's device file (`path`) with damaged lines or changes the journal
        /// refuses (`lines`, the first at `line`, `bytes` of them): they are left out of the
        /// merged view, which is incomplete until the device repairs its file.
        case deviceDamaged = "device-damaged"
        /// This device had joined a ledger folder apart from another (`side`) with the same space,
        /// numbering from #`line`: its file (`path`) was moved to the next free space, numbering
        /// from #`bytes` (DeviceSpaces).
        case deviceMoved = "device-moved"
        /// The same, seen by a command that does not write: the device's transactions are shown
        /// from #`bytes`, and its next save moves its file.
        case deviceMoving = "device-moving"
        /// The same, on a writing open whose own file is damaged: it cannot move until repaired,
        /// and nothing is saved on this device meanwhile.
        case deviceCannotMove = "device-cannot-move"
    }

    public var kind: Kind
    public var path: String
    /// The side file the damaged bytes were moved to.
    public var side: String
    public var bytes: Int
    /// Line number where the damage starts.
    public var line: Int
    /// Every line where damage starts (a device file's).
    public var lines: [Int] = []

    public var messageKey: String { "store.warning." + kind.rawValue }

    public var messageArguments: [String: String] {
        ["path": path, "side": side, "bytes": String(bytes), "count": String(bytes), "line": String(line),
         "mode": String(bytes, radix: 8), "lines": lines.map(String.init).joined(separator: ", ")]
    }
}
