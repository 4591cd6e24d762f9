#ifndef TOURIST_CSHIMS_H
#define TOURIST_CSHIMS_H

/// flock(2), which Swift cannot call directly on Glibc because `struct flock` shadows it.
/// Returns 0 on success, -1 with errno set on failure.
int tourist_flock(int fd, int operation);

/// The flock operation constants, re-exported as plain ints.
extern const int TOURIST_LOCK_EX;
extern const int TOURIST_LOCK_NB;
extern const int TOURIST_LOCK_UN;

/// Starts writeback of a file's dirty pages without waiting (Linux sync_file_range with
/// SYNC_FILE_RANGE_WRITE), so a later fsync(2) has less left to do. Returns 0, or -1 with errno.
int tourist_start_writeback(int fd, long long offset, long long length);

#endif
