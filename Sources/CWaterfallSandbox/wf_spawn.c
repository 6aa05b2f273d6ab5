#define _GNU_SOURCE
#include "CWaterfallSandbox.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/* One spawn, handed to the spawning thread. */
typedef struct spawn_request {
    const char *path;
    char *const *argv;
    int test_faults;
    int child_end;
    pid_t pid;
    int failed; /* an errno, or 0 */
} spawn_request;

static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t spawn_changed = PTHREAD_COND_INITIALIZER;
static spawn_request *spawn_pending;   /* handed over, not yet done */
static int spawner_failed = -1;        /* -1 until the thread was started; then 0 or an errno */

static void spawn_now(spawn_request *request) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    /* The socket first (dup2 onto 3 clears close-on-exec, glibc does so even when the numbers are
     * equal), then /dev/null as 0, 1 and 2, then every other descriptor closed: the worker holds
     * nothing of the app's — no log file, no X11 or D-Bus socket, no file GTK had open. */
    posix_spawn_file_actions_adddup2(&actions, request->child_end, WF_WORKER_SOCKET_FD);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclosefrom_np(&actions, WF_WORKER_SOCKET_FD + 1);
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    char role[] = WF_WORKER_ROLE_VARIABLE "=" WF_WORKER_ROLE;
    char parent[64];
    snprintf(parent, sizeof parent, WF_WORKER_PARENT_VARIABLE "=%ld", (long)getpid());
    char faults[] = "WATERFALL_IMAGE_WORKER_TEST_FAULTS=1";
    char *environment[] = {role, parent, request->test_faults ? faults : NULL, NULL};
    request->failed = posix_spawn(&request->pid, request->path, &actions, &attributes, request->argv, environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
}

/* The spawning thread: lives as long as the process, so a worker's parent-death signal (which
 * follows the thread that started it, not the process) fires only when the app is gone. */
static void *spawner(void *unused) {
    (void)unused;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
    pthread_mutex_lock(&spawn_lock);
    for (;;) {
        while (!spawn_pending) pthread_cond_wait(&spawn_changed, &spawn_lock);
        spawn_now(spawn_pending);
        spawn_pending = NULL;
        pthread_cond_broadcast(&spawn_changed);
    }
    return NULL;
}

pid_t wf_worker_spawn(const char *path, char *const argv[], int test_faults, int *socket_out) {
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0) return -1;
    spawn_request request = {.path = path, .argv = argv, .test_faults = test_faults, .child_end = ends[1]};
    pthread_mutex_lock(&spawn_lock);
    if (spawner_failed < 0) {
        pthread_t thread;
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        spawner_failed = pthread_create(&thread, &attributes, spawner, NULL);
        pthread_attr_destroy(&attributes);
    }
    if (spawner_failed == 0) {
        while (spawn_pending) pthread_cond_wait(&spawn_changed, &spawn_lock);
        spawn_pending = &request;
        pthread_cond_broadcast(&spawn_changed);
        while (spawn_pending == &request) pthread_cond_wait(&spawn_changed, &spawn_lock);
    } else {
        request.failed = spawner_failed;
    }
    pthread_mutex_unlock(&spawn_lock);
    close(ends[1]);
    if (request.failed != 0) {
        close(ends[0]);
        errno = request.failed;
        return -1;
    }
    *socket_out = ends[0];
    return request.pid;
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
