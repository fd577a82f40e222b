// PlainTextInclude: how a journal reader gets the file an `include` names. The command gives the
// reader this closure: it resolves the path against the including file's folder and refuses one
// outside the imported file's folder (../, an absolute path elsewhere, a link leading out) or
// unreadable. Readers stay free of I/O; they find cycles themselves by the keys returned.

public enum JournalIncludeResult: Sendable {
    /// `key`: the file's canonical path (cycles are found by it); `name`: as shown in messages.
    case file(key: String, name: String, bytes: [UInt8])
    /// Refused: "outside", "unreadable", "glob".
    case refused(String)
}

/// (path as written, the including file's key or "" for the imported file) → the file.
public typealias JournalIncluder = @Sendable (String, String) -> JournalIncludeResult
