// TerminalSignals: keeps the terminal usable whatever happens to the process. On a fatal signal
// (SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP) a C handler in
// shim.h puts back the terminal modes saved here, lets the previous handler run (the Swift
// runtime's crash backtrace), and re-raises the signal with its default action, so the process
// still dies of it. SIGINT is ignored while the editor lives: Ctrl-C at the prompt is a key.
//
// This is the only Swift file that calls the kassa_fatal_* / kassa_sigint_* helpers: their
// state is `static` in a header, so each calling file would get its own copy in a debug build.
import CEditLine

enum TerminalSignals {
    /// Saves the modes of the terminal on `fileDescriptor` and installs the handlers.
    /// Returns false when it is not a terminal (nothing is installed then).
    @discardableResult
    static func install(fileDescriptor: Int32) -> Bool {
        guard kassa_fatal_restore_install(fileDescriptor) == 0 else { return false }
        kassa_sigint_ignore(1)
        return true
    }

    /// Puts the saved terminal modes back now (normal exit path).
    static func restoreTerminal() {
        kassa_terminal_restore()
    }

    /// Puts the previous signal actions back.
    static func uninstall() {
        kassa_sigint_ignore(0)
        kassa_fatal_restore_uninstall()
    }
}
