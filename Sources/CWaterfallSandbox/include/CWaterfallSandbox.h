#ifndef CWATERFALL_SANDBOX_H
#define CWATERFALL_SANDBOX_H
/*
 * The image worker's wire protocol and the process plumbing both of its ends share.
 *
 * The app and a `waterfall-image-worker` process talk over one AF_UNIX SOCK_SEQPACKET socket
 * (the worker's descriptor 3). Every message is one packet: the app sends a wf_worker_request
 * carrying a sealed memfd with the encoded bytes (SCM_RIGHTS); the worker answers with a
 * wf_worker_reply, carrying on success a memfd with the decoded pixels (premultiplied RGBA8, rows
 * of 4 * width bytes), which the app seals against shrinking and writing, then maps read-only and
 * hands to GDK without copying.
 *
 * A worker decodes one image at a time, exits after any failure (the app starts a new one), and
 * says in its reply when its CPU budget will not cover another image (it then exits, too).
 *
 * A worker started with the `pixbuf` kind (its fifth argument) also decodes
 * WF_WORKER_FORMAT_PIXBUF: every other format, with gdk-pixbuf's loaders, which it loads before
 * its filter; its pixels are then gdk-pixbuf's (straight RGBA8 or RGB8), and an animation's
 * frames follow one another in the memfd, then their delays (int32 milliseconds each).
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* "WFW1": the first field of every message. */
#define WF_WORKER_MAGIC 0x31574657u

/* The bytes an error message may take, including the terminating NUL (as WF_ERROR_SIZE). */
#define WF_WORKER_ERROR_SIZE 256

/* The formats a worker decodes. */
enum {
    WF_WORKER_FORMAT_JPEG = 1,
    WF_WORKER_FORMAT_PNG = 2,
    WF_WORKER_FORMAT_WEBP = 3,
    WF_WORKER_FORMAT_PIXBUF = 4,   /* any format gdk-pixbuf has a loader for; `pixbuf` workers only */
};

/* Request flags. */
enum {
    WF_WORKER_ENLARGES = 1,        /* PIXBUF: scale to fit the box even when that enlarges (SVG) */
};

/* The layout of a reply's pixels: rows of width * channels bytes, frame after frame. */
enum {
    WF_WORKER_PIXELS_RGBA_PREMULTIPLIED = 0,   /* the streamed formats */
    WF_WORKER_PIXELS_RGBA = 1,                 /* straight alpha (gdk-pixbuf) */
    WF_WORKER_PIXELS_RGB = 2,                  /* no alpha (gdk-pixbuf) */
};

/*
 * Test faults, honoured only by a worker started with WATERFALL_IMAGE_WORKER_TEST_FAULTS=1 in its
 * environment (the app sets it only for a pool configured for tests); any other worker fails the
 * request. HANG spins on the CPU after mapping the data, SEGV writes through a null pointer, ESCAPE
 * probes the filter.
 */
enum {
    WF_WORKER_FAULT_NONE = 0,
    WF_WORKER_FAULT_HANG = 1,
    WF_WORKER_FAULT_SEGV = 2,
    /* Tries what a compromised decoder would (ftruncate on a descriptor below 4, stat and access of
     * a path, executable memory, clone into a new namespace) and fails the request with what
     * each gave: "allowed" or the errno's name. */
    WF_WORKER_FAULT_ESCAPE = 3,
};

/* One image to decode; the packet carries the data's memfd. */
typedef struct wf_worker_request {
    uint32_t magic;          /* WF_WORKER_MAGIC */
    uint32_t format;         /* WF_WORKER_FORMAT_* */
    int32_t source_width;    /* the stored size the app read from the header; the decoder must agree (not PIXBUF) */
    int32_t source_height;
    int32_t width;           /* the output size in the stored orientation; PIXBUF: the box to fit */
    int32_t height;
    int32_t orientation;     /* EXIF orientation 1-8, applied after decoding (not PIXBUF: the loader's own) */
    uint32_t fault;          /* WF_WORKER_FAULT_* */
    uint64_t size;           /* the bytes of data in the memfd */
    uint32_t flags;          /* WF_WORKER_ENLARGES */
    int32_t frame_count;     /* PIXBUF: the frames the app counted in the data (1: still) */
    uint64_t max_animation_bytes; /* PIXBUF: an animation's frames take at most this, made smaller if need be */
} wf_worker_request;

/* The worker's answer; on success the packet carries the pixels' memfd. */
typedef struct wf_worker_reply {
    uint32_t magic;          /* WF_WORKER_MAGIC */
    int32_t status;          /* 0: decoded; otherwise failed, with `error` */
    int32_t width;           /* the decoded, oriented size */
    int32_t height;
    int32_t retiring;        /* 1: the worker exits after this reply */
    int32_t pixel_format;    /* WF_WORKER_PIXELS_* */
    int32_t frames;          /* 1, or an animation's frames (their delays follow the pixels) */
    int32_t unknown_type;    /* failed: no loader recognised the data */
    char error[WF_WORKER_ERROR_SIZE];
} wf_worker_reply;

/* The descriptor a worker reads its socket from. */
#define WF_WORKER_SOCKET_FD 3

/* The environment variable, and its value, that make a process started by wf_worker_spawn run
 * as a worker (CWaterfallImageWorker.h), and the name the worker gives its process. */
#define WF_WORKER_ROLE_VARIABLE "WATERFALL_IMAGE_WORKER_ROLE"
#define WF_WORKER_ROLE "decoder"
/* The environment variable carrying the app's process id: a worker whose parent is no longer it
 * exits (the parent-death signal is armed after the spawn, so the app may already be gone). */
#define WF_WORKER_PARENT_VARIABLE "WATERFALL_IMAGE_WORKER_PARENT"
#define WF_WORKER_NAME "waterfall-image"

/*
 * Sends one packet of `size` bytes on `socket`, with `fd` attached when it is >= 0 (MSG_NOSIGNAL:
 * a dead peer gives EPIPE, never SIGPIPE). Returns 0, or -1 with errno.
 */
int wf_channel_send(int socket, const void *message, size_t size, int fd);

/*
 * Receives one packet into `message` (at most `size` bytes), retrying on EINTR. `*fd` gets the
 * descriptor it carried (close-on-exec) or -1; any extra descriptors are closed. Returns the
 * packet's length, 0 when the peer has closed the socket, or -1 with errno.
 */
ssize_t wf_channel_receive(int socket, void *message, size_t size, int *fd);

/* Waits until `socket` can be read or is closed: 1, 0 after `timeout_ms` (-1: forever), -1 on error. */
int wf_channel_wait(int socket, int timeout_ms);

/* A new close-on-exec memfd of `size` bytes that allows sealing, or -1 with errno. */
int wf_memfd_new(const char *name, size_t size);

/* A new memfd holding a copy of `bytes`, sealed against any change; -1 with errno. */
int wf_memfd_with_bytes(const char *name, const void *bytes, size_t size);

/*
 * Seals `fd` against shrinking, growing and writing (and further seals), then maps its first
 * `size` bytes read-only. Fails (NULL, errno) when the memfd is smaller than `size`, cannot be
 * sealed (EBUSY: someone still holds a writable mapping) or mapped. The caller unmaps it.
 */
void *wf_memfd_map_sealed(int fd, size_t size);

/*
 * Starts `path` as a worker with the socket's other end as its descriptor 3, /dev/null as 0, 1
 * and 2 and no other descriptor, every signal at its default disposition and unblocked, and an
 * environment of only WF_WORKER_ROLE_VARIABLE=WF_WORKER_ROLE, WF_WORKER_PARENT_VARIABLE=<this
 * process id>, and WATERFALL_IMAGE_WORKER_TEST_FAULTS=1 when `test_faults` is nonzero. `path` may
 * be the app's own executable (/proc/self/exe) when it holds the worker's code (see
 * CWaterfallImageWorker.h). `argv` is NULL-terminated. Every worker is started from one thread
 * that lives as long as the process, so its parent-death signal means the app is gone.
 * Returns the worker's PID and its socket (close-on-exec) in `*socket_out`, or -1 with errno.
 */
pid_t wf_worker_spawn(const char *path, char *const argv[], int test_faults, int *socket_out);

/*
 * Ends a worker: SIGKILL unless `already_exited`, then reaps it. Returns its wait status (see
 * waitpid), or -1 with errno.
 */
int wf_worker_reap(pid_t pid, int already_exited);

/* The directory the package was configured to install the worker to (-DWATERFALL_LIBEXECDIR=…), or NULL. */
const char *wf_worker_libexecdir(void);

/* The directory of the shared object or executable holding this code (dladdr), or NULL; static storage. */
const char *wf_worker_code_directory(void);

#ifdef __cplusplus
}
#endif
#endif
