// DeviceName: what may name a device in a ledger folder, and which files of the folder are
// device journals. A name is 1–64 ASCII letters, digits, `-` or `_`: a safe file name on every
// system a sync tool reaches, with no dot — so `NAME.kassa` is a device's journal and any other
// `….kassa` (Syncthing's `NAME.sync-conflict-20260101-120000-ABCDEFG.kassa`, Dropbox's
// `NAME (conflicted copy 2026-01-01).kassa`, an editor's `NAME.kassa~`) is a copy a sync tool
// made: listed by `devices` as such, never read into the ledger, so it is never counted twice.

public enum DeviceName {
    public static let maxLength = 64
    public static let suffix = ".kassa"

    public static func isValid(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maxLength else { return false }
        return name.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
        }
    }

    /// A usable name made from a host name: `Anna's MacBook.local` → `Anna-s-MacBook`.
    public static func from(hostName: String) -> String {
        let first = hostName.split(separator: ".").first.map(String.init) ?? hostName
        var out = ""
        for scalar in first.unicodeScalars {
            let ok = scalar.isASCII && (isValid(String(scalar)))
            out.append(ok ? Character(scalar) : "-")
        }
        while out.hasPrefix("-") { out.removeFirst() }
        while out.hasSuffix("-") { out.removeLast() }
        out = String(out.prefix(maxLength))
        return out.isEmpty ? "device" : out
    }

    /// What a file of the folder is: a device's journal (its name), a sync tool's copy of one, or neither.
    public enum FileKind: Equatable, Sendable {
        case device(String)
        case copy
        case other
    }

    public static func kind(ofFile file: String) -> FileKind {
        if file.hasSuffix(suffix) {
            let stem = String(file.dropLast(suffix.count))
            return isValid(stem) ? .device(stem) : .copy
        }
        // A sync tool's download still in progress (Syncthing's `.syncthing.NAME.kassa.tmp`,
        // `~syncthing~NAME.kassa.tmp` on Windows) is no copy: it becomes the journal when whole.
        if file.hasSuffix(".tmp"), file.hasPrefix(".syncthing.") || file.hasPrefix("~syncthing~") { return .other }
        // `NAME.kassa~`, `NAME.kassa.orig`: a journal's copy.
        return file.contains(suffix) ? .copy : .other
    }
}
