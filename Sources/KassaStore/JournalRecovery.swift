// JournalRecovery: side files for damaged bytes. (check and repair live here too.)

#if canImport(Glibc)
import Glibc
#endif

enum JournalRecovery {
    /// `PATH.torn-1`, `PATH.torn-2` ...: the first that does not exist yet.
    static func freeSidePath(for path: String, stem: String = "torn") -> String {
        var n = 1
        while JournalFile.exists("\(path).\(stem)-\(n)") { n += 1 }
        return "\(path).\(stem)-\(n)"
    }
}
