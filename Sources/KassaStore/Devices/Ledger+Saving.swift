// Ledger+Saving: how a change this device makes reaches its own journal in a ledger folder.
//
// SAVING. Every kassa process of this device — two terminals, a scheduled `kassa due --yes`, even
// one with a cache of its own — saves under one lock, this device's own file's (DeviceLock), held
// from before a change is numbered until it is in that file: the view is first brought up to what
// the file holds (another process may have saved since), and a new transaction is numbered above
// every id the file names (Journal's id space starts there), so no number is acknowledged twice.
// Every change a process makes to the view (a rebuild, changes appended) is made under the same
// lock, so the view a save numbered from is the view it writes to (checked under the view's lock
// before numbering). Once the change is in the device's file nothing may fail the save: the view
// is a cache, never synced.
//
// A save runs in Journal.appendParts with these as its DeviceHooks: `beginSave` (this device's
// lock, the view brought up to its file, the id floor raised), `checkView` (under the view's lock,
// before numbering), `forward` (the change written to this device's file, durably, renumbered by
// the clock) and `endSave`.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

extension Ledger {
    /// Before a save takes the view's lock (SAVING): this device's lock, and the view brought up
    /// to this device's file when another process of the device wrote it (or the view) since.
    func beginSave() throws {
        guard let lock else { return }
        if mustMove, let own { throw LedgerError(.cannotMove, ["name": devices[own].name, "path": devices[own].path]) }
        try lock.lock()
        do {
            if let own, own < state.marks.count {
                let mark = state.marks[own]
                let now = LedgerState.stamp(devices[own].path)
                let ownChanged = now == nil || now!.inode != mark.inode || now!.size != mark.size || now!.mtime != mark.mtime
                if ownChanged || LedgerState.stamp(viewPath) != state.view { _ = try pickUp() }
            } else {
                _ = try pickUp()
            }
            raiseFloor()
        } catch {
            lock.unlock()
            throw error
        }
    }

    func endSave() { lock?.unlock() }

    /// Under the view's lock, before anything is numbered: the view is the one this ledger's
    /// state describes (so an undo's target maps to this device's change), else nothing is saved.
    func checkView() throws {
        guard LedgerState.stamp(viewPath) == state.view, journal.state.bytes.count == state.view.size else {
            throw LedgerError(.stale, ["folder": folder])
        }
    }

    /// New transactions are numbered above every id this device's file and side files name.
    func raiseFloor() {
        guard let own, let base = devices[own].base else { return }
        let floor = max(base, devices[own].topID, sideFloor)
        journal.state.idSpace = min(floor, base + Ledger.spaceSize - 1)..<(base + Ledger.spaceSize)
    }

    /// Writes the change the view just appended (`records`, numbered `merged`) to this device's
    /// own file, durably, renumbered by the clock; undo/redo targets become its own numbers.
    /// Runs under the view's lock (Journal.appendParts), so the state it saves is the view's.
    func forward(_ records: ArraySlice<UInt8>, merged: Int64) throws {
        guard let own, let base = devices[own].base else { throw LedgerError(.notJoined, ["folder": folder]) }
        let path = devices[own].path
        // The file as this device's lock holds it (SAVING); one that was not there then is locked now.
        let file: JournalFile
        if let held = lock?.file {
            file = held
        } else {
            file = try JournalFile.open(path: path, io: SystemJournalIO(), create: false)
            _ = try file.lock()
        }
        defer { if lock?.file !== file { file.unlock() } }
        var size = try file.size()
        var inStep = Int(merged) - 1 == state.origins.count
        if size != devices[own].size {
            // Another kassa of this device appended: its numbers are the ones to be above.
            devices[own] = try DeviceFile.read(name: devices[own].name, path: path)
            state.highest = max(state.highest, devices[own].lastNumber)
            inStep = false
        }
        if devices[own].damaged {
            throw StoreError(.corrupt, path: path, record: devices[own].damage.first?.line ?? devices[own].stoppedAt)
        }
        if size > devices[own].validEnd {
            // This device's own save, killed before it was whole (never acknowledged): moved
            // aside like any torn tail, so what follows is read. The file is then what the view
            // was merged from (the view never holds a change its file does not): the state still
            // follows it.
            let tail = try file.read(devices[own].validEnd..<size) ?? []
            try JournalFile.writeNewFile(JournalRecovery.freeSidePath(for: path), tail)
            try file.truncate(to: devices[own].validEnd)
            size = devices[own].validEnd
            devices[own].stoppedAt = nil
            sideFloor = max(sideFloor, JournalRecovery.highest(in: tail).id)
        }
        // An id this device's file already names is never acknowledged again (SAVING).
        let floor = max(devices[own].topID, sideFloor)
        var top = devices[own].topID
        guard let number = DeviceClock.next(after: state.highest) else { throw LedgerError(.numbersUsed, ["folder": folder]) }
        var out: [UInt8] = []
        var lines = 0
        for line in records.split(separator: RecordCodec.newline) {
            var fields = String(decoding: line.dropFirst(RecordLine.bodyOffset), as: UTF8.self)
                .split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4 else { throw StoreError(.invalid, path: path, detail: "record") }
            fields[0] = String(number)
            switch fields[2] {
            case "undo", "redo":
                guard let target = Int(fields[3]), target >= 1, target <= state.origins.count, state.origins[target - 1].device == own else {
                    throw LedgerError(.stale, ["folder": folder])
                }
                fields[3] = String(state.origins[target - 1].number)
            case "commit", "import":
                guard let id = Int(fields[3]), id > base, id < base + Ledger.spaceSize else {
                    throw LedgerError(.spaceFull, ["name": devices[own].name])
                }
                guard id > floor else { throw LedgerError(.stale, ["folder": folder]) }
                top = max(top, id)
            default: break
            }
            Ledger.appendLine(fields.joined(separator: "\t"), to: &out)
            lines += 1
        }
        try file.append(out, at: size, sync: true)
        devices[own].size = size + out.count
        devices[own].validEnd = devices[own].size
        devices[own].nextLine += lines
        devices[own].lastNumber = number
        devices[own].topID = top
        state.highest = number
        // The state follows when it knew the view and the file up to this change; otherwise it
        // is dropped (the next open rebuilds) rather than left describing something else.
        if inStep, !ownChangeMergesAsWritten(out, merged: merged) { inStep = false }
        if inStep, own < state.marks.count, number > state.lastConsumed.number, let stamp = LedgerState.stamp(path),
           let mark = LedgerState.mark(of: devices[own], stamp: stamp),
           let viewStamp = LedgerState.stamp(viewPath), viewStamp.size == records.endIndex {
            state.origins.append(.init(device: own, number: number))
            state.lastConsumed = .init(device: own, number: number)
            state.marks[own] = mark
            state.view = viewStamp
            try? state.save(to: statePath)
        } else {
            if Int(merged) - 1 == state.origins.count { state.origins.append(.init(device: own, number: number)) }
            LedgerState.forget(statePath)
        }
    }

    /// For the state to follow this device's own change (`lines`, as written to its file), the
    /// merge must take it exactly as the journal wrote it into the view; an edit may also be a
    /// conflict the merge lists (LedgerMerge: CONFLICTS), recorded here as a rebuild would.
    /// False when the merge would write something else: the state is then dropped.
    private func ownChangeMergesAsWritten(_ lines: [UInt8], merged: Int64) -> Bool {
        guard let own, let file = try? DeviceFile(name: devices[own].name, path: devices[own].path, bytes: RecordCodec.header + lines),
              file.changes.count == 1, file.stoppedAt == nil else { return false }
        let change = file.changes[0]
        // Only an edit can merge differently (groups kept, a conflict); the journal's own checks on
        // the other changes are the merge's (undo and redo take only this device's changes).
        guard file.ops(change).contains(.edit) else { return true }
        guard let handle = try? JournalFile.open(path: viewPath, io: SystemJournalIO(), create: false),
              var merge = LedgerMerge(resuming: state, names: state.marks.map(\.name), state: journal.state,
                                      through: Int(merged) - 1, line: { Ledger.line(in: handle, at: $0) }),
              let records = merge.admitOwn(change, in: file, device: own) else { return false }
        merge.release()
        guard records.map({ Array($0.dropFirst()) }) == file.records(change).map({ Array($0.dropFirst()) }) else { return false }
        state.conflicts = merge.conflicts
        return true
    }
}
