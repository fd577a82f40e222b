// DeviceDamage: a place in a device journal that reading left out (DeviceFile). A device file is
// read past its damage: a line whose checksum fails, a change missing a part, a change numbered
// out of order, or a whole, checksummed change this version's journal refuses to read (a currency
// it does not know, a record type from a newer kassa) is skipped, and every other whole change of
// the file is still read. What was skipped is kept here, by line, so every command can say that
// the ledger is incomplete and `kassa check` can name the file and its lines.

public struct DeviceDamage: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The line's checksum does not hold (or it is not a record line at all).
        case checksum
        /// A change some of whose parts are missing or damaged: never whole.
        case incomplete
        /// A whole change not numbered above the one before it.
        case order = "change-number"
        /// A whole change the journal does not read (`detail`: what it refused, as the journal names it).
        case refused
        /// The first line is not a journal header this version reads.
        case header
    }

    /// The line reading left out first.
    public let line: Int
    /// How many lines were left out from there.
    public let count: Int
    public let kind: Kind
    public let detail: String

    public init(line: Int, count: Int, kind: Kind, detail: String = "") {
        self.line = line
        self.count = count
        self.kind = kind
        self.detail = detail
    }
}
