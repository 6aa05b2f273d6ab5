#include "wf_main_queue.h"
#include <glib-unix.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

/* libdispatch's CoreFoundation hooks: exported by libdispatch.so but not in its public headers. */
extern int _dispatch_get_main_queue_handle_4CF (void);
extern void _dispatch_main_queue_callback_4CF (void *msg);

static guint wf_main_queue_source_id = 0;

static gboolean
wf_main_queue_ready (gint fd, GIOCondition condition, gpointer user_data)
{
  (void) condition;
  (void) user_data;
  uint64_t counter = 0;
  /* The eventfd is non-blocking; EAGAIN only means another reader was first. */
  ssize_t bytes = read (fd, &counter, sizeof counter);
  (void) bytes;
  _dispatch_main_queue_callback_4CF (NULL);
  return G_SOURCE_CONTINUE;
}

guint
wf_main_queue_attach (void)
{
  /* Off the process's first thread, libdispatch drains the main queue itself (after
   * dispatch_main), and asking it for the handle would abort. */
  if (syscall (SYS_gettid) != getpid ())
    {
      return 0;
    }
  if (wf_main_queue_source_id == 0)
    {
      int fd = _dispatch_get_main_queue_handle_4CF ();
      wf_main_queue_source_id = g_unix_fd_add (fd, G_IO_IN, wf_main_queue_ready, NULL);
    }
  return wf_main_queue_source_id;
}
