// PseudoTerminal: runs an executable in a real pseudo-terminal, as a person at a terminal would.
// Tests type keys (`write`), read what the program shows (`waitFor`), resize the window
// (`resize`, TIOCSWINSZ → SIGWINCH) and collect the exit status (`waitForExit`).
//
// Why not forkpty: fork() in a multithreaded test process may only call async-signal-safe code
// before exec, which Swift cannot promise. Instead: open /dev/ptmx, then posix_spawn with
// POSIX_SPAWN_SETSID, whose file actions open the slave *after* setsid, so it becomes the
// child's controlling terminal (job control and SIGWINCH work as in a real session).
// posix_openpt/ptsname_r and POSIX_SPAWN_SETSID are hidden from Swift (glibc declares them only
// under _XOPEN_SOURCE/_GNU_SOURCE), so the functions come from dlsym and the flag is spelled out.
//
// Deadlines only keep a broken program from hanging the test run; they are never assertions.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public final class PseudoTerminal: @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case system(String, Int32)
        case spawn(Int32)

        public var description: String {
            switch self {
            case .system(let call, let code): return "\(call) failed: \(String(cString: strerror(code)))"
            case .spawn(let code): return "posix_spawn failed: \(String(cString: strerror(code)))"
            }
        }
    }

    /// How the child ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        /// Still running at the deadline (it was then killed).
        case timedOut

        public var description: String {
            switch self {
            case .exited(let code): return "exit \(code)"
            case .signaled(let signal): return "signal \(signal)"
            case .timedOut: return "timed out"
            }
        }
    }

    /// Generous default wait: long enough for a loaded 2-core machine, short enough not to hang.
    public static let defaultDeadline: Double = 60

    public let processID: pid_t
    private let master: Int32
    private var termination: Termination?
    /// Everything the child has written so far (raw bytes, escape sequences included).
    public private(set) var output: [UInt8] = []
    /// Where the last successful `waitFor` matched; later waits search after it.
    private var consumed = 0

    /// Starts `executable` in a new pseudo-terminal of the given size.
    /// - Parameter environment: the child's whole environment (nothing is inherited).
    public init(
        executable: String, arguments: [String] = [], environment: [String: String],
        columns: UInt16 = 80, rows: UInt16 = 24
    ) throws {
        master = try Self.openMaster()
        // Non-blocking: `write` and `readAvailable` wait in poll(2), never in the syscall.
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        do {
            try Self.setWindowSize(master, columns: columns, rows: rows)
            let slavePath = try Self.slavePath(master)
            processID = try Self.spawn(
                executable: executable, arguments: arguments, environment: environment, slavePath: slavePath)
        } catch {
            close(master)
            throw error
        }
    }

    deinit {
        if termination == nil {
            kill(processID, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(processID, &status, 0)
        }
        close(master)
    }

    // MARK: - Talking to the child

    /// Types `text` (UTF-8), e.g. "кофе 1500\r", "\t", "\u{3}" (Ctrl-C), "\u{4}" (Ctrl-D).
    public func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Long inputs are written piecewise while the output is read: the child echoes what it
    /// reads, and if nobody drained that echo both sides would block on full buffers.
    public func write(_ bytes: [UInt8], deadline seconds: Double = defaultDeadline) {
        let end = Date().addingTimeInterval(seconds)
        var offset = 0
        while offset < bytes.count, end.timeIntervalSinceNow > 0 {
            var entry = pollfd(fd: master, events: Int16(POLLOUT | POLLIN), revents: 0)
            guard poll(&entry, 1, 100) >= 0 || errno == EINTR else { return }
            if entry.revents & Int16(POLLIN) != 0 { _ = readAvailable(timeoutMilliseconds: 0) }
            guard entry.revents & Int16(POLLOUT) != 0 else {
                if entry.revents & Int16(POLLHUP | POLLERR) != 0 { return }
                continue
            }
            let count = bytes[offset..<min(bytes.count, offset + 1024)].withUnsafeBytes {
                Glibc.write(master, $0.baseAddress, $0.count)
            }
            if count > 0 { offset += count } else if errno != EAGAIN && errno != EINTR { return }
        }
    }

    /// The output as text (invalid UTF-8 repaired), from `start` bytes on.
    public func text(from start: Int = 0) -> String {
        String(decoding: output[min(start, output.count)...], as: UTF8.self)
    }

    /// The output after the last successful `waitFor` match.
    public var unreadText: String { text(from: consumed) }

    /// Reads until the output after the previous match contains `needle`. Returns false if the
    /// child ended or the deadline passed first. Later calls search only after this match.
    @discardableResult
    public func waitFor(_ needle: String, deadline seconds: Double = defaultDeadline) -> Bool {
        waitForAny([needle], deadline: seconds) != nil
    }

    /// Reads until one of `needles` appears after the previous match; returns the one found
    /// first in the output (so a test can tell an expected answer from an error promptly), or
    /// nil if the child ended or the deadline passed.
    public func waitForAny(_ needles: [String], deadline seconds: Double = defaultDeadline) -> String? {
        let patterns = needles.map { Array($0.utf8) }
        let end = Date().addingTimeInterval(seconds)
        func match() -> String? {
            var best: (index: Int, range: Range<Int>)?
            for (index, pattern) in patterns.enumerated() {
                if let range = Self.find(pattern, in: output, from: consumed),
                   best == nil || range.lowerBound < best!.range.lowerBound {
                    best = (index, range)
                }
            }
            guard let best else { return nil }
            consumed = best.range.upperBound
            return needles[best.index]
        }
        while true {
            if let found = match() { return found }
            let remaining = end.timeIntervalSinceNow
            if remaining <= 0 { return nil }
            if !readAvailable(timeoutMilliseconds: Int32(min(remaining, 1) * 1000)), childEnded() {
                while readAvailable(timeoutMilliseconds: 0) {}  // what is still buffered
                return match()
            }
        }
    }

    /// Changes the window size; the kernel sends SIGWINCH to the child's foreground group.
    public func resize(columns: UInt16, rows: UInt16) throws {
        try Self.setWindowSize(master, columns: columns, rows: rows)
    }

    /// The terminal's current modes (shared by master and slave), e.g. to see if the child left
    /// it in raw mode.
    public func terminalModes() -> termios? {
        var modes = termios()
        return tcgetattr(master, &modes) == 0 ? modes : nil
    }

    /// True when the terminal is in canonical mode with echo, as a shell expects to find it.
    public func isCooked() -> Bool {
        guard let modes = terminalModes() else { return false }
        return modes.c_lflag & tcflag_t(ICANON) != 0 && modes.c_lflag & tcflag_t(ECHO) != 0
    }

    public func signal(_ signal: Int32) {
        if termination == nil { kill(processID, signal) }
    }

    /// Waits for the child to end, reading its output meanwhile (a full pty buffer would block
    /// it). At the deadline the child is killed and `.timedOut` returned.
    @discardableResult
    public func waitForExit(deadline seconds: Double = defaultDeadline) -> Termination {
        let end = Date().addingTimeInterval(seconds)
        while !childEnded() {
            if end.timeIntervalSinceNow <= 0 {
                kill(processID, SIGKILL)
                var status: Int32 = 0
                _ = waitpid(processID, &status, 0)
                termination = .timedOut
                break
            }
            _ = readAvailable(timeoutMilliseconds: 50)
        }
        while readAvailable(timeoutMilliseconds: 0) {}
        return termination ?? .timedOut
    }

    // MARK: - Internals

    /// One poll + read; false when nothing arrived (timeout, or the slave side is gone).
    private func readAvailable(timeoutMilliseconds: Int32) -> Bool {
        var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, timeoutMilliseconds)
        guard ready > 0, entry.revents & Int16(POLLIN) != 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }  // EIO: every slave descriptor is closed
        output.append(contentsOf: buffer[..<count])
        return true
    }

    private func childEnded() -> Bool {
        if termination != nil { return true }
        var status: Int32 = 0
        let result = waitpid(processID, &status, WNOHANG)
        guard result == processID else { return result < 0 }
        // The W* macros do not import: low 7 bits = terminating signal, 0 = normal exit.
        let signal = status & 0x7F
        termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        return true
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
        guard !needle.isEmpty else { return start..<start }
        guard haystack.count - start >= needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index..<(index + needle.count)
        }
        return nil
    }

    // MARK: - Setup

    private typealias OpenPTFunction = @convention(c) (Int32) -> Int32
    private typealias UnlockPTFunction = @convention(c) (Int32) -> Int32
    private typealias PTSNameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    private typealias CloseFromFunction = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// glibc's POSIX_SPAWN_SETSID (since 2.26), hidden from Swift behind _GNU_SOURCE.
    private static let spawnSetSID: Int16 = 0x80

    private static func libcFunction<T>(_ name: String, as type: T.Type) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    private static func openMaster() throws -> Int32 {
        let fd: Int32
        if let openpt = libcFunction("posix_openpt", as: OpenPTFunction.self) {
            fd = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        } else {
            fd = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        }
        guard fd >= 0 else { throw Failure.system("posix_openpt", errno) }
        if let unlockpt = libcFunction("unlockpt", as: UnlockPTFunction.self), unlockpt(fd) != 0 {
            let code = errno
            close(fd)
            throw Failure.system("unlockpt", code)
        }
        return fd
    }

    private static func slavePath(_ master: Int32) throws -> String {
        guard let ptsname = libcFunction("ptsname_r", as: PTSNameFunction.self) else {
            throw Failure.system("ptsname_r", ENOSYS)
        }
        var buffer = [CChar](repeating: 0, count: 256)
        let result = ptsname(master, &buffer, buffer.count)
        guard result == 0 else { throw Failure.system("ptsname_r", result) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func setWindowSize(_ fd: Int32, columns: UInt16, rows: UInt16) throws {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(fd, UInt(TIOCSWINSZ), &size) == 0 else { throw Failure.system("TIOCSWINSZ", errno) }
    }

    private static func spawn(
        executable: String, arguments: [String], environment: [String: String], slavePath: String
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid (glibc applies the flags first): the slave becomes the child's
        // controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // Other tests' pipes must not leak into the child (their readers would wait for it).
        if let closeFrom = libcFunction("posix_spawn_file_actions_addclosefrom_np", as: CloseFromFunction.self) {
            _ = closeFrom(&actions, 3)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default dispositions and an empty mask: the test runner may ignore or block signals.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGTSTP, SIGCHLD] {
            sigaddset(&defaults, signal)
        }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setflags(
            &attributes, spawnSetSID | Int16(POSIX_SPAWN_SETSIGDEF) | Int16(POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure.spawn(result) }
        return pid
    }
}
