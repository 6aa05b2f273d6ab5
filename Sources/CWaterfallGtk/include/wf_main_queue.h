#ifndef WF_MAIN_QUEUE_H
#define WF_MAIN_QUEUE_H
#include "wf_gtk.h"

/*
 * Drains libdispatch's main queue (and therefore Swift's MainActor on Linux) from the GLib
 * main loop. libdispatch signals pending main-queue work through an eventfd; a GLib unix-fd
 * source watches it, reads the 8-byte counter (without the read the fd stays readable and the
 * loop spins at 100% CPU) and runs the queue. Costs nothing while idle.
 *
 * Idempotent: the first call attaches the source to the default main context, later calls
 * return the same source id. Called off the process's first thread it attaches nothing and
 * returns 0: there the main queue runs only after dispatch_main, which drains it itself.
 */
guint wf_main_queue_attach (void);

#endif
