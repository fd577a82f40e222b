// DeviceSpaces: number spaces of devices that joined a ledger folder while apart. A device takes
// the next free space when it joins (LedgerMerge: IDENTITY), but two devices that joined before
// either's file reached the other both take the space the first device of a folder takes (both
// number #1 …). Of such devices the one that took the space first (its identity change's clock
// value — or, for a device that moved, the clock of its move — then its name) keeps it; each later
// one moves to the lowest space no device has and no earlier move takes, so every device that
// sees the same files, or only some of them, gives it the same one:
// - every view reads the later device's file as if moved (its transactions renumbered, with its
//   edits and deletes of them, its bank clearances and its paid occurrences), so none of its saves
//   is left out while its file is not yet moved; such a file is read again whole on every open
//   until it is;
// - the later device itself rewrites its own file into the new space the first time it opens
//   the folder to write with the other device's file there (Ledger.moveOwnSpace), its identity
//   change then naming the move's clock, and says so.
// A transaction's number changes once (#5 becomes #1000005); nothing is lost or hidden. Edits and
// deletes that name another device's transaction keep their numbers. Series, budgets and other
// objects keyed by their own numbers are not renumbered.

import KassaCore

enum DeviceSpaces {
    /// A device that must move: from its base to `to`, because `keeper` (an index) took it first.
    struct Move: Equatable {
        let from: Int
        let to: Int
        let keeper: Int
    }

    /// The devices that must move, by index.
    static func moves(_ devices: [DeviceFile]) -> [Int: Move] {
        let joined = devices.indices.filter { devices[$0].base != nil }
            .sorted { (devices[$0].joinedAt ?? .max, devices[$0].name) < (devices[$1].joinedAt ?? .max, devices[$1].name) }
        var keepers: [Int: Int] = [:]
        for k in joined where keepers[devices[k].base!] == nil { keepers[devices[k].base!] = k }
        var taken = Set(keepers.keys)
        var moves: [Int: Move] = [:]
        for k in joined where keepers[devices[k].base!] != k {
            var next = Ledger.spaceSize
            while taken.contains(next) { next += Ledger.spaceSize }
            taken.insert(next)
            moves[k] = Move(from: devices[k].base!, to: next, keeper: keepers[devices[k].base!]!)
        }
        return moves
    }

    /// Every space a device has or a move takes: a device that joins goes above them all.
    static func taken(_ devices: [DeviceFile]) -> [Int] {
        devices.compactMap(\.base) + moves(devices).values.map(\.to)
    }
}

extension DeviceFile {
    /// The file's whole changes (after the header) with its own space moved to `newBase`: the
    /// numbers of its transactions — in its commits, imports, edits and deletes, its clearances
    /// (`cleared` keyed `#ID` or `FIRST-LAST`) and its paid occurrences (`transaction=ID`) —
    /// shifted, and its identity change naming the new base (and `moved`, the move's clock, when
    /// the move is the device's own). nil when the file has no space.
    func movedLines(to newBase: Int, at clock: Int64? = nil) -> [UInt8]? {
        guard let base else { return nil }
        func shifted(_ text: Substring) -> String? {
            guard let id = Int(text), id > base, id < base + Ledger.spaceSize else { return nil }
            return String(id - base + newBase)
        }
        var out = RecordCodec.header
        for change in changes {
            for k in change.lines {
                var fields = fields(k).map(String.init)
                switch lines[k].op {
                case .commit, .importBatch, .edit, .delete:
                    if fields.count > 3, let id = shifted(Substring(fields[3])) { fields[3] = id }
                case .object where fields.count > 5:
                    switch fields[3] {
                    case "device" where fields[5] == "+":
                        fields = Array(fields[..<6]) + fields[6...].filter { !$0.hasPrefix("moved=") }.map {
                            $0.hasPrefix("base=") ? "base=\(newBase)" : $0
                        } + (clock.map { ["moved=\($0)"] } ?? [])
                    case "cleared":
                        let key = Substring(fields[4])
                        if key.hasPrefix("#"), let id = shifted(key.dropFirst()) { fields[4] = "#" + id }
                        let ends = key.split(separator: "-")
                        if ends.count == 2, let first = shifted(ends[0]), let last = shifted(ends[1]) { fields[4] = first + "-" + last }
                    case "occurrence":
                        for j in 6..<fields.count where fields[j].hasPrefix("transaction=") {
                            if let id = shifted(Substring(fields[j]).dropFirst(12)) { fields[j] = "transaction=" + id }
                        }
                    default: break
                    }
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
        file.joinedAt = joinedAt
        return file
    }
}
