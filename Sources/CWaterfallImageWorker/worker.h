#ifndef WATERFALL_IMAGE_WORKER_H
#define WATERFALL_IMAGE_WORKER_H
/* The image worker's sandbox (worker_sandbox.c) and its decoding of one request (worker_decode.c,
 * worker_pixbuf.c). */
#include <stdint.h>
#include <sys/stat.h>
#include "CWaterfallSandbox.h"

/* The limits a worker runs under, from its command line. */
typedef struct wf_worker_limits {
    uint64_t memory_bytes;      /* RLIMIT_AS, soft and hard */
    uint64_t cpu_per_image;     /* seconds of CPU one image may take (RLIMIT_CPU soft, moved per image) */
    uint64_t cpu_total;         /* seconds of CPU the worker may take in its life (RLIMIT_CPU hard) */
} wf_worker_limits;

/*
 * Sets the resource limits: address space, CPU (hard: the lifetime budget), no core files, few
 * descriptors, each memfd at most the memory budget and the JPEG spill's memfds at most 3/4 of it
 * together. Returns 0, or -1 with errno.
 */
int wf_worker_limit(const wf_worker_limits *limits);

/*
 * Puts the fatal signals back to their default action: the Swift runtime the linker brings in
 * installs crash handlers, whose system calls the filter would answer with SIGSYS, hiding the
 * real signal from the app.
 */
void wf_worker_default_signals(void);

/*
 * Before each image: moves the CPU soft limit to the time used plus one image's budget
 * (SIGXCPU past it). Returns 0, or -1 when the lifetime budget cannot cover another image.
 */
int wf_worker_arm_cpu(const wf_worker_limits *limits);

/* Whether the CPU used so far leaves room for another image. */
int wf_worker_can_take_another(const wf_worker_limits *limits);

/*
 * Installs the seccomp allow-list (libseccomp): memory management without executable memory,
 * the socket on descriptor 3, memfds (ftruncate on descriptors above 3 only; fstat by descriptor
 * only), CPU limits, time and exit. Opening, writing, stat and access of paths, executable memory
 * and other clone flags fail with EACCES; every other system call (sockets, exec, fork, ptrace,
 * …) kills the process. With `threads` (a pixbuf worker: libheif, dav1d and librsvg start
 * threads and read randomness) it also allows threads — clone with exactly pthread_create's flags
 * (clone3 fails with ENOSYS, so glibc falls back to clone), their setup calls, naming them
 * (PR_SET_NAME) and the processor count — signal actions, getrandom, and stat and access of
 * paths (GLib's MIME sniffing and fontconfig check their files; nothing can be opened).
 * Returns 0, or a negative errno.
 */
int wf_worker_confine(int threads);

/* fstat by descriptor alone (the fstat system call; glibc's fstat() asks newfstatat, which the
 * filter refuses since it also takes paths). Returns 0, or -1 with errno. */
int wf_worker_fstat(int fd, struct stat *status);

/* Fails `reply` with a printf-style message. */
void wf_worker_fail(wf_worker_reply *reply, const char *format, ...) __attribute__((format(printf, 2, 3)));

/*
 * Decodes one request's mapped data (PIXBUF only when `decodes_pixbuf`); fills `reply` and, on
 * success, returns the pixels' memfd (-1 on failure).
 */
int wf_worker_decode(const wf_worker_request *request, const uint8_t *data, size_t size, int decodes_pixbuf,
                     wf_worker_reply *reply);

/* Decodes a PIXBUF request with gdk-pixbuf (loaded by wf_pixbuf_preload before the filter). */
int wf_worker_decode_pixbuf(const wf_worker_request *request, const uint8_t *data, size_t size, wf_worker_reply *reply);

#endif
