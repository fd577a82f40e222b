// LineEnds: a file's line ends made LF, whatever its writer used. Every reader splits lines at
// LF (a CR before one is dropped); a file from a program that ends lines with a lone CR (classic
// Mac, some bank exports) would be one line to them — a statement losing rows, a rates file
// storing nothing, a journal importing nothing, each with exit 0. A CR that no LF follows is a
// line end here, as in CR LF and LF files, so every reader sees the same lines; one pass, and
// a file with no lone CR is given back as it is.

public enum LineEnds {
    /// `bytes` with each CR not followed by LF made an LF (CR LF pairs and LFs are kept).
    public static func unified(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = loneCR(in: bytes) else { return bytes }
        var out = bytes
        var index = first
        let count = out.count
        while index < count {
            if out[index] == 13, index + 1 >= count || out[index + 1] != 10 { out[index] = 10 }
            index += 1
        }
        return out
    }

    /// The offset of the first CR that no LF follows, nil when there is none.
    static func loneCR(in bytes: [UInt8]) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            if bytes[index] == 13, index + 1 >= count || bytes[index + 1] != 10 { return index }
            index += 1
        }
        return nil
    }
}
