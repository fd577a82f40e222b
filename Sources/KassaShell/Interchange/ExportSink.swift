// ExportSink: where an export's bytes go — the program's Console, or a file written beside its
// final name and renamed into place when complete (a failed export never leaves half a file
// where a good one was). Buffered in 64 KiB chunks either way. The file is SafeFile's temporary
// (exclusive, never through a link), every write checked, fsynced and closed before its rename.
// A device or a pipe named with -o (/dev/stdout, a FIFO) is written directly: it cannot be
// replaced, and renaming a file over /dev/null would break the system. An export to a terminal
// is shown with unsafe characters escaped (TerminalSafety), never raw.

#if canImport(Glibc)
import Glibc
#endif
import KassaStore

final class ExportSink {
    private let console: Console?
    private var temporary: SafeFile.Temporary?
    /// A device or pipe written directly.
    private var direct: Int32?
    private var buffer: [UInt8] = []
    /// The first failure, kept to be said (a full disk, an I/O error).
    private(set) var failure: SafeFile.Errno?
    private static let limit = 1 << 16

    /// Standard output is a terminal: what a note holds (an OSC, a cursor move) is shown
    /// escaped, as `list` shows it; a pipe or a file gets the export's bytes as they are.
    private var toTerminal = false

    init(console: Console) {
        self.console = console
        toTerminal = isatty(1) == 1
    }

    /// Fails with errno when the file cannot be created.
    init(path: String) throws(SafeFile.Errno) {
        console = nil
        buffer.reserveCapacity(ExportSink.limit + 4096)
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFCHR || (info.st_mode & S_IFMT) == S_IFIFO {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw SafeFile.Errno(errno) }
            direct = descriptor
            return
        }
        switch SafeFile.create(beside: path, mode: 0o644) {
        case .success(let made): temporary = made
        case .failure(let failure): throw failure
        }
    }

    func write(_ body: (inout [UInt8]) -> Void) {
        if let console {
            guard toTerminal else { return console.withOutput(body) }
            var chunk: [UInt8] = []
            body(&chunk)
            console.append(TerminalSafety.visibleLines(chunk))
            return
        }
        body(&buffer)
        if buffer.count >= ExportSink.limit { drain() }
    }

    private func drain() {
        if failure == nil, let descriptor = direct ?? temporary?.descriptor {
            failure = buffer.withUnsafeBytes { SafeFile.writeAll($0, to: descriptor) }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left; for a file, fsyncs it and renames it into place. The failure, if any
    /// (standard output's own failures are the Console's, said at exit).
    func finish() -> SafeFile.Errno? {
        if let console {
            console.flush()
            return nil
        }
        drain()
        if let direct {
            if close(direct) != 0, failure == nil, errno != EINTR { failure = SafeFile.Errno(errno) }
            return failure
        }
        guard let temporary else { return failure }
        if failure != nil {
            SafeFile.discard(temporary)
            return failure
        }
        failure = SafeFile.commit(temporary)
        return failure
    }
}
