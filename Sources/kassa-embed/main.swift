// kassa-embed: the build-time tool behind the EmbedData plugin. Reads the repository's grammar and
// message files and writes one Swift source file holding them as string literals, so the kassa
// binary carries its default Grammars/ and Locales/ (a copied or installed binary works alone);
// and the built-in grammar compiled (loaded here by KassaCore's own loader and written as a
// GrammarArchive: its text as a string literal, its data as an array literal of 64-bit words,
// which the compiler lays out in the binary so start-up reads the tables where they lie); and the
// tables read outside the entry grammar (the session's words, replies, questions) compiled the
// same way (RuleTableArchive), each by its own loader.
// Usage: kassa-embed OUTPUT ROOT RELATIVE-PATH...  (paths sorted by the plugin).
// Glibc, KassaCore and KassaLedger only: this tool runs on every change to a data file and must
// not need Foundation.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore
import KassaLedger

/// One line on standard error (write(2): the C `stderr` global is not concurrency-safe).
func complain(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    complain("usage: kassa-embed OUTPUT ROOT RELATIVE-PATH...")
    exit(2)
}
let output = arguments[0], root = arguments[1]

/// The whole file, or exit 1 naming it (a build that silently left a file out would ship a
/// binary without a grammar).
func read(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
        complain("kassa-embed: cannot read \(path)")
        exit(1)
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    return bytes
}

/// A one-line Swift string literal of `bytes`: quotes, backslashes and control characters
/// escaped, everything else (UTF-8 included) as it is.
func literal(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [UInt8(ascii: "\"")]
    out.reserveCapacity(bytes.count + bytes.count / 8 + 2)
    for byte in bytes {
        switch byte {
        case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
        case UInt8(ascii: "\""): out += Array("\\\"".utf8)
        case UInt8(ascii: "\n"): out += Array("\\n".utf8)
        case UInt8(ascii: "\t"): out += Array("\\t".utf8)
        case UInt8(ascii: "\r"): out += Array("\\r".utf8)
        case 0..<0x20, 0x7F:
            out += Array("\\u{\(String(byte, radix: 16))}".utf8)
        default: out.append(byte)
        }
    }
    out.append(UInt8(ascii: "\""))
    return out
}

/// The rule files as the kassa binary reads them (path as shown, language from the folder below
/// the top one).
func ruleSources(_ files: [(path: String, contents: [UInt8])]) -> [GrammarSource] {
    var sources: [GrammarSource] = []
    for file in files where file.path.hasPrefix("Grammars/") && file.path.hasSuffix(".rules") {
        let parts = file.path.split(separator: "/")
        let language = parts.count > 2 ? Language(rawValue: String(parts[1])) : nil
        sources.append(GrammarSource(path: file.path, language: language, contents: String(decoding: file.contents, as: UTF8.self)))
    }
    return sources
}

/// The built-in grammar compiled: the rule files loaded and archived. Nil when the rules have
/// errors: the binary then loads the text and reports them, as it would without an archive.
func compiledGrammar(_ sources: [GrammarSource]) -> GrammarArchive? {
    let (grammar, errors) = Grammar.load(sources)
    guard errors.isEmpty else {
        complain("kassa-embed: the built-in grammar has \(errors.count) error(s); not compiled (kassa grammar check shows them)")
        return nil
    }
    let archive = grammar.archive(fingerprint: GrammarArchive.fingerprint(sources))
    // The text part is embedded as a string literal: it must be valid UTF-8 as it is.
    guard String(validating: archive.text, as: UTF8.self) != nil else {
        complain("kassa-embed: the compiled grammar's text is not UTF-8; not compiled")
        return nil
    }
    // Read back here, at build time: an archive the binary could not read is never shipped.
    guard Grammar.unarchive(archive, fingerprint: GrammarArchive.fingerprint(sources)) != nil else {
        complain("kassa-embed: the compiled grammar does not read back; not compiled")
        return nil
    }
    return archive
}

/// The session's words, the replies and the questions, each compiled by its own loader from
/// every rule file in order (as the binary reads them), read back here; nil for a table whose
/// rules have a line its loader cannot read (the binary then reads the text and reports it).
func compiledTables(_ sources: [GrammarSource]) -> [RuleTable: GrammarArchive] {
    let fingerprint = GrammarArchive.fingerprint(sources)
    var words = SessionWords(), replies = DialogGrammar()
    var wordProblems = 0, replyProblems = 0
    for source in sources {
        wordProblems += words.load(source.contents, file: source.path).count
        replyProblems += replies.load(source.contents, file: source.path).count
    }
    let (questions, questionErrors) = QuestionGrammar.load(sources)
    var tables: [RuleTable: GrammarArchive] = [:]
    func add<T: Equatable>(_ table: RuleTable, _ value: T, problems: Int, write: (T, inout ArchiveWriter) -> Void,
                           read: (inout ArchiveReader) -> T) {
        guard problems == 0 else {
            complain("kassa-embed: the \(table.rawValue) rules have \(problems) line(s) kassa cannot read; not compiled")
            return
        }
        let archive = RuleTableArchive.write(table, fingerprint: fingerprint) { write(value, &$0) }
        guard String(validating: archive.text, as: UTF8.self) != nil,
              RuleTableArchive.read(table, archive, fingerprint: fingerprint, body: read) == value else {
            complain("kassa-embed: the compiled \(table.rawValue) do not read back as they were; not compiled")
            return
        }
        tables[table] = archive
    }
    add(.words, words, problems: wordProblems, write: { $0.write(to: &$1) }, read: { SessionWords(reading: &$0) })
    add(.replies, replies, problems: replyProblems, write: { $0.write(to: &$1) }, read: { DialogGrammar(reading: &$0) })
    add(.questions, questions, problems: questionErrors.count, write: { $0.write(to: &$1) }, read: { QuestionGrammar(reading: &$0) })
    return tables
}

/// `words` as the lines of an array literal of 64-bit constants, eight to a line, in hex (the
/// compiler reads such a literal fast enough; UInt64 keeps their number low).
func wordsLiteral(_ words: [UInt64]) -> [UInt8] {
    var out: [UInt8] = []
    for (k, word) in words.enumerated() {
        if k % 8 == 0 { out += Array("\n        ".utf8) }
        let hex = String(word, radix: 16)
        out += Array("0x\(String(repeating: "0", count: 16 - hex.count))\(hex),".utf8)
    }
    return out
}

let files = arguments.dropFirst(2).map { (path: $0, contents: read(root + "/" + $0)) }
let sources = ruleSources(files)
let archive = compiledGrammar(sources)
let tables = compiledTables(sources)

var source = Array("""
    // Generated by kassa-embed (Sources/EmbedData) from the repository's Grammars/ and Locales/.
    // Do not edit: change the data files and build again.

    extension BuiltinData {
        static let generatedFiles: [BuiltinFile] = [

    """.utf8)
for file in files {
    source += Array("        BuiltinFile(path: ".utf8) + literal(Array(file.path.utf8))
        + Array(", contents: ".utf8) + literal(file.contents) + Array("),\n".utf8)
}
source += Array("    ]\n\n".utf8)
source += Array("""
        /// The built-in grammar compiled (KassaCore's GrammarArchive): its text part as it is, and
        /// its data part as little-endian 64-bit words (an array literal of constants, which the
        /// compiler lays out in the binary: read in place, nothing decoded at start-up) of which
        /// the first generatedGrammarDataCount bytes count; all empty when the rules have errors.

    """.utf8)
source += Array("    static let generatedGrammarText: StaticString = ".utf8) + literal(archive?.text ?? []) + Array("\n".utf8)
source += Array("    static let generatedGrammarDataCount = \(archive?.data.count ?? 0)\n".utf8)
source += Array("    static let generatedGrammarData: [UInt64] = [".utf8) + wordsLiteral(archive?.dataWords ?? [])
source += Array("\n    ]\n".utf8)
source += Array("""

        /// The session's words, the replies and the questions compiled (KassaCore's RuleTableArchive),
        /// each in the same form as the grammar; all empty for a table whose rules have errors.

    """.utf8)
for table in RuleTable.allCases {
    let name = "generated" + table.rawValue.prefix(1).uppercased() + table.rawValue.dropFirst()
    source += Array("    static let \(name)Text: StaticString = ".utf8) + literal(tables[table]?.text ?? []) + Array("\n".utf8)
    source += Array("    static let \(name)DataCount = \(tables[table]?.data.count ?? 0)\n".utf8)
    source += Array("    static let \(name)Data: [UInt64] = [".utf8) + wordsLiteral(tables[table]?.dataWords ?? []) + Array("\n    ]\n".utf8)
}
source += Array("}\n".utf8)

// Written beside and renamed over, so an interrupted build never leaves half a file.
let temporary = output + ".tmp"
guard let file = fopen(temporary, "wb"), fwrite(source, 1, source.count, file) == source.count, fclose(file) == 0,
      rename(temporary, output) == 0 else {
    complain("kassa-embed: cannot write \(output)")
    exit(1)
}
