// ExportSink: where an export's bytes go — the program's Console, or a file written beside its
// final name and renamed into place when complete (a failed export never leaves half a file
// where a good one was). Buffered in 64 KiB chunks either way.

#if canImport(Glibc)
import Glibc
#endif

final class ExportSink {
    private let console: Console?
    private var descriptor: Int32 = -1
    private var path = ""
    private var temporary = ""
    private var buffer: [UInt8] = []
    private var failed = false
    private static let limit = 1 << 16

    init(console: Console) {
        self.console = console
    }

    /// nil when the file cannot be created.
    init?(path: String) {
        console = nil
        self.path = path
        temporary = path + ".kassa-export-" + String(getpid())
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        buffer.reserveCapacity(ExportSink.limit + 4096)
    }

    func write(_ body: (inout [UInt8]) -> Void) {
        if let console {
            console.withOutput(body)
            return
        }
        body(&buffer)
        if buffer.count >= ExportSink.limit { drain() }
    }

    private func drain() {
        guard !failed else { buffer.removeAll(keepingCapacity: true); return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left; for a file, renames it into place. false when anything failed.
    func finish() -> Bool {
        if let console {
            console.flush()
            return true
        }
        drain()
        if close(descriptor) != 0 { failed = true }
        if failed || rename(temporary, path) != 0 {
            unlink(temporary)
            return false
        }
        return true
    }
}
