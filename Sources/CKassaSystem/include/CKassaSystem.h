// CKassaSystem: the few system calls Swift's Glibc module does not show (they need
// _GNU_SOURCE), wrapped in plain C functions. A direct call rather than a lookup by name:
// a fully static kassa has no dynamic symbol table to look in.
#ifndef CKASSA_SYSTEM_H
#define CKASSA_SYSTEM_H

#include <stdint.h>

/// sync_file_range(fd, offset, count, SYNC_FILE_RANGE_WRITE) on Linux: start writing that
/// range to storage without waiting. 0, or -1 with errno set; elsewhere it does nothing (0).
int kassa_start_writeback(int fd, int64_t offset, int64_t count);

#endif
