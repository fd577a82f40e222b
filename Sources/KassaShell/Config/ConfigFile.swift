// ConfigFile: $XDG_CONFIG_HOME/kassa/config — `key = value` lines, `#` comments (whole lines, or
// after a value following a blank), blank lines.
// Keys and values are a file format (like git's config), not words people type, so they are the
// same in every language. A line kassa cannot use is a Problem naming its line; kassa reports it
// and starts with the rest. `set` edits the one line of a key (or appends one) and writes the
// file atomically, so comments and the order of lines survive.
// Precedence (README "Configuration"): command-line flag > environment > this file > default.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore
import KassaStore

public struct ConfigFile: Sendable {
    public enum Key: String, CaseIterable, Sendable {
        case currency, baseCurrency = "base-currency", account, lang, weekStart = "week-start", color, file
        /// The ledger folder this device joined, its name there, its uid and the id of the machine
        /// it joined on (Devices/, MachineID).
        case ledger, device, deviceID = "device-id", deviceMachine = "device-machine"
    }

    public struct Entry: Sendable, Equatable {
        public let value: String
        /// 1-based line in the file.
        public let line: Int
    }

    public struct Problem: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case unknownKey(String)
            case badValue(key: String, value: String)
            /// Neither a comment nor `key = value`.
            case badLine
        }
        public let line: Int
        public let kind: Kind
    }

    public static let weekDays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    public static let colorModes = ["auto", "always", "never"]

    public let path: String
    /// The file's lines as they are, for `set`.
    public private(set) var lines: [String]
    public private(set) var entries: [Key: Entry] = [:]
    public private(set) var problems: [Problem] = []
    /// The file exists (an absent file is an empty configuration, not a problem).
    public let exists: Bool

    public init(path: String, contents: String?) {
        self.path = path
        exists = contents != nil
        // Any line ending: "\r\n" is one Character to Swift, so splitting on "\n" alone would
        // read a CRLF file as one line.
        var lines = (contents ?? "").split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
        for (index, line) in lines.enumerated() {
            read(line, number: index + 1)
        }
    }

    /// Reads the file at `path`; absent or unreadable is empty.
    public static func load(path: String) -> ConfigFile {
        ConfigFile(path: path, contents: FileReading.bytes(atPath: path).map { String(decoding: $0, as: UTF8.self) })
    }

    public func value(_ key: Key) -> String? { entries[key]?.value }

    private mutating func read(_ line: String, number: Int) {
        let text = line.trimmingSpaces
        if text.isEmpty || text.hasPrefix("#") { return }
        guard let equals = text.firstIndex(of: "=") else {
            problems.append(Problem(line: number, kind: .badLine))
            return
        }
        let name = String(text[..<equals]).trimmingSpaces.lowercased()
        let value = ConfigFile.splitComment(String(text[text.index(after: equals)...])).value
        guard let key = Key(rawValue: name) else {
            problems.append(Problem(line: number, kind: .unknownKey(name)))
            return
        }
        guard let normalized = ConfigFile.normalize(key, value) else {
            problems.append(Problem(line: number, kind: .badValue(key: name, value: value)))
            return
        }
        // A key given twice: the later line wins, as in most such files.
        entries[key] = Entry(value: normalized, line: number)
    }

    /// The value as kassa keeps it (currency codes upper-case, words lower-case), or nil when
    /// it is not one the key takes.
    public static func normalize(_ key: Key, _ value: String) -> String? {
        let value = value.trimmingSpaces
        // No control character in any value: a line break in `config set account "a\nfile = …"`
        // would write a second setting into the file.
        guard !value.isEmpty, !value.unicodeScalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value <= 0x9F) }) else {
            return nil
        }
        switch key {
        case .currency, .baseCurrency: return Currency(code: value)?.code
        case .lang: return Language(rawValue: value.lowercased())?.rawValue
        case .weekStart: return weekDays.contains(value.lowercased()) ? value.lowercased() : nil
        case .color: return colorModes.contains(value.lowercased()) ? value.lowercased() : nil
        case .account, .file, .ledger: return value
        case .device: return DeviceName.isValid(value) ? value : nil
        case .deviceID, .deviceMachine: return value.count == 16 && value.allSatisfy(\.isHexDigit) ? value.lowercased() : nil
        }
    }

    /// A value and the comment after it: `KZT   # tenge` → ("KZT", "   # tenge"). A comment
    /// starts with `#` after a blank, so a `#` inside a value (`file = ~/a#b`) stays.
    static func splitComment(_ text: String) -> (value: String, comment: String) {
        var previous: Character = " "
        for index in text.indices {
            if text[index] == "#", previous == " " || previous == "\t" {
                let value = String(text[..<index]).trimmingSpaces
                var start = index
                while start > text.startIndex, text[text.index(before: start)] == " " || text[text.index(before: start)] == "\t" {
                    start = text.index(before: start)
                }
                return (value, String(text[start...]))
            }
            previous = text[index]
        }
        return (text.trimmingSpaces, "")
    }

    /// Sets `key` (its value already checked with `normalize`): the key's last line is rewritten
    /// in place, keeping a comment at its end; other lines are kept as they are; a new key goes
    /// at the end.
    public mutating func set(_ key: Key, _ value: String) {
        let line = key.rawValue + " = " + value
        if let existing = lastLine(of: key) {
            let old = lines[existing - 1]
            let comment = old.firstIndex(of: "=").map { ConfigFile.splitComment(String(old[old.index(after: $0)...])).comment } ?? ""
            lines[existing - 1] = line + comment
        } else {
            lines.append(line)
        }
        let contents = lines.joined(separator: "\n") + "\n"
        self = ConfigFile(path: path, contents: contents)
    }

    /// The last line naming `key`, whether or not its value was good (so `set` fixes a bad line).
    private func lastLine(of key: Key) -> Int? {
        var found: Int?
        for (index, line) in lines.enumerated() {
            let text = line.trimmingSpaces
            guard !text.hasPrefix("#"), let equals = text.firstIndex(of: "=") else { continue }
            if String(text[..<equals]).trimmingSpaces.lowercased() == key.rawValue { found = index + 1 }
        }
        return found
    }

    /// Writes the file: a temporary file beside it, flushed, then renamed over the old one, so a
    /// crash leaves the old file or the new one, never half of one. Creates the directory (0700).
    /// Returns errno on failure.
    public func write() -> Int32? {
        AtomicFile.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: path, mode: 0o600, folderMode: 0o700)
    }
}
