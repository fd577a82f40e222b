// InterchangeFormat: one format kassa reads or writes, as FormatCatalog lists it: its name (the
// --format word), the file extensions that name it, how its first lines or header are known, how
// `kassa import` reads a file of it and how `kassa export` writes one. Each format declares
// itself in its own folder (Formats/<Name>/), so a new one is a folder and a line in the catalog;
// import, export, detection, help and the benchmark all go by these declarations.

import KassaCore

public struct InterchangeFormat: Sendable, Hashable, CustomStringConvertible {
    /// How `kassa import` reads a file of the format.
    public enum Reading: Sendable {
        /// Streamed line by line, never held whole (the backup).
        case backup
        /// A bank's CSV: read through the vocabulary and the rules, rows streamed on.
        case bankCSV
        /// A table read whole into records.
        case table(@Sendable (_ bytes: [UInt8], _ vocabulary: ImportVocabulary, _ defaults: ImportDefaults) -> ImportRecords)
        /// A plain-text journal: parsed (its includes read through the includer), then made into
        /// kassa's records by JournalBook.
        case journal(@Sendable (_ bytes: [UInt8], _ key: String, _ include: JournalIncluder?, _ year: Int?) -> JournalParse)
    }

    /// How the format is known when --format is not given (FormatCatalog.detect).
    public enum Detection: Sendable {
        /// By the file's first bytes alone.
        case content(@Sendable (_ bytes: [UInt8]) -> Bool)
        /// By the first row's cells of a table.
        case header(@Sendable (_ cells: [String]) -> Bool)
        /// By one of a journal's first lines, split in at most three words at spaces: the
        /// format's own directive (FormatCatalog.sniffJournal).
        case journalLine(@Sendable (_ words: [Substring]) -> Bool)
        /// By the text, when no other format knew it (tried after a bank CSV's header).
        case text(@Sendable (_ text: String) -> Bool)
    }

    /// The --format word.
    public let name: String
    /// File extensions (lower case, no dot) that say the format.
    public let extensions: [String]
    public let detection: Detection?
    /// nil: kassa does not import it.
    public let reading: Reading?
    /// nil: kassa does not export it. The writer of a whole export, given what it may need.
    public let writing: (@Sendable (ExportSource) -> any ExportWriter)?
    /// A plain-text journal: exported with the opening balances and rates, planned entries only
    /// with --planned; imported with its includes.
    public let isJournal: Bool
    /// Exported without the planned (future-dated) transactions unless --planned, so its balances
    /// are `kassa balance`'s: every journal, and the app's CSV.
    public let leavesOutPlanned: Bool
    /// A bank's own account of what happened (its CSV, a statement): an import meets its rows
    /// with the entries the person said (BankMatcher) and clears what it brings.
    public let isBankFile: Bool

    public init(name: String, extensions: [String] = [], detection: Detection? = nil, reading: Reading?,
                writing: (@Sendable (ExportSource) -> any ExportWriter)?, isJournal: Bool = false, leavesOutPlanned: Bool? = nil,
                isBankFile: Bool = false) {
        self.isBankFile = isBankFile
        self.name = name
        self.extensions = extensions
        self.detection = detection
        self.reading = reading
        self.writing = writing
        self.isJournal = isJournal
        self.leavesOutPlanned = leavesOutPlanned ?? isJournal
    }

    public var description: String { name }

    public static func == (a: InterchangeFormat, b: InterchangeFormat) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// A journal file's records: parsed in this format, made into kassa's by JournalBook.
    /// `year`: a year-less date's when the file says none; `currency`: the amounts' of a file
    /// that names no commodity at all.
    public func readJournal(_ bytes: [UInt8], vocabulary: ImportVocabulary, key: String = "",
                            include: JournalIncluder?, year: Int? = nil, currency: Currency? = nil) throws -> ImportRecords {
        guard case .journal(let parse) = reading else { return ImportRecords() }
        return try JournalBook(vocabulary: vocabulary, bareCurrency: currency).make(parse(bytes, key, include, year))
    }
}
