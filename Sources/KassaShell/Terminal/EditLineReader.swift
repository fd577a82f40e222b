// EditLineReader: the terminal LineReader, and the only type that touches libedit. Native wide
// API (el_wgets, history_w) so Cyrillic is edited as characters, not bytes; prompt through
// EL_PROMPT_ESC; persistent history file (0600; a file there that kassa did not write — no
// libedit cookie line — is neither read nor replaced, `historyIsForeign`); Tab completion through `completer`; Ctrl-C
// bound as an editing key that cancels the line; libedit's own signal handling kept on for
// window resize; ~/.editrc honoured; the terminal restored on exit and on fatal signals.
//
// libedit callbacks are C function pointers and cannot capture context: each one finds this
// object again through EL_CLIENTDATA (an unretained pointer, valid for the object's lifetime).
// The pure text work (completion prefix, columns, wchar_t) is in EditLineText; the fatal-signal
// restore in TerminalSignals.
import CEditLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KassaStore

public final class EditLineReader: LineReader {
    public enum InitError: Error, Sendable, Equatable {
        /// stdin or stdout is not a terminal: use StdinLineReader.
        case notATerminal
        /// el_init or history_winit failed.
        case editLineUnavailable
    }

    /// Longest line accepted, in bytes of UTF-8 (as for StdinLineReader).
    public static let maximumLineBytes = LineLimits.maximumLineBytes
    /// Entries kept in the history (and its file).
    public static let historySize: Int32 = 1000
    /// Marks invisible runs (colour escapes) in the prompt for EL_PROMPT_ESC.
    private static let promptIgnore: wchar_t = 1

    public var completer: Completer?

    let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyPath: String?
    /// The file at the history path is not a history libedit wrote (a person's own notes, a
    /// link, a FIFO): kassa does not read it and never writes over it; the session says so.
    public let historyIsForeign: Bool
    /// The first line of every history file libedit writes.
    static let historyCookie = Array("_HiStOrY_V2_\n".utf8)
    /// The current prompt as a NUL-terminated wide string, owned here, read by the callback.
    private var promptBuffer: UnsafeMutablePointer<wchar_t>
    /// Set by the Ctrl-C key function during el_wgets.
    private var cancelled = false
    /// The line held text when Ctrl-C was pressed (then only the text is cancelled).
    private var cancelledText = false
    /// A bracketed paste ended on an empty line: this read returns nothing.
    var pasteEnded = false
    /// The text after the cursor when Ctrl-C was pressed, echoed to bring the cursor to the end.
    private var cancelledTail = ""

    /// Sets up libedit on the process's terminal (stdin/stdout).
    /// - Parameters:
    ///   - programName: the name `~/.editrc` lines may be scoped to (`kassa:bind -v`).
    ///   - historyPath: the history file, created with mode 0600 (and its directory with 0700)
    ///     on the first added line; nil keeps history in memory only.
    /// - Throws: `InitError.notATerminal` when stdin or stdout is not a terminal.
    public init(programName: String, historyPath: String?) throws {
        guard isatty(0) == 1, isatty(1) == 1 else { throw InitError.notATerminal }
        Self.selectUTF8Locale()
        guard let history = history_winit() else { throw InitError.editLineUnavailable }
        guard let editLine = el_init(programName, kassa_stdin(), kassa_stdout(), kassa_stderr()) else {
            history_wend(history)
            throw InitError.editLineUnavailable
        }
        self.editLine = editLine
        self.history = history
        self.historyPath = historyPath
        historyIsForeign = historyPath.map(Self.isForeignHistory) ?? false
        promptBuffer = EditLineText.wideString("")
        TerminalSignals.install(fileDescriptor: 0)
        configure()
    }

    deinit {
        el_end(editLine)  // puts the terminal modes back as they were at el_init
        history_wend(history)
        promptBuffer.deallocate()
        TerminalSignals.restoreTerminal()
        TerminalSignals.uninstall()
    }

    // MARK: - LineReader

    public var showsPrompt: Bool { true }

    public func readLine(prompt: String) -> LineInput {
        setPrompt(prompt)
        cancelled = false
        fflush(kassa_stdout())  // the session's own output must be on screen before the prompt
        // Edit mode before the prompt appears: el_wgets prints the prompt first and switches
        // the tty afterwards, so a key typed at the visible prompt could still meet the cooked
        // tty, which eats Ctrl-D/Ctrl-U as line-discipline characters.
        _ = kassa_el_prep_term(editLine, 1)
        var count: Int32 = 0
        errno = 0
        let raw = el_wgets(editLine, &count)
        if cancelled {
            cancelled = false
            finishCancelledLine()
            return cancelledText ? .cleared : .interrupted
        }
        if pasteEnded {
            pasteEnded = false
            return .cleared
        }
        guard let raw else {
            writeOutput("\n")  // Ctrl-D (or the error) leaves the cursor after the prompt
            // count -1 is a failed read, 0 is Ctrl-D. (errno alone could be stale: libedit
            // retries reads a resize interrupted.) EINTR: a signal such as `kill -INT` stopped
            // the read, which is treated like Ctrl-C; any other error (EIO: the terminal is
            // gone) ends the input.
            if count < 0 && errno == EINTR { return .interrupted }
            return .end
        }
        var scalars = String.UnicodeScalarView()
        var byteCount = 0
        for index in 0..<Int(count) {
            let value = raw[index]
            if value == 10 || value == 13 { continue }  // the terminator el_wgets keeps
            guard let scalar = Unicode.Scalar(UInt32(bitPattern: value)) else {
                return .invalidEncoding(byteCount: byteCount)
            }
            byteCount += UTF8.width(scalar)
            scalars.append(scalar)
        }
        if byteCount > Self.maximumLineBytes { return .tooLong(byteCount: byteCount) }
        return .line(String(scalars))
    }

    public func addToHistory(_ line: String) {
        guard !line.isEmpty, line.utf8.count <= Self.maximumLineBytes else { return }
        var event = HistEventW()
        let wide = EditLineText.wideString(line)
        defer { wide.deallocate() }
        _ = kassa_history_w_string(history, &event, H_ENTER, wide)
        appendToHistoryFile(wide)
    }

    // MARK: - Setup

    /// libedit decodes input with the C locale's multibyte functions: without a UTF-8 LC_CTYPE
    /// it drops every Cyrillic byte (and a Cyrillic prompt crashes it).
    private static func selectUTF8Locale() {
        setlocale(LC_CTYPE, "")
        if kassa_codeset_is_utf8() == 0 {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    private func configure() {
        _ = kassa_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        _ = kassa_el_wset_prompt(editLine, { editLine in
            guard let editLine, let reader = EditLineReader.from(editLine) else { return nil }
            return reader.promptBuffer
        }, Self.promptIgnore)
        _ = kassa_el_set_editor(editLine, "emacs")
        _ = kassa_el_set_signal(editLine, 1)

        var event = HistEventW()
        _ = kassa_history_w_int(history, &event, H_SETSIZE, Self.historySize)
        _ = kassa_history_w_int(history, &event, H_SETUNIQUE, 1)
        if let historyPath, !historyIsForeign, access(historyPath, R_OK) == 0 {
            _ = kassa_history_w_path(history, &event, H_LOAD, historyPath)
        }
        _ = kassa_el_wset_hist(editLine, history)

        _ = kassa_el_addfn(editLine, "kassa-complete", "Complete the word before the cursor", { editLine, _ in
            guard let editLine, let reader = EditLineReader.from(editLine) else { return UInt8(CC_ERROR) }
            return reader.complete()
        })
        _ = kassa_el_addfn(editLine, "kassa-cancel", "Cancel the current line", { editLine, _ in
            guard let editLine, let reader = EditLineReader.from(editLine) else { return UInt8(CC_ERROR) }
            reader.cancel()
            return UInt8(CC_EOF)
        })

        // Escape sequences are read whole (EditLineReader+Keys, KeySequence): bracketed-paste
        // marks, arrows, Home/End/Delete, and any other sequence dropped, never left as text.
        _ = kassa_el_addfn(editLine, "kassa-csi", "Read an ESC [ key sequence whole", { editLine, _ in
            guard let editLine, let reader = EditLineReader.from(editLine) else { return UInt8(CC_ERROR) }
            return reader.readSequence(csi: true)
        })
        _ = kassa_el_addfn(editLine, "kassa-ss3", "Read an ESC O key sequence whole", { editLine, _ in
            guard let editLine, let reader = EditLineReader.from(editLine) else { return UInt8(CC_ERROR) }
            return reader.readSequence(csi: false)
        })

        // The user's ~/.editrc first (it may switch to vi mode, which resets the keymaps),
        // then our keys on top, in the insert map and in vi's command map.
        _ = el_source(editLine, nil)
        for flag in [nil, "-a"] as [String?] {
            _ = bind(flag, "^I", "kassa-complete")
            _ = bind(flag, "^C", "kassa-cancel")
        }
        // In emacs mode only: in vi mode a binding that starts with ESC would hold back the
        // Escape that leaves insert mode. Binding `ESC [` and `ESC O` replaces libedit's longer
        // bindings under them (its arrows): kassa's reader does their work. Meta-digits (ESC 3)
        // would make the next key repeat ("5" + Alt-3 + "0" typed "5000"): they only beep.
        if kassa_el_editor_is_vi(editLine) == 0 {
            _ = bind(nil, "\\e[", "kassa-csi")
            _ = bind(nil, "\\eO", "kassa-ss3")
            for digit in 0...9 { _ = bind(nil, "\\e\(digit)", "ed-unassigned") }
        }
        // The tty's intr character off in edit mode only: Ctrl-C reaches libedit as a key.
        _ = kassa_el_disable_edit_char(editLine, "-intr", "intr=")
    }

    private func bind(_ flag: String?, _ key: String, _ command: String) -> Int32 {
        if let flag { return kassa_el_bind(editLine, flag, key, command) }
        return kassa_el_bind(editLine, nil, key, command)
    }

    static func from(_ editLine: OpaquePointer) -> EditLineReader? {
        guard let data = kassa_el_get_clientdata(editLine) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    // MARK: - Prompt

    private func setPrompt(_ prompt: String) {
        promptBuffer.deallocate()
        promptBuffer = EditLineText.wideString(EditLineText.markingEscapes(prompt, marker: Self.promptIgnore))
    }

    // MARK: - Ctrl-C

    /// The Ctrl-C key function: remember the cancel; libedit then ends el_wgets (CC_EOF).
    fileprivate func cancel() {
        cancelled = true
        cancelledTail = ""
        cancelledText = false
        if let info = el_wline(editLine)?.pointee, let cursor = info.cursor, let last = info.lastchar {
            cancelledTail = EditLineText.string(from: cursor, count: last - cursor)
            if let first = info.buffer { cancelledText = last > first }
        }
    }

    /// After Ctrl-C: rewrite the text after the cursor (so a line that wrapped is passed whole,
    /// not overwritten), echo ^C as the tty would, and start the next prompt on a fresh line.
    private func finishCancelledLine() {
        writeOutput(cancelledTail + "^C\n")
        cancelledTail = ""
    }

    // MARK: - Completion

    /// Tab: replaces the word before the cursor with the longest common prefix of the
    /// completer's candidates; when that adds nothing and there are several, lists them.
    fileprivate func complete() -> UInt8 {
        guard let completer, let info = el_wline(editLine)?.pointee,
              let buffer = info.buffer, let cursor = info.cursor
        else { return UInt8(CC_ERROR) }
        let before = EditLineText.string(from: buffer, count: cursor - buffer)
        let word = EditLineText.lastWord(of: before)
        let candidates = completer(before)
        guard !candidates.isEmpty else {
            el_beep(editLine)
            return UInt8(CC_REFRESH)
        }
        // A name from an imported file may hold control characters: Tab never types one into
        // the line (the common part stops before it; such a name alone is listed, escaped).
        let common = EditLineText.commonPrefix(of: candidates).prefix { character in
            !character.unicodeScalars.contains { TerminalSafety.isUnsafe($0.value) }
        }
        let whole = candidates.count == 1 && common.count == candidates[0].count
        let replacement = whole ? candidates[0] + " " : String(common)
        if replacement.count > word.count || (whole && replacement != word) {
            replaceWord(length: word.unicodeScalars.count, with: replacement)
            return UInt8(CC_REFRESH)
        }
        if candidates.count > 1 || !whole {
            listCandidates(candidates)
            return UInt8(CC_REDISPLAY)
        }
        return UInt8(CC_NORM)
    }

    private func replaceWord(length: Int, with text: String) {
        if length > 0 { el_deletestr(editLine, Int32(length)) }
        let wide = EditLineText.wideString(text)
        defer { wide.deallocate() }
        _ = el_winsertstr(editLine, wide)
    }

    /// Prints the candidates in columns below the line; libedit redraws the prompt after.
    private func listCandidates(_ candidates: [String]) {
        let columns = max(20, Int(kassa_terminal_columns(1)))
        // Shown escaped: an account name from an imported file may hold ESC sequences.
        writeOutput("\n" + EditLineText.columnLayout(candidates.map(TerminalSafety.visible), width: columns))
    }

    // MARK: - History file

    /// Adds one entry to the history file: reads the file as it is now (another kassa may have
    /// added lines since we loaded it), adds the entry, keeps the newest `historySize`, and
    /// writes a temporary file beside it that is renamed over it, so a crash never leaves a
    /// truncated history. Mode 0600: entries are private.
    private func appendToHistoryFile(_ entry: UnsafePointer<wchar_t>) {
        // Looked at again before each write: a file put there since the start is kept too.
        guard let historyPath, !historyIsForeign, !Self.isForeignHistory(historyPath), let merged = history_winit() else { return }
        defer { history_wend(merged) }
        var event = HistEventW()
        _ = kassa_history_w_int(merged, &event, H_SETSIZE, Self.historySize)
        _ = kassa_history_w_int(merged, &event, H_SETUNIQUE, 1)
        if access(historyPath, R_OK) == 0 {
            _ = kassa_history_w_path(merged, &event, H_LOAD, historyPath)
        }
        _ = kassa_history_w_string(merged, &event, H_ENTER, entry)

        let directory = Self.directory(of: historyPath)
        if !directory.isEmpty, access(directory, F_OK) != 0 {
            AtomicFile.makeDirectories(directory, mode: 0o700)
        }
        // SafeFile's temporary: exclusive, never through a planted link, fsynced before the rename.
        guard case .success(let temporary) = SafeFile.create(beside: historyPath, mode: 0o600) else { return }
        let copy = dup(temporary.descriptor)
        guard copy >= 0, let file = fdopen(copy, "w") else {
            if copy >= 0 { close(copy) }
            SafeFile.discard(temporary)
            return
        }
        let saved = kassa_history_w_file(merged, &event, H_SAVE_FP, file)
        let flushed = fflush(file) == 0
        let closed = fclose(file) == 0
        guard saved >= 0, flushed, closed else {
            SafeFile.discard(temporary)
            return
        }
        _ = SafeFile.commit(temporary)
    }

    /// Whether `path` holds something other than a history libedit wrote: a file that does not
    /// begin with libedit's cookie line, a link, or no regular file. None there, or an empty
    /// file, is kassa's to write. Reads at most the cookie's length, never waits (O_NONBLOCK).
    static func isForeignHistory(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return errno != ENOENT }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return true }
        if status.st_size == 0 { return false }
        let want = historyCookie.count
        var head = [UInt8](repeating: 0, count: want)
        var got = 0
        while got < want {
            let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, want - got) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            got += n
        }
        return got < want ? true : head != historyCookie
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    // MARK: - Output

    private func writeOutput(_ text: String) {
        fputs(text, kassa_stdout())
        fflush(kassa_stdout())
    }
}
