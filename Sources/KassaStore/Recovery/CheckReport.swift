// CheckReport: what `kassa check` and `kassa repair` found and did — the problems by line, and
// the messages (catalog keys with arguments) the shell prints for them.

/// A message for the shell to print: a catalog key, its arguments, and a count for plurals.
public struct StoreMessage: Sendable, Hashable {
    public var key: String
    public var arguments: [String: String]
    public var count: Int?
}

public struct JournalProblem: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// The line's checksum does not match (or it is not a record at all).
        case checksum
        /// A change with some of its parts missing, or an unterminated last line.
        case incomplete
        /// A whole, checksummed change the replay cannot apply (or one record of it: `detail`
        /// says what, e.g. "amount" for an amount out of bounds, "date" outside 1900...2999).
        case refused
        /// The intact records of a change some of whose parts are damaged or missing, kept as a
        /// change of their own (`detail`: the change number; `bytes`: how many records were kept).
        case partial
    }

    public var line: Int
    public var kind: Kind
    public var detail: String
    public var bytes: Int
}

public struct CheckReport: Sendable, Hashable {
    public var path: String
    public var lines: Int
    public var changes: Int
    public var transactions: Int
    public var problems: [JournalProblem]
    /// After repair: where the problem lines went (nil if none, or for check).
    public var side: String?
    /// After repair: how many lines were moved to `side`.
    public var moved = 0
    /// After repair: the file of re-importable JSON lines for the moved transaction records, and
    /// how many it holds (nil when none could be decoded).
    public var reimportable: (path: String, count: Int)? {
        get { reimportablePath.map { ($0, reimportableCount) } }
        set { reimportablePath = newValue?.path; reimportableCount = newValue?.count ?? 0 }
    }
    var reimportablePath: String?
    var reimportableCount = 0

    public var isClean: Bool { problems.isEmpty }

    /// The only problem is the ordinary end of a killed writer: one incomplete change (or one
    /// cut-short line) at the very end, which opening ignores and the next save moves aside.
    /// `check` says so in one notice and exits 0.
    public var tornTailOnly: Bool { problems.count == 1 && problems[0].kind == .incomplete }

    /// What to print, in order: one line per problem and a summary.
    public var messages: [StoreMessage] {
        if tornTailOnly, side == nil {
            let p = problems[0]
            return [StoreMessage(key: "store.check.torn-tail", arguments: [
                "path": path, "line": String(p.line), "count": String(p.bytes), "changes": String(changes),
                "transactions": String(transactions),
            ], count: p.bytes)]
        }
        var out = problems.map { p in
            // A bad amount or date gets its own words ("invalid amount"), not a bare field name.
            let special = p.kind == .refused && (p.detail == "amount" || p.detail == "date")
            return StoreMessage(key: "store.problem." + p.kind.rawValue + (special ? "-" + p.detail : ""),
                         arguments: ["path": path, "line": String(p.line), "detail": p.detail, "count": String(p.bytes)],
                         count: p.bytes)
        }
        let base = ["path": path, "changes": String(changes), "count": String(transactions),
                    "problems": String(problems.count), "side": side ?? ""]
        if problems.isEmpty {
            out.append(StoreMessage(key: "store.check.clean", arguments: base, count: transactions))
        } else if let side {
            out.append(StoreMessage(key: "store.repair.done", arguments: base.merging(["count": String(moved), "side": side]) { $1 },
                                    count: moved))
            if let reimportable {
                out.append(StoreMessage(key: "store.repair.reimportable",
                                        arguments: ["path": reimportable.path, "count": String(reimportable.count)],
                                        count: reimportable.count))
            }
        } else {
            out.append(StoreMessage(key: "store.check.damaged",
                                    arguments: base.merging(["count": String(problems.count)]) { $1 }, count: problems.count))
        }
        return out
    }
}
