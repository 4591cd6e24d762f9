#define _GNU_SOURCE
#include <fcntl.h>
#include "CShims.h"
#include <sys/file.h>

int tourist_flock(int fd, int operation) { return flock(fd, operation); }

const int TOURIST_LOCK_EX = LOCK_EX;
const int TOURIST_LOCK_NB = LOCK_NB;
const int TOURIST_LOCK_UN = LOCK_UN;

int tourist_start_writeback(int fd, long long offset, long long length) {
#ifdef SYNC_FILE_RANGE_WRITE
    return sync_file_range(fd, offset, length, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd; (void)offset; (void)length;
    return 0;
#endif
}
