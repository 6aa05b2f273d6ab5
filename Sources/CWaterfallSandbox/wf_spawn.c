#define _GNU_SOURCE
#include "CWaterfallSandbox.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

pid_t wf_worker_spawn(const char *path, char *const argv[], int test_faults, int *socket_out) {
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0) return -1;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    /* dup2 onto 3 clears close-on-exec (glibc does so even when the numbers are equal). */
    posix_spawn_file_actions_adddup2(&actions, ends[1], WF_WORKER_SOCKET_FD);
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    char role[] = WF_WORKER_ROLE_VARIABLE "=" WF_WORKER_ROLE;
    char faults[] = "WATERFALL_IMAGE_WORKER_TEST_FAULTS=1";
    char *environment[] = {role, test_faults ? faults : NULL, NULL};
    pid_t pid;
    int failed = posix_spawn(&pid, path, &actions, &attributes, argv, environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(ends[1]);
    if (failed != 0) {
        close(ends[0]);
        errno = failed;
        return -1;
    }
    *socket_out = ends[0];
    return pid;
}

int wf_worker_reap(pid_t pid, int already_exited) {
    if (!already_exited) kill(pid, SIGKILL);
    int status;
    for (;;) {
        if (waitpid(pid, &status, 0) == pid) return status;
        if (errno != EINTR) return -1;
    }
}

const char *wf_worker_libexecdir(void) {
#ifdef WATERFALL_LIBEXECDIR
    return WATERFALL_LIBEXECDIR;
#else
    return NULL;
#endif
}

const char *wf_worker_code_directory(void) {
    static char directory[PATH_MAX];
    Dl_info info;
    if (dladdr((void *)&wf_worker_code_directory, &info) == 0 || !info.dli_fname) return NULL;
    char resolved[PATH_MAX];
    if (!realpath(info.dli_fname, resolved)) return NULL;
    char *slash = strrchr(resolved, '/');
    if (!slash) return NULL;
    *slash = '\0';
    memcpy(directory, resolved, strlen(resolved) + 1);
    return directory;
}
