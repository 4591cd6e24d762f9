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

/// Opens an unnamed file in `directory` for writing (Linux O_TMPFILE): nothing to clean up after a
/// crash, and no directory entry to create and remove. Returns -1 with errno EOPNOTSUPP, EISDIR or
/// EINVAL where the file system cannot do it.
int tourist_open_unnamed(const char *directory);

/// Gives an unnamed file from `tourist_open_unnamed` the name `path` (linkat through /proc/self/fd).
/// Returns 0, or -1 with errno (EEXIST when the name is taken).
int tourist_link_unnamed(int fd, const char *path);

/// Flushes every dirty page and inode of the file system holding `fd` (Linux syncfs(2)): one
/// flush for a batch of files instead of an fsync each. Returns 0, or -1 with errno.
int tourist_syncfs(int fd);

#include <sys/types.h>

/// Starts the program at `path` (an absolute path) with `argv` and `envp`, in the folder `directory`,
/// its standard input, output and error connected to `stdin_fd`, `stdout_fd` and `stderr_fd`, and
/// every other descriptor closed. The child leads a process group of its own (so the whole group can
/// be signalled), with no signal blocked and SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP and SIGCHLD
/// at their default actions. Returns 0 and sets `*pid`, or an errno value (the exec's own failure
/// included, such as ENOENT or EACCES).
int tourist_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                  int stdin_fd, int stdout_fd, int stderr_fd, pid_t *pid);

/// Whether child `pid` has ended, leaving it unreaped (waitid with WNOWAIT): while it is a zombie its
/// pid, and so its process group id, cannot be reused. Returns 1 when it has ended, 0 while it runs,
/// -1 with errno on failure.
int tourist_child_ended(pid_t pid);

/// Catches each of `numbers` with a handler that writes the signal's number, as one byte, to a pipe
/// (the only thing a signal handler can safely do), and returns the pipe's read end for a thread
/// to act on; -1 with errno on failure. Calling it again adds signals to the same pipe. A signal
/// the process was started ignoring (`nohup`, `&` in a script) stays ignored.
int tourist_forward_signals(const int *numbers, int count);

/// Makes a pipe whose two ends are close-on-exec. Returns 0, or -1 with errno.
int tourist_pipe_cloexec(int fds[2]);

#endif
