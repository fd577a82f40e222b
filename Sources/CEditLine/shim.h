// shim.h: the libedit (histedit) API as Swift can call it. el_set, el_get and history are
// C variadics, which Swift cannot call, so each use gets a static inline wrapper here; the C
// globals stdin/stdout/stderr are reached through accessors (Swift 6 rejects them directly).
#ifndef KASSA_CEDITLINE_SHIM_H
#define KASSA_CEDITLINE_SHIM_H

#include <histedit.h>
#include <stdio.h>
#include <locale.h>
#include <langinfo.h>

static inline FILE *kassa_stdin(void) { return stdin; }
static inline FILE *kassa_stdout(void) { return stdout; }
static inline FILE *kassa_stderr(void) { return stderr; }

#endif
