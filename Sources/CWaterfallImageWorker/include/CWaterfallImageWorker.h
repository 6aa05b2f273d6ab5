#ifndef CWATERFALL_IMAGE_WORKER_H
#define CWATERFALL_IMAGE_WORKER_H
/*
 * The sandboxed image worker (docs/SANDBOX.md), as code any process can hold: the standalone
 * `waterfall-image-worker` executable (which the Meson build installs to libexecdir for C,
 * Python, GJS and Vala apps) is nothing but a main() that calls wf_image_worker_main(), and an
 * app whose executable links WaterfallGTK (every SwiftPM app) holds the same code, so it can
 * start its own executable as the worker. A process started by wf_worker_spawn() carries
 * WF_WORKER_ROLE_VARIABLE=WF_WORKER_ROLE in its environment; this code's constructor then runs
 * the worker before main() and exits.
 */

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Runs the worker:
 *
 *   waterfall-image-worker MEMORY_BYTES CPU_SECONDS_PER_IMAGE CPU_SECONDS_TOTAL [pixbuf]
 *
 * with its socket as descriptor 3. Returns when the socket closes, after a failed image, or when
 * its CPU budget cannot cover another image. Returns 0 when done, 2 for bad use, 3 when the
 * limits or the seccomp filter could not be installed (nothing untrusted was read).
 */
int wf_image_worker_main(int argc, char **argv);

/* Whether this code is linked into the running executable (not a shared library), so that
 * /proc/self/exe can be started as the worker. */
int wf_image_worker_in_executable(void);

#ifdef __cplusplus
}
#endif
#endif
