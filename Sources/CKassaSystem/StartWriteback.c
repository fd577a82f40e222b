// CKassaSystem: sync_file_range(2) for the journal's long appends (see CKassaSystem.h).
#define _GNU_SOURCE
#include "CKassaSystem.h"

#ifdef __linux__
#include <fcntl.h>

int kassa_start_writeback(int fd, int64_t offset, int64_t count) {
    return sync_file_range(fd, (off_t)offset, (off_t)count, SYNC_FILE_RANGE_WRITE);
}
#else
int kassa_start_writeback(int fd, int64_t offset, int64_t count) {
    (void)fd; (void)offset; (void)count;
    return 0;
}
#endif
