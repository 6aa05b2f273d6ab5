/*
 * The image worker's entry: decodes untrusted JPEG, PNG and WebP bytes for a Waterfall app — and,
 * as a `pixbuf` worker, every format of gdk-pixbuf's loaders — one image at a time, confined by
 * seccomp and resource limits (see CWaterfallSandbox.h for the protocol and docs/SANDBOX.md for
 * the design). CWaterfallImageWorker.h says how a process becomes a worker.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "CWaterfallImageWorker.h"
#include "CWaterfallPixbufDecoding.h"
#include "worker.h"

static int parse(const char *text, uint64_t *value) {
    char *end;
    errno = 0;
    unsigned long long parsed = strtoull(text, &end, 10);
    if (errno || end == text || *end || parsed == 0) return 0;
    *value = parsed;
    return 1;
}

/* Appends what `result` (a system call's return value, errno set when negative) says to `out`. */
static void report_probe(char *out, size_t size, const char *what, long result) {
    size_t used = strlen(out);
    snprintf(out + used, size - used, "%s%s: %s", used ? "; " : "", what,
             result < 0 ? strerrorname_np(errno) : "allowed");
}

/* WF_WORKER_FAULT_ESCAPE: tries each way out the filter must close and reports each outcome. */
static void probe_escapes(char *out, size_t size) {
    struct stat status;
    out[0] = '\0';
    report_probe(out, size, "ftruncate(2)", ftruncate(2, 0));
    report_probe(out, size, "stat(/etc/passwd)", stat("/etc/passwd", &status));
    report_probe(out, size, "access(/etc/passwd)", access("/etc/passwd", R_OK));
    void *page = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    report_probe(out, size, "mmap(PROT_EXEC)", page == MAP_FAILED ? -1 : 0);
    if (page != MAP_FAILED) munmap(page, 4096);
    page = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page != MAP_FAILED) {
        report_probe(out, size, "mprotect(PROT_EXEC)", mprotect(page, 4096, PROT_READ | PROT_EXEC));
        munmap(page, 4096);
    }
    /* CLONE_THREAD without CLONE_SIGHAND: the kernel would refuse it (EINVAL), so nothing starts
     * even where the filter lets it through. */
    report_probe(out, size, "clone(CLONE_THREAD|CLONE_NEWNS)", syscall(SYS_clone, CLONE_THREAD | CLONE_NEWNS, NULL, NULL, NULL, 0));
}

/* Test faults, only when the app started the worker for tests; ESCAPE writes its findings to
 * `reply`. Returns 0 when there is no fault. */
static int run_fault(uint32_t fault, int faults_allowed, wf_worker_reply *reply) {
    if (fault == WF_WORKER_FAULT_NONE) return 0;
    if (!faults_allowed) {
        snprintf(reply->error, sizeof reply->error, "test faults are not enabled");
        return -1;
    }
    if (fault == WF_WORKER_FAULT_HANG) {
        for (volatile uint64_t spin = 0;; spin++) {
        }
    }
    if (fault == WF_WORKER_FAULT_SEGV) {
        *(volatile int *)NULL = 1;
    }
    if (fault == WF_WORKER_FAULT_ESCAPE) probe_escapes(reply->error, sizeof reply->error);
    return -1;
}

/* Answers one request (its data in `data_fd`); returns whether the worker goes on. */
static int serve(const wf_worker_request *request, int data_fd, const wf_worker_limits *limits, int faults_allowed,
                 int decodes_pixbuf) {
    wf_worker_reply reply;
    memset(&reply, 0, sizeof reply);
    reply.magic = WF_WORKER_MAGIC;
    reply.status = 1;
    int pixels = -1;
    struct stat status;
    if (request->magic != WF_WORKER_MAGIC || data_fd < 0) {
        snprintf(reply.error, sizeof reply.error, "bad request");
    } else if (wf_worker_arm_cpu(limits) != 0) {
        snprintf(reply.error, sizeof reply.error, "no CPU budget left");
    } else if (wf_worker_fstat(data_fd, &status) != 0 || status.st_size <= 0 || (uint64_t)status.st_size != request->size) {
        snprintf(reply.error, sizeof reply.error, "the data's memfd does not match the request");
    } else {
        size_t size = (size_t)request->size;
        void *data = mmap(NULL, size, PROT_READ, MAP_PRIVATE, data_fd, 0);
        if (data == MAP_FAILED) {
            snprintf(reply.error, sizeof reply.error, "out of memory mapping %zu bytes of data", size);
        } else if (run_fault(request->fault, faults_allowed, &reply) != 0) {
            munmap(data, size);
        } else {
            pixels = wf_worker_decode(request, data, size, decodes_pixbuf, &reply);
            munmap(data, size);
        }
    }
    if (data_fd >= 0) close(data_fd);
    int goes_on = reply.status == 0 && wf_worker_can_take_another(limits);
    reply.retiring = !goes_on;
    int sent = wf_channel_send(WF_WORKER_SOCKET_FD, &reply, sizeof reply, pixels);
    if (pixels >= 0) close(pixels);
    return goes_on && sent == 0;
}

int wf_image_worker_main(int argc, char **argv) {
    wf_worker_limits limits;
    struct stat socket_status;
    int decodes_pixbuf = argc == 5 && strcmp(argv[4], "pixbuf") == 0;
    if ((argc != 4 && !decodes_pixbuf) || !parse(argv[1], &limits.memory_bytes) || !parse(argv[2], &limits.cpu_per_image) ||
        !parse(argv[3], &limits.cpu_total) || fstat(WF_WORKER_SOCKET_FD, &socket_status) != 0 ||
        !S_ISSOCK(socket_status.st_mode)) {
        fprintf(stderr, "usage: %s MEMORY_BYTES CPU_SECONDS_PER_IMAGE CPU_SECONDS_TOTAL [pixbuf] (socket on fd 3; started by "
                        "a Waterfall app)\n", argc > 0 ? argv[0] : "waterfall-image-worker");
        return 2;
    }
    /* A worker started as its app's own executable would show the app's name. */
    prctl(PR_SET_NAME, WF_WORKER_NAME);
    /* Die with the app: the signal comes when the thread that started this process ends, and
     * the app starts every worker from one thread that lives as long as it does. The app may have
     * gone before the signal was armed. */
    const char *parent = getenv(WF_WORKER_PARENT_VARIABLE);
    if (parent) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if ((long)getppid() != strtol(parent, NULL, 10)) return 0;
    }
    const char *faults = getenv("WATERFALL_IMAGE_WORKER_TEST_FAULTS");
    int faults_allowed = faults && strcmp(faults, "1") == 0;
    /* The streamed decoders keep no global state to initialise; gdk-pixbuf's loader modules (and
     * the libraries they bring) are loaded now, while files can still be opened. The limits and
     * the filter come before the first untrusted byte is read. */
    if (decodes_pixbuf) wf_pixbuf_preload();
    wf_worker_default_signals();
    if (wf_worker_limit(&limits) != 0) {
        fprintf(stderr, "waterfall-image-worker: cannot set resource limits: %s\n", strerror(errno));
        return 3;
    }
    int confined = wf_worker_confine(decodes_pixbuf);
    if (confined != 0) {
        fprintf(stderr, "waterfall-image-worker: cannot install the seccomp filter: %s\n", strerror(-confined));
        return 3;
    }
    for (;;) {
        wf_worker_request request;
        int data_fd;
        ssize_t received = wf_channel_receive(WF_WORKER_SOCKET_FD, &request, sizeof request, &data_fd);
        if (received <= 0) return 0;
        if ((size_t)received != sizeof request) request.magic = 0;
        if (!serve(&request, data_fd, &limits, faults_allowed, decodes_pixbuf)) return 0;
    }
}

/*
 * Runs before main() in every process that holds this code: a process started as a worker
 * (WF_WORKER_ROLE_VARIABLE in its environment, which only wf_worker_spawn sets) runs the worker
 * and exits, so the app's own executable can serve as its worker. glibc passes a constructor
 * the process's arguments.
 */
__attribute__((constructor)) static void wf_image_worker_enter(int argc, char **argv) {
    const char *role = getenv(WF_WORKER_ROLE_VARIABLE);
    if (!role || strcmp(role, WF_WORKER_ROLE) != 0) return;
    _exit(wf_image_worker_main(argc, argv));
}

/* dl_iterate_phdr's callback: whether `address` (the data) lies in a loaded segment of the first
 * object it is shown, which is the executable; stops after that object. */
static int executable_holds(struct dl_phdr_info *object, size_t size, void *address) {
    (void)size;
    uintptr_t at = *(uintptr_t *)address;
    for (int i = 0; i < object->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &object->dlpi_phdr[i];
        uintptr_t start = object->dlpi_addr + segment->p_vaddr;
        if (segment->p_type == PT_LOAD && at >= start && at - start < segment->p_memsz) return 1;
    }
    return -1;
}

int wf_image_worker_in_executable(void) {
    uintptr_t address = (uintptr_t)&wf_image_worker_main;
    return dl_iterate_phdr(executable_holds, &address) == 1;
}
