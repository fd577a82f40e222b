// JournalReading: what the journal readers (PlainText/, and each journal format's own folder)
// share while they read one file and the files it includes: the parse they fill, the file being
// read (named in problems and skips), the keys of the files open (an include leading back to one
// is a cycle), the keys of the files read (an include of one is skipped and named: each file
// is read once, so the reading is linear in the bytes of the files), and `include` itself — the command's JournalIncluder keeps it inside the file's
// folder; the depth is bounded here. Each reader's line syntax is its own; its lines come from
// TextLines.forEach.

protocol JournalReading {
    var parse: JournalParse { get set }
    var include: JournalIncluder? { get }
    /// The keys of the files being read, the outermost first.
    var keys: [String] { get set }
    /// The keys of every file included so far: each is read once.
    var included: Set<String> { get set }
    /// The file being read, as its includer named it ("" for the imported file itself).
    var fileName: String { get set }
    /// Ends the entry being read, if any (before an included file's lines).
    mutating func finish()
    /// Reads one file's lines (the outermost at depth 0).
    mutating func read(_ bytes: [UInt8], key: String, name: String, depth: Int)
}

extension JournalReading {
    mutating func problem(_ line: Int, _ reason: String, _ detail: String) {
        parse.problems.append(ImportProblem(line: line, reason: reason, detail: detail, file: fileName))
    }

    mutating func skip(_ line: Int, _ reason: String, _ detail: String) {
        parse.skips.append(JournalSkip(file: fileName, line: line, reason: reason, detail: String(detail.prefix(80))))
    }

    /// `include PATH` (in quotes or not) on line `n`: the file read in place, or a problem.
    mutating func includeFile(_ raw: String, _ n: Int, depth: Int) {
        var path = raw
        if path.hasPrefix("\""), path.hasSuffix("\""), path.count >= 2 { path = String(path.dropFirst().dropLast()) }
        guard let include else { skip(n, "include", path); return }
        guard depth < 32 else { problem(n, "journal-include-deep", path); return }
        switch include(path, keys.last ?? "") {
        case .refused(let reason):
            problem(n, "journal-include-" + reason, path)
        case .file(let key, let name, let bytes):
            guard !keys.contains(key) else { problem(n, "journal-include-cycle", path); return }
            // A file included again (two files including a third, a diamond of them) is read
            // once: reading it at every include would grow as 2^depth, and would count its
            // transactions twice.
            guard included.insert(key).inserted else { skip(n, "include-again", path); return }
            finish()
            read(bytes, key: key, name: name, depth: depth + 1)
        }
    }
}
