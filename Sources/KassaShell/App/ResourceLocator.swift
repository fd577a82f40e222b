// ResourceLocator: finds and reads the grammars and messages at start-up. Precedence
// (DESIGN.md §3, README "Files"): --data-dir, else KASSA_DATA_DIR — a directory holding Grammars/ and
// Locales/ that replaces the built-in data (grammar development) — else the data built into the
// binary (KassaBuiltinData, generated from the repository's files at build time). Then, on top of
// either, the user's additions under $XDG_CONFIG_HOME/kassa/{grammars,locales}/<lang>/.
// Nothing is looked up beside the executable: a copied binary works alone, and a stray Grammars/
// near it can never silently replace what it was built with.
// Plain files or literals rather than SwiftPM resources: Bundle.module aborts when a bundle is missing.

#if canImport(Glibc)
import Glibc
#endif
import KassaBuiltinData
import KassaCore

public struct ResourceLocator: Sendable {
    /// Where the default data comes from.
    public enum Origin: Sendable, Equatable {
        case builtIn
        /// A directory named by --data-dir (`option` true) or KASSA_DATA_DIR.
        case directory(String, option: Bool)
    }

    public let origin: Origin
    /// The user's configuration root ($XDG_CONFIG_HOME/kassa), if known.
    public let userConfigRoot: String?

    public init(dataDirectory: String?, environment: [String: String]) {
        if let dataDirectory, !dataDirectory.isEmpty {
            origin = .directory(dataDirectory, option: true)
        } else if let fromEnvironment = environment["KASSA_DATA_DIR"], !fromEnvironment.isEmpty {
            origin = .directory(fromEnvironment, option: false)
        } else {
            origin = .builtIn
        }
        userConfigRoot = ResourceLocator.configRoot(environment)
    }

    /// $XDG_CONFIG_HOME/kassa (an absolute XDG_CONFIG_HOME only, as the spec says), else ~/.config/kassa.
    public static func configRoot(_ environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/kassa"
        } else if let home = environment["HOME"], !home.isEmpty {
            return home + "/.config/kassa"
        }
        return nil
    }

    /// The data directory in use; nil for the built-in data.
    public func dataDirectory() -> String? {
        if case .directory(let directory, _) = origin { return directory }
        return nil
    }

    /// Reads the grammars, the session words and the catalogs of `languages` (only the UI
    /// language at start-up: reading a catalog nobody will show costs start-up time).
    /// Corpus files (examples for `kassa grammar test`) are read only when asked for.
    /// `deferringBuiltIn`: catalogs and session words that are all built in are read on their
    /// first lookup instead (they cannot hold mistakes to report at start: BuiltinDataTests
    /// reads them); a file of the person's or of a data directory makes its kind read now.
    public func load(languages: [Language] = Language.allCases, corpora: Bool = false,
                     deferringBuiltIn: Bool = false) throws(ResourceError) -> Resources {
        var resources = Resources()
        for language in languages { resources.catalogs[language] = Catalog(language: language) }

        var files: [FoundFile]
        if let root = dataDirectory() {
            guard ResourceLocator.isDirectory(root + "/Grammars") && ResourceLocator.isDirectory(root + "/Locales") else {
                throw ResourceError(searched: [root])
            }
            files = ResourceLocator.files(under: root + "/Locales", displayPrefix: "Locales")
                + ResourceLocator.files(under: root + "/Grammars", displayPrefix: "Grammars")
            resources.dataDirectory = root
        } else {
            files = BuiltinData.files.map(FoundFile.init(builtIn:))
        }
        if let user = userConfigRoot {
            files += ResourceLocator.files(under: user + "/locales", displayPrefix: user + "/locales")
            files += ResourceLocator.files(under: user + "/grammars", displayPrefix: user + "/grammars")
        }
        // Catalogs first, then grammar files: each group in path order, the user's after the defaults.
        let messages = files.filter { ResourceLocator.ends($0.display, with: ".messages") }.compactMap { file -> (FoundFile, Language, String)? in
            guard let language = file.language, resources.catalogs[language] != nil, let contents = file.read() else { return nil }
            return (file, language, contents)
        }
        if deferringBuiltIn && messages.allSatisfy({ $0.0.contents != nil }) {
            for language in languages {
                resources.catalogs[language] = Catalog(language: language, readingLater: messages.compactMap {
                    $0.1 == language ? (contents: $0.2, file: $0.0.display) : nil
                })
            }
        } else {
            for language in languages {
                // A message line is about 70 bytes.
                resources.catalogs[language]?.reserve(messages.reduce(0) { $0 + ($1.1 == language ? $1.2.utf8.count / 64 : 0) })
            }
            for (file, language, contents) in messages {
                resources.catalogProblems += resources.catalogs[language]!.load(contents, file: file.display)
            }
        }
        var wordFiles: [(file: FoundFile, contents: String)] = []
        for file in files where !ResourceLocator.ends(file.display, with: ".messages") {
            func named(_ suffix: String) -> Bool { ResourceLocator.ends(file.display, with: suffix) }
            // Files of the shapes rules had before they were one language are named, never
            // dropped without a word: their lines now go in a `.rules` file.
            if let shape = ResourceLocator.formerShapes.first(where: { named($0) }) {
                resources.formerFiles.append((file.display, shape))
                continue
            }
            // Only rule files and (when asked) corpora: other files there are not read at start-up.
            guard named(".rules") || (corpora && named(".corpus")) else { continue }
            guard let contents = file.read() else { continue }
            // One kind of rule file: the entry grammar, the session's words, replies and
            // questions are its directives, each read by its own table from every file.
            resources.grammarSources.append(GrammarSource(path: file.display, language: file.language, contents: contents))
            if named(".rules") { wordFiles.append((file, contents)) }
        }
        let wordsFromDisk = wordFiles.contains { $0.file.contents == nil }
        if deferringBuiltIn && !wordsFromDisk {
            // The built-in words and replies as compiled at build time, else their text.
            let texts = wordFiles.map { (contents: $0.contents, file: $0.file.display) }, rules = resources
            resources.commandWords = CommandWords(readingLater: {
                let fingerprint = rules.ruleFingerprint
                if let words = ResourceLocator.compiledTable(.words, fingerprint: fingerprint, read: { SessionWords(reading: &$0) }),
                   let replies = ResourceLocator.compiledTable(.replies, fingerprint: fingerprint, read: { DialogGrammar(reading: &$0) }) {
                    return (words, replies)
                }
                var words = CommandWords()
                for text in texts { words.load(text.contents, file: text.file) }
                return words.tables
            })
        } else {
            for (file, contents) in wordFiles {
                resources.commandWordProblems += resources.commandWords.load(contents, file: file.display)
            }
        }
        // A name kassa does not have (`command.lsit`) is reported, never "not available". The
        // built-in words are checked by BuiltinDataTests instead: they cannot change after the
        // build, and the check costs a tenth of start-up.
        if wordsFromDisk {
            resources.commandWordProblems += resources.commandWords.unknownNames(known: CommandWords.knownNames)
        }
        return resources
    }

    /// `text` ends with `suffix`, byte for byte (String.hasSuffix compares characters, which
    /// cost a tenth of reading the resources on every start).
    static func ends(_ text: String, with suffix: String) -> Bool {
        let (text, suffix) = (text.utf8, suffix.utf8)
        return text.count >= suffix.count && text.reversed().starts(with: suffix.reversed())
    }

    /// The built-in grammar as compiled at build time, read in place from the binary, when
    /// `sources` are exactly the ones it was compiled from (the built-in rules and no user
    /// override); nil otherwise, and the text is loaded instead.
    public static func compiledGrammar(for sources: [GrammarSource]) -> Grammar? {
        compiledGrammar(fingerprint: GrammarArchive.fingerprint(sources))
    }

    /// The built-in grammar as compiled, when the rule files have `fingerprint`; nil otherwise.
    public static func compiledGrammar(fingerprint: UInt64) -> Grammar? {
        BuiltinData.withCompiledGrammar { text, data, byteCount in
            data.isEmpty ? nil : Grammar.unarchive(embeddedText: text, data: data, byteCount: byteCount, fingerprint: fingerprint)
        }
    }

    /// A table read outside the entry grammar as compiled at build time, when the rule files
    /// have `fingerprint` (exactly the ones it was compiled from); nil otherwise.
    package static func compiledTable<T>(_ table: RuleTable, fingerprint: UInt64, read: (inout ArchiveReader) -> T) -> T? {
        BuiltinData.withCompiledTable(table.rawValue) { text, data, byteCount in
            RuleTableArchive.read(table, text: text, data: data, byteCount: byteCount, fingerprint: fingerprint, body: read)
        }
    }

    /// The built-in grammar's archive as a value (tests and the benchmark; start-up reads it in
    /// place with `compiledGrammar(for:)`).
    public static func compiledGrammar() -> GrammarArchive? {
        BuiltinData.withCompiledGrammar { text, data, byteCount in
            data.isEmpty ? nil : GrammarArchive(text: text, dataWords: data, byteCount: byteCount)
        }
    }

    /// A data file: on disk (`path`) or built in (`contents`).
    struct FoundFile {
        let path: String
        let display: String
        let language: Language?
        var contents: String? = nil

        init(path: String, display: String, language: Language?) {
            self.path = path
            self.display = display
            self.language = language
        }

        /// "Grammars/en/money.rules": language from the folder below the top one, as on disk.
        init(builtIn file: BuiltinFile) {
            let parts = file.path.utf8.split(separator: UInt8(ascii: "/"))
            self.init(path: file.path, display: file.path, language: parts.count > 2 ? Language(rawValue: String(decoding: parts[1], as: UTF8.self)) : nil)
            contents = file.contents
        }

        func read() -> String? { contents ?? ResourceLocator.read(path) }
    }

    /// Regular files below `directory`, sorted by path so loading order never depends on the
    /// file system; language from the first folder level ("en", "ru"). readdir rather than
    /// FileManager: this runs on every start.
    static func files(under directory: String, displayPrefix: String) -> [FoundFile] {
        var found: [FoundFile] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? directory : directory + "/" + relative
            guard let handle = opendir(path) else { return }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name.hasPrefix(".") { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                if isDirectory(directory + "/" + child) {
                    walk(child)
                } else {
                    let first = child.split(separator: "/").first.map(String.init) ?? ""
                    let language = child.contains("/") ? Language(rawValue: first) : nil
                    found.append(FoundFile(path: directory + "/" + child, display: displayPrefix + "/" + child, language: language))
                }
            }
        }
        walk("")
        return found.sorted { $0.display < $1.display }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The suffixes of the files session words, replies and questions were once kept in, each
    /// with the directive its lines now take.
    static let formerShapes = [".commands", ".replies", ".exchanges", ".ask", ".ask-corpus"]

    static func read(_ path: String) -> String? {
        FileReading.bytes(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Everything read from the data directory.
public struct Resources: Sendable {
    /// The directory the default data was read from; empty for the built-in data.
    public var dataDirectory = ""
    public var catalogs: [Language: Catalog] = [:]
    public var catalogProblems: [Catalog.Problem] = []
    public var grammarSources: [GrammarSource] = [] {
        didSet { fingerprint = Resources.fingerprint(of: grammarSources) }
    }
    /// The rule files' fingerprint (GrammarArchive.fingerprint), made once when first asked.
    private var fingerprint = Resources.fingerprint(of: [])
    public var commandWords = CommandWords()
    /// Session-word and reply rules that could not be read or name nothing kassa has.
    public var commandWordProblems: [CommandWords.Problem] = []
    /// Files of a shape kassa no longer reads (`mine.commands`, `mine.replies`, `mine.ask`), with
    /// that shape: their lines belong in a `.rules` file as `word`, `reply` or `ask` rules.
    public var formerFiles: [(path: String, shape: String)] = []

    public init() {}

    public func catalog(_ language: Language) -> Catalog {
        catalogs[language] ?? Catalog(language: language)
    }

    /// Identifies the rule files: the compiled grammar and tables serve only the files they were
    /// compiled from.
    public var ruleFingerprint: UInt64 { fingerprint.value }

    private static func fingerprint(of sources: [GrammarSource]) -> Deferred<UInt64> {
        Deferred { GrammarArchive.fingerprint(sources) }
    }
}

/// The data directory named by --data-dir or KASSA_DATA_DIR lacks Grammars/ or Locales/.
public struct ResourceError: Error, Sendable {
    public let searched: [String]
}
