#define _GNU_SOURCE
#include "worker.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/prctl.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "CWaterfallImageDecoding.h"

int wf_worker_limit(const wf_worker_limits *limits) {
    struct rlimit memory = {.rlim_cur = limits->memory_bytes, .rlim_max = limits->memory_bytes};
    struct rlimit cpu = {.rlim_cur = limits->cpu_total, .rlim_max = limits->cpu_total};
    struct rlimit none = {0, 0};
    struct rlimit files = {.rlim_cur = 16, .rlim_max = 16};
    /* A memfd's pages are not address space until mapped: each one may grow to at most the memory
     * budget (RLIMIT_FSIZE applies to memfds), and the JPEG spill's memfds together to 3/4 of it. */
    struct rlimit file_size = {.rlim_cur = limits->memory_bytes, .rlim_max = limits->memory_bytes};
    wf_jpeg_set_spill_limit((size_t)(limits->memory_bytes / 4 * 3));
    if (setrlimit(RLIMIT_AS, &memory) != 0 || setrlimit(RLIMIT_CPU, &cpu) != 0 ||
        setrlimit(RLIMIT_CORE, &none) != 0 || setrlimit(RLIMIT_NOFILE, &files) != 0 ||
        setrlimit(RLIMIT_FSIZE, &file_size) != 0) {
        return -1;
    }
    return 0;
}

void wf_worker_default_signals(void) {
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU};
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) signal(fatal[i], SIG_DFL);
    /* A memfd grown past RLIMIT_FSIZE fails with EFBIG (an "out of memory" reply), not a signal. */
    signal(SIGXFSZ, SIG_IGN);
}

int wf_worker_fstat(int fd, struct stat *status) {
#ifdef SYS_fstat
    return (int)syscall(SYS_fstat, fd, status);
#else
    return fstat(fd, status);
#endif
}

static uint64_t cpu_seconds_used(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return UINT64_MAX;
    uint64_t seconds = (uint64_t)usage.ru_utime.tv_sec + (uint64_t)usage.ru_stime.tv_sec;
    uint64_t micros = (uint64_t)usage.ru_utime.tv_usec + (uint64_t)usage.ru_stime.tv_usec;
    return seconds + micros / 1000000 + 1; /* rounded up */
}

int wf_worker_can_take_another(const wf_worker_limits *limits) {
    uint64_t used = cpu_seconds_used();
    return used != UINT64_MAX && used + limits->cpu_per_image <= limits->cpu_total;
}

int wf_worker_arm_cpu(const wf_worker_limits *limits) {
    if (!wf_worker_can_take_another(limits)) return -1;
    struct rlimit cpu = {.rlim_cur = cpu_seconds_used() + limits->cpu_per_image, .rlim_max = limits->cpu_total};
    return setrlimit(RLIMIT_CPU, &cpu);
}

/* Adds `rules` to `filter`, stopping at the first failure (its negative errno). */
static int allow_all(scmp_filter_ctx filter, const int *calls, size_t count) {
    for (size_t i = 0; i < count; i++) {
        int failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, calls[i], 0);
        if (failed) return failed;
    }
    return 0;
}

/* The clone flags of glibc's pthread_create, exactly: a thread, nothing more (no namespace, no
 * process). */
#define WF_THREAD_CLONE_FLAGS (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | \
                               CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID)

/* What a pixbuf worker's loaders need besides: threads (clone with exactly pthread_create's
 * flags) and their setup, randomness and signals, and stat and access of paths. GLib's MIME
 * sniffing stats its database every 5 s and reloads it (which then fails: nothing can be opened)
 * when the stat fails, and fontconfig asks access() of a font file (loaded before the filter)
 * each time SVG text uses it: they tell whether a path exists, read nothing. */
static int allow_loaders(scmp_filter_ctx filter) {
    static const int plain[] = {
        SCMP_SYS(set_robust_list), SCMP_SYS(rseq), SCMP_SYS(gettid), SCMP_SYS(getpid), SCMP_SYS(sched_yield),
        SCMP_SYS(sched_getaffinity), SCMP_SYS(sysinfo), SCMP_SYS(getrandom), SCMP_SYS(rt_sigaction),
        SCMP_SYS(rt_sigprocmask), SCMP_SYS(newfstatat), SCMP_SYS(access), SCMP_SYS(faccessat), SCMP_SYS(faccessat2),
    };
    int failed = allow_all(filter, plain, sizeof plain / sizeof *plain);
    if (!failed) {
        failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_EQ, WF_THREAD_CLONE_FLAGS));
    }
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME));
    return failed;
}

int wf_worker_confine(int threads) {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (!filter) return -ENOMEM;
    static const int plain[] = {
        /* memory: malloc, the decoders' buffers, the memfd mappings (never executable: below) */
        SCMP_SYS(brk), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(madvise),
        /* memfds: the pixels, the JPEG decoder's spilled coefficients (fstat by descriptor only:
         * wf_worker_fstat) */
        SCMP_SYS(memfd_create), SCMP_SYS(fstat), SCMP_SYS(close),
        /* the CPU budget, time, locks, leaving */
        SCMP_SYS(getrusage), SCMP_SYS(clock_gettime), SCMP_SYS(gettimeofday), SCMP_SYS(futex),
        SCMP_SYS(rt_sigreturn), SCMP_SYS(exit), SCMP_SYS(exit_group),
    };
    int failed = allow_all(filter, plain, sizeof plain / sizeof *plain);
    /* No executable memory: a decoder's exploit cannot make its payload code. */
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(mmap), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(mprotect), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    /* Sizing the worker's own memfds only: 0-2 are /dev/null and 3 the socket, so every
     * descriptor above 3 is a memfd the worker made or was sent (those are sealed). */
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(ftruncate), 1, SCMP_A0(SCMP_CMP_GT, WF_WORKER_SOCKET_FD));
    if (!failed && threads) failed = allow_loaders(filter);
    /* The socket on descriptor 3 only. */
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(recvmsg), 1, SCMP_A0(SCMP_CMP_EQ, WF_WORKER_SOCKET_FD));
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(sendmsg), 1, SCMP_A0(SCMP_CMP_EQ, WF_WORKER_SOCKET_FD));
    /* The CPU soft limit of this process only (glibc's setrlimit is prlimit64(0, …)). */
    if (!failed) {
        failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 2, SCMP_A0(SCMP_CMP_EQ, 0),
                                  SCMP_A1(SCMP_CMP_EQ, RLIMIT_CPU));
    }
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(setrlimit), 1, SCMP_A0(SCMP_CMP_EQ, RLIMIT_CPU));
    /* No files and no paths: opening, writing, and (but in a pixbuf worker) stat or access of a
     * path fail cleanly (the JPEG spill then takes a memfd). So do the forms of the calls allowed above that a library may try:
     * executable memory, ftruncate of descriptors 0-3, clone with other flags (clone3 fails with
     * ENOSYS, so glibc falls back to clone). Anything else kills the process. */
    static const int refused[] = {SCMP_SYS(open), SCMP_SYS(openat), SCMP_SYS(write), SCMP_SYS(writev),
                                  SCMP_SYS(newfstatat), SCMP_SYS(access), SCMP_SYS(faccessat), SCMP_SYS(faccessat2)};
    size_t refused_count = threads ? 4 : sizeof refused / sizeof *refused; /* loaders may stat: above */
    for (size_t i = 0; !failed && i < refused_count; i++) {
        failed = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EACCES), refused[i], 0);
    }
    if (!failed) {
        failed = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(mmap), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, PROT_EXEC));
    }
    if (!failed) {
        failed = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(mprotect), 1,
                                  SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, PROT_EXEC));
    }
    if (!failed) {
        failed = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(ftruncate), 1, SCMP_A0(SCMP_CMP_LE, WF_WORKER_SOCKET_FD));
    }
    if (!failed) {
        failed = threads ? seccomp_rule_add(filter, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(clone), 1,
                                            SCMP_A0(SCMP_CMP_NE, WF_THREAD_CLONE_FLAGS))
                         : seccomp_rule_add(filter, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(clone), 0);
    }
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    if (!failed) failed = seccomp_load(filter);
    seccomp_release(filter);
    return failed;
}
