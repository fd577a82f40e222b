// kassa-commands: the build-time tool behind the CommandList plugin. Swift has no reflection to
// find every type conforming to `Command`, and a hand list drifted from the commands it listed;
// so this reads KassaShell's sources, finds each type declared as a `Command` and its
// `static let name = "…"`, and writes `CommandRegistry.all` — in help order, which is the order of
// the `command.NAME:` lines of Grammars/en/session.commands (so adding a command touches no list).
// It refuses (the build fails, naming the file) a command with no words in a language's
// session.commands, no `command.NAME.summary` in a language's Locales, or a name used twice.
// Deterministic: the same sources and files give the same output, byte for byte.
// Usage: kassa-commands OUTPUT ROOT --sources FILE... --grammars FILE... --messages FILE...
// (paths relative to ROOT; the language is the folder a data file is in). Glibc only, like kassa-embed.

#if canImport(Glibc)
import Glibc
#endif

/// One line on standard error (write(2): the C `stderr` global is not concurrency-safe).
func complain(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// The whole file as text, or exit 1 naming it.
func read(_ path: String) -> String {
    guard let file = fopen(path, "rb") else {
        complain("error: kassa-commands: cannot read \(path)")
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
    return String(decoding: bytes, as: UTF8.self)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    complain("usage: kassa-commands OUTPUT ROOT --sources FILE... --grammars FILE... --messages FILE...")
    exit(2)
}
let output = arguments[0], root = arguments[1]
var lists: [String: [String]] = [:]
var current = ""
for argument in arguments.dropFirst(2) {
    if argument.hasPrefix("--") { current = argument; lists[current, default: []] = []; continue }
    lists[current, default: []].append(argument)
}

/// The language of a data file: the folder it is in (`Grammars/ru/session.commands` → ru).
func language(_ path: String) -> String {
    let parts = path.split(separator: "/")
    return parts.count >= 2 ? String(parts[parts.count - 2]) : ""
}

// MARK: - Commands in the sources

/// Source text without comments, so a `: Command` or a name in a comment is not taken.
/// String literals are kept as they are (a `//` inside one is not a comment).
func withoutComments(_ text: String) -> [Character] {
    let characters = Array(text)
    var out: [Character] = []
    var index = 0, inString = false
    while index < characters.count {
        let character = characters[index]
        let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
        if inString {
            out.append(character)
            if character == "\\", let next { out.append(next); index += 2; continue }
            if character == "\"" || character == "\n" { inString = false }
            index += 1
        } else if character == "/" && next == "/" {
            while index < characters.count && characters[index] != "\n" { index += 1 }
        } else if character == "/" && next == "*" {
            index += 2
            while index + 1 < characters.count && !(characters[index] == "*" && characters[index + 1] == "/") { index += 1 }
            index += 2
        } else {
            if character == "\"" { inString = true }
            out.append(character)
            index += 1
        }
    }
    return out
}

/// The words and punctuation of code: identifiers, string literals (with their quotes) and
/// single other characters; spaces dropped.
func tokens(_ characters: [Character]) -> [String] {
    var out: [String] = []
    var index = 0
    while index < characters.count {
        let character = characters[index]
        if character.isWhitespace { index += 1; continue }
        if character.isLetter || character.isNumber || character == "_" {
            var word = ""
            while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
                word.append(characters[index]); index += 1
            }
            out.append(word)
        } else if character == "\"" {
            var literal = "\""
            index += 1
            while index < characters.count, characters[index] != "\"", characters[index] != "\n" {
                if characters[index] == "\\" { literal.append(characters[index]); index += 1 }
                if index < characters.count { literal.append(characters[index]); index += 1 }
            }
            literal.append("\""); index += 1
            out.append(literal)
        } else {
            out.append(String(character)); index += 1
        }
    }
    return out
}

struct Found {
    let type: String
    let name: String
    let file: String
}

/// The types a file declares as conforming to `Command` (`struct X: Command {`, `extension X:
/// Command`), each with the name its `static let name = "…"` gives.
func commands(in file: String) -> [Found] {
    let words = tokens(withoutComments(read(root + "/" + file)))
    var found: [Found] = []
    var index = 0
    while index < words.count {
        let word = words[index]
        guard ["struct", "class", "enum", "actor", "extension"].contains(word), index + 1 < words.count else { index += 1; continue }
        let type = words[index + 1]
        // The inheritance clause: from ":" to "{" or "where", at the declaration's own level.
        var cursor = index + 2
        var conformances: [String] = []
        var depth = 0
        if cursor < words.count, words[cursor] == "<" {
            // Generic parameters: skipped, with their own constraints.
            repeat {
                if words[cursor] == "<" { depth += 1 } else if words[cursor] == ">" { depth -= 1 }
                cursor += 1
            } while cursor < words.count && depth > 0
        }
        if cursor < words.count, words[cursor] == ":" {
            cursor += 1
            while cursor < words.count, words[cursor] != "{", words[cursor] != "where" {
                if words[cursor] != "," { conformances.append(words[cursor]) }
                cursor += 1
            }
        }
        index = cursor
        guard conformances.contains("Command") else { continue }
        // Its name: the first `static let|var name [: String] = "…"` after the declaration.
        var name: String?
        var look = cursor
        while look + 4 < words.count, name == nil {
            if words[look] == "static", ["let", "var"].contains(words[look + 1]), words[look + 2] == "name" {
                var value = look + 3
                if words[value] == ":" { value += 2 }
                if value + 1 < words.count, words[value] == "=", words[value + 1].hasPrefix("\"") {
                    name = String(words[value + 1].dropFirst().dropLast())
                }
            }
            look += 1
        }
        guard let name, !name.isEmpty else {
            complain("\(root)/\(file): error: \(type) conforms to Command but declares no `static let name = \"…\"`")
            exit(1)
        }
        found.append(Found(type: type, name: name, file: file))
    }
    return found
}

var all: [Found] = []
for file in lists["--sources", default: []].sorted() { all += commands(in: file) }

// MARK: - Words and messages

/// `command.NAME` entries of each language's session.commands, in file order.
var commandWords: [String: [String]] = [:]
for file in lists["--grammars", default: []].sorted() {
    var names: [String] = []
    for line in read(root + "/" + file).split(separator: "\n") {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.hasPrefix("command."), let colon = trimmed.firstIndex(of: ":") else { continue }
        let words = trimmed[trimmed.index(after: colon)...].split(separator: " ")
        if !words.isEmpty { names.append(String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 8)..<colon])) }
    }
    commandWords[language(file), default: []] += names
}

/// The message keys of each language's Locales.
var messageKeys: [String: Set<String>] = [:]
for file in lists["--messages", default: []].sorted() {
    for line in read(root + "/" + file).split(separator: "\n") {
        guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
        let key = line[..<equals].split(separator: " ").first.map(String.init) ?? ""
        messageKeys[language(file), default: []].insert(key)
    }
}

guard let order = commandWords["en"] else {
    complain("error: kassa-commands: no Grammars/en/session.commands among the inputs")
    exit(1)
}

var failed = false
var seen: [String: Found] = [:]
for command in all {
    if let other = seen[command.name] {
        complain("\(root)/\(command.file): error: \(command.type) is named \"\(command.name)\" like \(other.type) (\(other.file))")
        failed = true
    }
    seen[command.name] = command
    for (language, names) in commandWords.sorted(by: { $0.key < $1.key }) where !names.contains(command.name) {
        complain("\(root)/\(command.file): error: \(command.type) (\"\(command.name)\") has no words in "
                 + "Grammars/\(language)/session.commands: add a line `command.\(command.name): WORD…`")
        failed = true
    }
    for (language, keys) in messageKeys.sorted(by: { $0.key < $1.key }) where !keys.contains("command.\(command.name).summary") {
        complain("\(root)/\(command.file): error: \(command.type) (\"\(command.name)\") has no help line in "
                 + "Locales/\(language): add `command.\(command.name).summary = …` to a .messages file there")
        failed = true
    }
}
if failed { exit(1) }

// MARK: - The list

let sorted = all.sorted { order.firstIndex(of: $0.name)! < order.firstIndex(of: $1.name)! }
var source = """
// Generated by kassa-commands (Plugins/CommandList) from KassaShell's sources at build time: do not
// edit. Every type declared as a Command, in the order of Grammars/en/session.commands.

extension CommandRegistry {
    /// Every command kassa has, in the order help lists them.
    public static let all: [any Command.Type] = [

"""
for command in sorted { source += "        \(command.type).self,\n" }
source += "    ]\n}\n"

guard let file = fopen(output, "wb") else {
    complain("error: kassa-commands: cannot write \(output)")
    exit(1)
}
let bytes = Array(source.utf8)
let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
fclose(file)
if written != bytes.count {
    complain("error: kassa-commands: cannot write \(output)")
    exit(1)
}
