// MachineID: this machine's own id, $XDG_STATE_HOME/kassa/machine (~/.local/state/kassa/machine):
// 16 hex digits made at random the first time a device joins a ledger folder here. The config
// records it beside the device's name and uid (`device-machine`), so a config copied to another
// machine — a dotfiles repository, a copied ~/.config — names a machine that is not this one, and
// that machine does not write as the device (DeviceBinding). The id lives apart from the config on
// purpose: state, not settings, is what a person does not carry from machine to machine.
//
// The file is read without following a link or waiting on a FIFO, at most 64 bytes; it is made
// exclusively (SafeFile's temporary, then link(2), which never replaces an id already there), so
// two first runs at once agree on one id (where the file system has no hard links, a rename).

#if canImport(Glibc)
import Glibc
#endif
import KassaStore

enum MachineID {
    /// The id at `path`, or nil when there is none (or the file is not one kassa wrote).
    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64)
        var count = 0
        while count < buffer.count {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        var end = count
        while end > 0, buffer[end - 1] == UInt8(ascii: "\n") || buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let text = String(decoding: buffer[..<end], as: UTF8.self)
        return isValid(text) ? text.lowercased() : nil
    }

    /// The id at `path`, made first when there is none; errno when it cannot be made.
    static func make(_ path: String) -> Result<String, SafeFile.Errno> {
        if let id = read(path) { return .success(id) }
        if let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            AtomicFile.makeDirectories(String(path[..<slash]), mode: 0o700)
        }
        let id = Ledger.newUID()
        let temporary: SafeFile.Temporary
        switch SafeFile.create(beside: path, mode: 0o600) {
        case .success(let made): temporary = made
        case .failure(let failure): return .failure(failure)
        }
        let bytes = Array((id + "\n").utf8)
        var failure = bytes.withUnsafeBytes { SafeFile.writeAll($0, to: temporary.descriptor) }?.code ?? 0
        if fsync(temporary.descriptor) != 0, failure == 0 { failure = errno }
        if close(temporary.descriptor) != 0, failure == 0, errno != EINTR { failure = errno }
        // link(2) puts the id in place only where none is: another first run's id wins if it came
        // first. A file system without hard links gets the rename, unless an id arrived meanwhile.
        if failure == 0, link(temporary.path, path) != 0, errno != EEXIST {
            failure = errno
            if read(path) == nil, rename(temporary.path, path) == 0 { failure = 0 }
        }
        unlink(temporary.path)
        if failure != 0 { return .failure(SafeFile.Errno(failure)) }
        if let synced = SafeFile.syncFolder(of: path) { return .failure(synced) }
        guard let placed = read(path) else { return .failure(SafeFile.Errno(EIO)) }
        return .success(placed)
    }

    static func isValid(_ text: String) -> Bool {
        text.utf8.count == 16 && text.allSatisfy(\.isHexDigit)
    }
}
