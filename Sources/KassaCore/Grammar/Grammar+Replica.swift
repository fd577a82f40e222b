// Grammar+Replica: a copy of a grammar that shares no memory with it, for a second thread that
// parses beside the first (`kassa parse` on both cores). A grammar is read-only, so one instance
// is safe to share — but every parse retains and releases it and its tables, and when both cores
// do that to the same reference counts, each count's cache line moves between the cores on every
// change: `parse --json` spent 13–16% more CPU on two threads than on one. A replica read back from
// the grammar's own archive gives the second thread counts of its own (the same words, patterns
// and tables, so the same drafts).

extension Grammar {
    /// A deep copy through an archive of this grammar; nil only if the archive does not read back
    /// (it always does for a grammar that loaded) — the caller then shares this one.
    public func replica() -> Grammar? {
        let fingerprint: UInt64 = 0x7265_706c_6963_61  // "replica": any value both sides agree on
        return Grammar.unarchive(archive(fingerprint: fingerprint), fingerprint: fingerprint)
    }
}
