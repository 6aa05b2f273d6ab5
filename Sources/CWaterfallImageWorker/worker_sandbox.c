#define _GNU_SOURCE
#include "worker.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/prctl.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>

int wf_worker_limit(const wf_worker_limits *limits) {
    struct rlimit memory = {.rlim_cur = limits->memory_bytes, .rlim_max = limits->memory_bytes};
    struct rlimit cpu = {.rlim_cur = limits->cpu_total, .rlim_max = limits->cpu_total};
    struct rlimit none = {0, 0};
    struct rlimit files = {.rlim_cur = 16, .rlim_max = 16};
    if (setrlimit(RLIMIT_AS, &memory) != 0 || setrlimit(RLIMIT_CPU, &cpu) != 0 ||
        setrlimit(RLIMIT_CORE, &none) != 0 || setrlimit(RLIMIT_NOFILE, &files) != 0) {
        return -1;
    }
    return 0;
}

void wf_worker_default_signals(void) {
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU};
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) signal(fatal[i], SIG_DFL);
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

/* What a pixbuf worker's loaders need besides: threads and their setup, randomness, signals,
 * and access(), which fontconfig asks of a font file (loaded before the filter) each time SVG
 * text uses it: it tells whether a path exists, reads nothing. */
static int allow_loaders(scmp_filter_ctx filter) {
    static const int plain[] = {
        SCMP_SYS(set_robust_list), SCMP_SYS(rseq), SCMP_SYS(gettid), SCMP_SYS(getpid), SCMP_SYS(sched_yield),
        SCMP_SYS(sched_getaffinity), SCMP_SYS(sysinfo), SCMP_SYS(getrandom), SCMP_SYS(rt_sigaction),
        SCMP_SYS(rt_sigprocmask), SCMP_SYS(access), SCMP_SYS(faccessat), SCMP_SYS(faccessat2),
    };
    int failed = allow_all(filter, plain, sizeof plain / sizeof *plain);
    if (!failed) {
        failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                                  SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
    }
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME));
    return failed;
}

int wf_worker_confine(int threads) {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (!filter) return -ENOMEM;
    static const int plain[] = {
        /* memory: malloc, the decoders' buffers, the memfd mappings */
        SCMP_SYS(brk), SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(mprotect), SCMP_SYS(madvise),
        /* memfds: the pixels, the JPEG decoder's spilled coefficients */
        SCMP_SYS(memfd_create), SCMP_SYS(ftruncate), SCMP_SYS(fstat), SCMP_SYS(newfstatat), SCMP_SYS(close),
        /* the CPU budget, time, locks, leaving */
        SCMP_SYS(getrusage), SCMP_SYS(clock_gettime), SCMP_SYS(gettimeofday), SCMP_SYS(futex),
        SCMP_SYS(rt_sigreturn), SCMP_SYS(exit), SCMP_SYS(exit_group),
    };
    int failed = allow_all(filter, plain, sizeof plain / sizeof *plain);
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
    /* No files: opening or writing fails cleanly (the JPEG spill then takes a memfd). */
    static const int refused[] = {SCMP_SYS(open), SCMP_SYS(openat), SCMP_SYS(write), SCMP_SYS(writev)};
    for (size_t i = 0; !failed && i < sizeof refused / sizeof *refused; i++) {
        failed = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EACCES), refused[i], 0);
    }
    if (!failed) failed = seccomp_load(filter);
    seccomp_release(filter);
    return failed;
}
