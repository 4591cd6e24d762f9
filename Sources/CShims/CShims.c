#define _GNU_SOURCE
#include <fcntl.h>
#include "CShims.h"
#include <sys/file.h>
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>

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

int tourist_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                  int stdin_fd, int stdout_fd, int stderr_fd, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int result = posix_spawn_file_actions_init(&actions);
    if (result != 0) return result;
    result = posix_spawnattr_init(&attributes);
    if (result != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return result;
    }
    // dup2 clears close-on-exec on the copies; every other descriptor is closed in the child.
    if (result == 0) result = posix_spawn_file_actions_adddup2(&actions, stdin_fd, 0);
    if (result == 0) result = posix_spawn_file_actions_adddup2(&actions, stdout_fd, 1);
    if (result == 0) result = posix_spawn_file_actions_adddup2(&actions, stderr_fd, 2);
    if (result == 0) result = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (result == 0 && directory != NULL) result = posix_spawn_file_actions_addchdir_np(&actions, directory);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    int reset[] = {SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD, SIGUSR1, SIGUSR2};
    for (unsigned i = 0; i < sizeof reset / sizeof reset[0]; i++) sigaddset(&defaults, reset[i]);
    if (result == 0) result = posix_spawnattr_setsigmask(&attributes, &none);
    if (result == 0) result = posix_spawnattr_setsigdefault(&attributes, &defaults);
    if (result == 0) result = posix_spawnattr_setpgroup(&attributes, 0);
    if (result == 0) {
        result = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
    }
    if (result == 0) result = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return result;
}

int tourist_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int tourist_child_ended(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return -1;
    return info.si_pid == pid ? 1 : 0;
}

static int signal_pipe[2] = {-1, -1};

static void tourist_forward_signal(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    (void)!write(signal_pipe[1], &byte, 1);
    errno = saved;
}

int tourist_forward_signals(const int *numbers, int count) {
    if (signal_pipe[0] < 0 && pipe2(signal_pipe, O_CLOEXEC) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = tourist_forward_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < count; i++) {
        struct sigaction current;
        if (sigaction(numbers[i], NULL, &current) == 0 && current.sa_handler == SIG_IGN) continue;
        if (sigaction(numbers[i], &action, NULL) != 0) return -1;
    }
    return signal_pipe[0];
}
