// ResourceLocator: finds and reads Grammars/ and Locales/ at start-up. Search order (DESIGN.md §3):
// --data-dir / KASSA_DATA_DIR; next to or above the executable; ../share/kassa beside it;
// then the user's additions under $XDG_CONFIG_HOME/kassa/{grammars,locales}/<lang>/.
// Plain files rather than SwiftPM resources: Bundle.module aborts when a bundle is missing.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

public struct ResourceLocator: Sendable {
    /// Directories tried, in order, for the one holding both Grammars/ and Locales/.
    public let candidates: [String]
    /// The user's configuration root ($XDG_CONFIG_HOME/kassa), if known.
    public let userConfigRoot: String?

    public init(dataDirectory: String?, executablePath: String?, environment: [String: String]) {
        var candidates: [String] = []
        if let dataDirectory { candidates.append(dataDirectory) }
        if let fromEnvironment = environment["KASSA_DATA_DIR"], !fromEnvironment.isEmpty {
            candidates.append(fromEnvironment)
        }
        if let executablePath {
            var directory = ResourceLocator.parent(of: executablePath)
            let executableDirectory = directory
            // The repository root sits a few levels above .build/<config>/kassa.
            for _ in 0..<5 where directory != "/" && !directory.isEmpty {
                candidates.append(directory)
                directory = ResourceLocator.parent(of: directory)
            }
            candidates.append(ResourceLocator.parent(of: executableDirectory) + "/share/kassa")
        }
        self.candidates = candidates
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            userConfigRoot = config + "/kassa"
        } else if let home = environment["HOME"], !home.isEmpty {
            userConfigRoot = home + "/.config/kassa"
        } else {
            userConfigRoot = nil
        }
    }

    /// The first candidate with both Grammars/ and Locales/ in it.
    public func dataDirectory() -> String? {
        candidates.first { directory in
            ResourceLocator.isDirectory(directory + "/Grammars") && ResourceLocator.isDirectory(directory + "/Locales")
        }
    }

    /// Reads the grammars, the session words and the catalogs of `languages` (only the UI
    /// language at start-up: reading a catalog nobody will show costs start-up time).
    /// Corpus files (examples for `kassa grammar test`) are read only when asked for.
    public func load(languages: [Language] = Language.allCases, corpora: Bool = false) throws(ResourceError) -> Resources {
        guard let root = dataDirectory() else { throw ResourceError(searched: candidates) }
        var resources = Resources()
        for language in languages { resources.catalogs[language] = Catalog(language: language) }

        var localeFiles = ResourceLocator.files(under: root + "/Locales", displayPrefix: "Locales")
        var grammarFiles = ResourceLocator.files(under: root + "/Grammars", displayPrefix: "Grammars")
        if let user = userConfigRoot {
            localeFiles += ResourceLocator.files(under: user + "/locales", displayPrefix: user + "/locales")
            grammarFiles += ResourceLocator.files(under: user + "/grammars", displayPrefix: user + "/grammars")
        }
        for file in localeFiles where file.display.hasSuffix(".messages") {
            guard let language = file.language, resources.catalogs[language] != nil,
                  let contents = ResourceLocator.read(file.path) else { continue }
            resources.catalogProblems += resources.catalogs[language]!.load(contents, file: file.display)
        }
        for file in grammarFiles {
            let name = file.display.split(separator: "/").last.map(String.init) ?? file.display
            // Only rule files, session words and (when asked) corpora: other files there, such as
            // the benchmark entries, are not read at start-up.
            guard name.hasSuffix(".rules") || name.hasSuffix(".commands") || (corpora && name.hasSuffix(".corpus")) else {
                continue
            }
            guard let contents = ResourceLocator.read(file.path) else { continue }
            if name.hasSuffix(".commands") {
                resources.commandWordProblems += resources.commandWords.load(contents, file: file.display)
            } else {
                resources.grammarSources.append(GrammarSource(path: file.display, language: file.language, contents: contents))
            }
        }
        // A name kassa does not have (`command.lsit`) is reported, never "not available".
        resources.commandWordProblems += resources.commandWords.unknownNames(known: CommandWords.knownNames)
        resources.dataDirectory = root
        return resources
    }

    struct FoundFile {
        let path: String
        let display: String
        let language: Language?
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

    static func read(_ path: String) -> String? {
        FileReading.bytes(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Everything read from the data directory.
public struct Resources: Sendable {
    public var dataDirectory = ""
    public var catalogs: [Language: Catalog] = [:]
    public var catalogProblems: [Catalog.Problem] = []
    public var grammarSources: [GrammarSource] = []
    public var commandWords = CommandWords()
    /// Lines of session.commands that could not be read or name nothing kassa has.
    public var commandWordProblems: [CommandWords.Problem] = []

    public init() {}

    public func catalog(_ language: Language) -> Catalog {
        catalogs[language] ?? Catalog(language: language)
    }
}

/// No data directory was found: says where it looked (English only: without Locales/ there is
/// no catalog to take a message from).
public struct ResourceError: Error, Sendable {
    public let searched: [String]
}
