// ProcessRunner: runs an executable as a child process with arguments, environment and stdin,
// reads its stdout/stderr as they arrive, and can kill it at any moment. For tests that need
// more control than KassaBinary.run: crash tests (SIGKILL mid-commit), concurrent writers,
// resource limits through `/bin/sh -c 'ulimit ...; exec ...'`.

#if canImport(Glibc)
import Glibc
#endif

public struct ProcessResult: Sendable {
    /// Exit status, or nil when a signal ended the process.
    public let status: Int32?
    /// The signal that ended the process, if any.
    public let signal: Int32?
    public let stdout: String
    public let stderr: String
}

public final class ChildProcess {
    public let pid: pid_t
    private var input: Int32
    private var outputFD: Int32
    private var errorFD: Int32
    public private(set) var output: [UInt8] = []
    public private(set) var errorOutput: [UInt8] = []
    private var result: ProcessResult?

    public struct SpawnError: Error, CustomStringConvertible {
        public let errno: Int32
        public var description: String { "spawn failed: errno \(errno)" }
    }

    /// Starts `executable` (a path) with `arguments`; `environment` replaces the parent's.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        signal(SIGPIPE, SIG_IGN)  // writing to a killed child must fail, not kill the test
        var stdinPipe: [Int32] = [0, 0], stdoutPipe: [Int32] = [0, 0], stderrPipe: [Int32] = [0, 0]
        // Close-on-exec, so no other child started meanwhile keeps these pipes open.
        for k in 0..<3 {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw SpawnError(errno: errno) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            if k == 0 { stdinPipe = fds } else if k == 1 { stdoutPipe = fds } else { stderrPipe = fds }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(stdinPipe[0])
        close(stdoutPipe[1])
        close(stderrPipe[1])
        guard rc == 0 else {
            close(stdinPipe[1]); close(stdoutPipe[0]); close(stderrPipe[0])
            throw SpawnError(errno: rc)
        }
        pid = child
        input = stdinPipe[1]
        outputFD = stdoutPipe[0]
        errorFD = stderrPipe[0]
    }

    deinit {
        if result == nil {
            Glibc.kill(pid, SIGKILL)
            _ = wait()
        }
    }

    /// Writes to the child's stdin; returns false if the child no longer reads.
    @discardableResult
    public func write(_ text: String) -> Bool {
        guard input >= 0 else { return false }
        return Array(text.utf8).withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(input, raw.baseAddress! + done, raw.count - done)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }

    public func closeInput() {
        if input >= 0 { close(input); input = -1 }
    }

    /// Reads whatever stdout/stderr have, waiting at most `milliseconds` for something to arrive.
    /// Returns false once both are at end of file.
    @discardableResult
    public func pump(milliseconds: Int) -> Bool {
        var fds = [pollfd]()
        if outputFD >= 0 { fds.append(pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)) }
        if errorFD >= 0 { fds.append(pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0)) }
        guard !fds.isEmpty else { return false }
        let ready = poll(&fds, nfds_t(fds.count), Int32(milliseconds))
        guard ready > 0 else { return true }
        for entry in fds where entry.revents != 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = read(entry.fd, &buffer, buffer.count)
            if n > 0 {
                if entry.fd == outputFD { output += buffer[0..<n] } else { errorOutput += buffer[0..<n] }
            } else if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) {
                close(entry.fd)
                if entry.fd == outputFD { outputFD = -1 } else { errorFD = -1 }
            }
        }
        return outputFD >= 0 || errorFD >= 0
    }

    /// Pumps until stdout holds `count` occurrences of `text`, or `milliseconds` pass.
    @discardableResult
    public func waitForOutput(_ text: String, count: Int = 1, milliseconds: Int) -> Bool {
        let needle = Array(text.utf8)
        var waited = 0
        while occurrences(of: needle) < count {
            guard waited < milliseconds, pump(milliseconds: 5) else { return occurrences(of: needle) >= count }
            waited += 5
        }
        return true
    }

    private func occurrences(of needle: [UInt8]) -> Int {
        guard !needle.isEmpty, output.count >= needle.count else { return 0 }
        var found = 0
        var i = 0
        while i + needle.count <= output.count {
            if output[i] == needle[0], Array(output[i..<(i + needle.count)]) == needle { found += 1; i += needle.count } else { i += 1 }
        }
        return found
    }

    public func kill(_ signal: Int32 = SIGKILL) {
        if result == nil { Glibc.kill(pid, signal) }
    }

    /// Closes stdin, reads both outputs to their end, reaps the child.
    @discardableResult
    public func wait() -> ProcessResult {
        if let result { return result }
        closeInput()
        while pump(milliseconds: 100) {}
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signaled = status & 0x7f
        let done = ProcessResult(status: signaled == 0 ? (status >> 8) & 0xff : nil, signal: signaled == 0 ? nil : signaled,
                                 stdout: String(decoding: output, as: UTF8.self),
                                 stderr: String(decoding: errorOutput, as: UTF8.self))
        result = done
        return done
    }
}

public enum ProcessRunner {
    /// Runs to completion (or kills after `killAfterMilliseconds`) and returns status and output.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           stdin: String = "", killAfterMilliseconds: Int? = nil) throws -> ProcessResult {
        let child = try ChildProcess(executable, arguments, environment: environment)
        child.write(stdin)
        if let limit = killAfterMilliseconds {
            var waited = 0
            while waited < limit, child.pump(milliseconds: 5) { waited += 5 }
            child.kill()
        }
        return child.wait()
    }
}
