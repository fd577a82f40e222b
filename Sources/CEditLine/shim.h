// shim.h: the libedit (histedit) API as Swift can call it. el_set, el_get and history are
// C variadics, which Swift cannot call, so each use gets a static inline wrapper here; the C
// globals stdin/stdout/stderr are reached through accessors (Swift 6 rejects them directly).
// It also holds the async-signal-safe terminal restore used on fatal signals, which must not
// run Swift code (no allocation, no locks, no runtime calls inside a signal handler).
#ifndef KASSA_CEDITLINE_SHIM_H
#define KASSA_CEDITLINE_SHIM_H

#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <locale.h>
#include <langinfo.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>
#include <errno.h>
#include <wchar.h>
#include <sys/ioctl.h>

static inline FILE *kassa_stdin(void) { return stdin; }
static inline FILE *kassa_stdout(void) { return stdout; }
static inline FILE *kassa_stderr(void) { return stderr; }

// MARK: - Editing (el_set / el_wset / el_get)

/// A user function bound to a key: returns one of the CC_* codes.
typedef unsigned char (*kassa_el_func_t)(EditLine *, int);
/// The wide prompt callback (EL_PROMPT_ESC with el_wset).
typedef wchar_t *(*kassa_el_wprompt_t)(EditLine *);

static inline int kassa_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}
static inline void *kassa_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}
/// The prompt, with `ignore` delimiting invisible runs (colour escapes) that take no columns.
static inline int kassa_el_wset_prompt(EditLine *el, kassa_el_wprompt_t prompt, wchar_t ignore) {
    return el_wset(el, EL_PROMPT_ESC, prompt, (int)ignore);
}
static inline int kassa_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}
/* 1 when the editor is in vi mode (after ~/.editrc), else 0. */
static inline int kassa_el_editor_is_vi(EditLine *el) {
    const char *name = NULL;
    if (el_get(el, EL_EDITOR, &name) != 0 || name == NULL) return 0;
    return name[0] == 'v' && name[1] == 'i' && name[2] == 0;
}
static inline int kassa_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}
/// Wide history: el_wset clears libedit's NARROW_HISTORY flag, so entries stay wchar_t.
static inline int kassa_el_wset_hist(EditLine *el, HistoryW *history) {
    return el_wset(el, EL_HIST, history_w, history);
}
static inline int kassa_el_addfn(EditLine *el, const char *name, const char *help, kassa_el_func_t fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
/// `bind [flag] key command`; flag is NULL for the current keymap or "-a" for vi command mode.
static inline int kassa_el_bind(EditLine *el, const char *flag, const char *key, const char *command) {
    if (flag != NULL) return el_set(el, EL_BIND, flag, key, command, (const char *)NULL);
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}
/// `setty -d -NAME NAME=`: disables the tty special character NAME (e.g. "intr") in edit mode
/// only, so the key reaches libedit as a byte; the saved terminal modes keep it.
static inline int kassa_el_disable_edit_char(EditLine *el, const char *minus_name, const char *name_eq) {
    return el_set(el, EL_SETTY, "-d", minus_name, name_eq, (const char *)NULL);
}
/// EL_PREP_TERM: switch the terminal to (1) or from (0) libedit's edit mode now.
static inline int kassa_el_prep_term(EditLine *el, int on) {
    return el_set(el, EL_PREP_TERM, on);
}
static inline int kassa_el_refresh(EditLine *el) {
    return el_set(el, EL_REFRESH);
}

// MARK: - Wide history (history_w)

static inline int kassa_history_w_int(HistoryW *h, HistEventW *ev, int op, int value) {
    return history_w(h, ev, op, value);
}
static inline int kassa_history_w_string(HistoryW *h, HistEventW *ev, int op, const wchar_t *text) {
    return history_w(h, ev, op, text);
}
static inline int kassa_history_w_path(HistoryW *h, HistEventW *ev, int op, const char *path) {
    return history_w(h, ev, op, path);
}
static inline int kassa_history_w_file(HistoryW *h, HistEventW *ev, int op, FILE *file) {
    return history_w(h, ev, op, file);
}

// MARK: - Terminal

/// Columns of the terminal on fd, or 0 when unknown.
static inline int kassa_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return (int)size.ws_col;
}

/// Terminal cells of one character (glibc declares wcwidth only under _XOPEN_SOURCE).
extern int wcwidth(wchar_t c);
static inline int kassa_wcwidth(wchar_t c) { return wcwidth(c); }

/// True when the current LC_CTYPE codeset is UTF-8.
static inline int kassa_codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

// MARK: - Fatal-signal terminal restore
// Only TerminalSignals.swift may call these: their state is a static inside a header, so every
// Swift file that used them would get its own copy in a debug (per-file) build.

#define KASSA_FATAL_SIGNAL_COUNT 9

/// All the state the handlers need. It lives in a function-local static because Swift's
/// importer emits no storage for file-scope statics of a header.
struct kassa_signal_state {
    struct termios saved_termios;
    volatile sig_atomic_t saved_fd;
    int signals[KASSA_FATAL_SIGNAL_COUNT];
    struct sigaction previous[KASSA_FATAL_SIGNAL_COUNT];
    volatile sig_atomic_t installed[KASSA_FATAL_SIGNAL_COUNT];
    struct sigaction previous_sigint;
    volatile sig_atomic_t sigint_ignored;
};

static inline struct kassa_signal_state *kassa_signal_state(void) {
    static struct kassa_signal_state state = {
        .saved_fd = -1,
        .signals = { SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP },
    };
    return &state;
}

/// Puts the terminal back as it was when saved. Async-signal-safe (tcsetattr only).
static inline void kassa_terminal_restore(void) {
    struct kassa_signal_state *state = kassa_signal_state();
    int fd = state->saved_fd;
    if (fd >= 0) (void)tcsetattr(fd, TCSANOW, &state->saved_termios);
}

static inline void kassa_fatal_signal_handler(int signo, siginfo_t *info, void *context) {
    struct kassa_signal_state *state = kassa_signal_state();
    int saved_errno = errno;
    kassa_terminal_restore();
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    for (int i = 0; i < KASSA_FATAL_SIGNAL_COUNT; i++) {
        if (state->signals[i] != signo) continue;
        struct sigaction previous = state->previous[i];
        state->installed[i] = 0;
        (void)sigaction(signo, &default_action, NULL);
        // Let whoever had the signal before run too (the Swift runtime prints a backtrace on a
        // crash). Called directly, not re-raised to it: it returns for a signal sent with
        // kill, and the process must still die.
        if (previous.sa_flags & SA_SIGINFO) {
            if (previous.sa_sigaction != NULL) previous.sa_sigaction(signo, info, context);
        } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
            previous.sa_handler(signo);
        }
        break;
    }
    // Default action, re-raised: blocked until this handler returns, then it ends the process.
    (void)sigaction(signo, &default_action, NULL);
    (void)raise(signo);
    errno = saved_errno;
}

/// Saves fd's terminal modes and installs the restoring handler on the fatal signals
/// (skipping any the process ignores). Returns 0, or -1 when fd is not a terminal.
static inline int kassa_fatal_restore_install(int fd) {
    struct kassa_signal_state *state = kassa_signal_state();
    if (tcgetattr(fd, &state->saved_termios) != 0) return -1;
    state->saved_fd = fd;
    for (int i = 0; i < KASSA_FATAL_SIGNAL_COUNT; i++) {
        if (state->installed[i]) continue;
        struct sigaction previous;
        if (sigaction(state->signals[i], NULL, &previous) != 0) continue;
        if (!(previous.sa_flags & SA_SIGINFO) && previous.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = kassa_fatal_signal_handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART | SA_SIGINFO;
        state->previous[i] = previous;
        if (sigaction(state->signals[i], &action, NULL) == 0) state->installed[i] = 1;
    }
    return 0;
}

/// Ignores SIGINT while the line editor lives: at the prompt Ctrl-C is a key (the tty's intr
/// character is off in edit mode), and between prompts it must not kill a session mid-commit.
static inline void kassa_sigint_ignore(int ignore) {
    struct kassa_signal_state *state = kassa_signal_state();
    if (ignore && !state->sigint_ignored) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = SIG_IGN;
        sigemptyset(&action.sa_mask);
        if (sigaction(SIGINT, &action, &state->previous_sigint) == 0) state->sigint_ignored = 1;
    } else if (!ignore && state->sigint_ignored) {
        (void)sigaction(SIGINT, &state->previous_sigint, NULL);
        state->sigint_ignored = 0;
    }
}

/// Removes the handlers (putting back the previous ones) and forgets the saved modes.
static inline void kassa_fatal_restore_uninstall(void) {
    struct kassa_signal_state *state = kassa_signal_state();
    for (int i = 0; i < KASSA_FATAL_SIGNAL_COUNT; i++) {
        if (!state->installed[i]) continue;
        (void)sigaction(state->signals[i], &state->previous[i], NULL);
        state->installed[i] = 0;
    }
    state->saved_fd = -1;
}

#endif
