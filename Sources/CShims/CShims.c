#define _GNU_SOURCE
#include <fcntl.h>
#include "CShims.h"
#include <sys/file.h>
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

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

int tourist_open_unnamed(const char *directory) {
#ifdef O_TMPFILE
    return open(directory, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
#else
    (void)directory;
    errno = EOPNOTSUPP;
    return -1;
#endif
}

int tourist_link_unnamed(int fd, const char *path) {
    char source[64];
    snprintf(source, sizeof source, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

int tourist_syncfs(int fd) {
    return syncfs(fd);
}
