// RuleTableArchive: the tables read outside the entry grammar — the session's words (`word`
// rules), the replies to drafts (`reply`) and the questions' phrases (`ask`) — compiled at build
// time (kassa-embed) as GrammarArchive compiles the entry grammar, so start-up reads their rules
// already cut into normalized words instead of reading and normalizing every rule file's text.
// Each table is its own archive: a header (magic, format version, the table, the fingerprint of
// the rule files it was compiled from), the string table, then what the table's own writer wrote.
// An archive is used only for the very rule files it was made from (the same fingerprint as the
// grammar's: any user override or data directory changes it, and the text is read as before).

public enum RuleTable: String, CaseIterable, Sendable {
    case words, replies, questions
}

package enum RuleTableArchive {
    /// Bump when what a table writes changes.
    static let formatVersion: UInt64 = 1
    static let magic: UInt64 = 0x3142_4154_5353_414B  // "KASSTAB1", little-endian

    /// The archive of one table: `body` writes the table's own part.
    package static func write(_ table: RuleTable, fingerprint: UInt64, body: (inout ArchiveWriter) -> Void) -> GrammarArchive {
        var w = ArchiveWriter()
        body(&w)
        var head = ArchiveWriter()
        head.u64(magic)
        head.u64(formatVersion)
        head.u64(UInt64(RuleTable.allCases.firstIndex(of: table)!))
        head.u64(fingerprint)
        head.array(w.stringTable)
        return GrammarArchive(text: w.text, data: head.data + w.data)
    }

    /// What `body` reads from the archive of `table` (its text and the first `byteCount` bytes of
    /// `data` as little-endian 64-bit words), when it was made from rule files with `fingerprint`
    /// by this version and reads whole; nil otherwise.
    package static func read<T>(_ table: RuleTable, text: UnsafeBufferPointer<UInt8>, data: [UInt64], byteCount: Int,
                                fingerprint: UInt64, body: (inout ArchiveReader) -> T) -> T? {
        #if _endian(big)
        return nil
        #else
        guard byteCount > 0, byteCount <= data.count * 8 else { return nil }
        return data.withUnsafeBytes { bytes -> T? in
            var r = ArchiveReader(text: UnsafeRawBufferPointer(text), data: UnsafeRawBufferPointer(rebasing: bytes.prefix(byteCount)))
            guard r.u64() == magic, r.u64() == formatVersion, r.u64() == UInt64(RuleTable.allCases.firstIndex(of: table)!),
                  r.u64() == fingerprint else { return nil }
            r.readStringTable()
            let value = body(&r)
            return r.failed || !r.atEnd ? nil : value
        }
        #endif
    }

    /// `read` of an archive as a value (kassa-embed reads back what it wrote).
    package static func read<T>(_ table: RuleTable, _ archive: GrammarArchive, fingerprint: UInt64,
                                body: (inout ArchiveReader) -> T) -> T? {
        archive.text.withUnsafeBufferPointer { text in
            read(table, text: text, data: archive.dataWords, byteCount: archive.data.count, fingerprint: fingerprint, body: body)
        }
    }
}
