// DeviceSpaces: number spaces of devices that joined a ledger folder while apart. A device takes
// the next free space when it joins (LedgerMerge: IDENTITY), but two devices that joined before
// either's file reached the other both take the space the first device of a folder takes (both
// number #1 …). Of such devices the one that joined first (its identity change's clock value,
// then its name) keeps the space; each later one moves to the next free space — the same one on
// every device that sees the same files:
// - every view reads the later device's file as if moved (its transactions renumbered, its
//   edits and deletes of them too), so none of its saves is left out while its file is not yet
//   moved; such a file is read again whole on every open until it is;
// - the later device itself rewrites its own file into the new space the first time it opens
//   the folder with the other device's file there (Ledger.open), and says so.
// A transaction's number changes once (#5 becomes #2000005); nothing is lost or hidden. Edits
// and deletes that name another device's transaction keep their numbers.

import KassaCore

enum DeviceSpaces {
    /// A device that must move: from its base to `to`, because `keeper` (an index) joined first with it.
    struct Move: Equatable {
        let from: Int
        let to: Int
        let keeper: Int
    }

    /// The devices that must move, by index.
    static func moves(_ devices: [DeviceFile]) -> [Int: Move] {
        let joined = devices.indices.filter { devices[$0].base != nil }
            .sorted { (devices[$0].joinedAt ?? .max, devices[$0].name) < (devices[$1].joinedAt ?? .max, devices[$1].name) }
        // Above every space taken and every number written (as a device that joins now would go).
        var top = 0
        for device in devices { top = max(top, (device.base ?? 0) + 1, device.topID + 1) }
        var taken: [Int: Int] = [:]
        var moves: [Int: Move] = [:]
        for k in joined {
            guard let base = devices[k].base else { continue }
            guard let keeper = taken[base] else { taken[base] = k; continue }
            let next = (top + Ledger.spaceSize - 1) / Ledger.spaceSize * Ledger.spaceSize
            moves[k] = Move(from: base, to: next, keeper: keeper)
            taken[next] = k
            top = next + Ledger.spaceSize
        }
        return moves
    }
}

extension DeviceFile {
    /// The file's whole changes (after the header) with its own space moved to `newBase`: the
    /// numbers of its transactions, and of its edits and deletes of them, shifted, and its
    /// identity change naming the new base. nil when the file has no space.
    func movedLines(to newBase: Int) -> [UInt8]? {
        guard let base else { return nil }
        var out = RecordCodec.header
        for change in changes {
            for k in change.lines {
                var fields = fields(k).map(String.init)
                switch lines[k].op {
                case .commit, .importBatch, .edit, .delete:
                    if fields.count > 3, let id = Int(fields[3]), id > base, id < base + Ledger.spaceSize {
                        fields[3] = String(id - base + newBase)
                    }
                case .object where fields.count > 5 && fields[3] == "device" && fields[5] == "+":
                    for j in 6..<fields.count where fields[j].hasPrefix("base=") { fields[j] = "base=\(newBase)" }
                default: break
                }
                Ledger.appendLine(fields.joined(separator: "\t"), to: &out)
            }
        }
        return out
    }

    /// This file read as if moved to `newBase` (DeviceSpaces): its whole changes only, and no
    /// stamp, so the ledger reads the real file again next time.
    func moved(to newBase: Int) -> DeviceFile? {
        guard let bytes = movedLines(to: newBase), var file = try? DeviceFile(name: name, path: path, bytes: bytes) else { return nil }
        file.damage = damage
        return file
    }
}
