#ifndef WF_SOUP_H
#define WF_SOUP_H
/* HTTP transfers through one SoupSession (libsoup 3) that lives on a network thread of its own,
 * running its own GMainContext: a busy GTK main loop cannot stall a transfer, and no GLib loop is
 * needed anywhere else. Every function here may be called from any thread; every callback runs
 * on the network thread and must return quickly (it holds up every other transfer).
 *
 * Redirects are not followed by libsoup (SOUP_MESSAGE_NO_REDIRECT): each one is offered to the
 * caller's `redirect` callback, which allows or refuses it, at most WF_SOUP_MAX_REDIRECTS times
 * per transfer. */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The most redirects one transfer follows (as browsers: 20). */
#define WF_SOUP_MAX_REDIRECTS 20

/** How a transfer ended. */
typedef enum {
    WF_SOUP_OK = 0,              /* the whole body arrived */
    WF_SOUP_CANCELLED,           /* wf_soup_transfer_cancel, or the loader was freed */
    WF_SOUP_TIMED_OUT,           /* nothing arrived for the idle timeout */
    WF_SOUP_REFUSED,             /* the `redirect` callback refused a redirect */
    WF_SOUP_TOO_MANY_REDIRECTS,  /* more than WF_SOUP_MAX_REDIRECTS */
    WF_SOUP_CERTIFICATE,         /* the server's certificate did not verify (see tls_errors) */
    WF_SOUP_SECURE_CONNECTION,   /* another TLS failure (handshake, no TLS backend) */
    WF_SOUP_CANNOT_FIND_HOST,    /* name resolution failed */
    WF_SOUP_CANNOT_CONNECT,      /* connection refused, host or network unreachable */
    WF_SOUP_CONNECTION_LOST,     /* the connection closed before the body ended */
    WF_SOUP_BAD_RESPONSE,        /* not a valid HTTP response */
    WF_SOUP_BAD_URL,             /* the URL (or a redirect's Location) is not a valid http(s) URL */
    WF_SOUP_OTHER,
} WfSoupOutcome;

/** One HTTP version, as libsoup reports it. */
typedef enum {
    WF_SOUP_HTTP_1_0 = 0,
    WF_SOUP_HTTP_1_1 = 1,
    WF_SOUP_HTTP_2_0 = 2,
} WfSoupHTTPVersion;

/** What a transfer reports; `context` is the pointer given to wf_soup_loader_start. */
typedef struct {
    /** The final response's status line and headers (`count` name/value pairs, a name once per
     * value), and its URL (after redirects). Called at most once, before any `chunk`. */
    void (*response)(void *context, unsigned status, WfSoupHTTPVersion version, const char *url,
                     const char *const *names, const char *const *values, size_t count);
    /** A redirect from `from` to `to` (the Location resolved against `from`): return nonzero to
     * follow it, zero to refuse it (the transfer ends with WF_SOUP_REFUSED, nothing is requested
     * at `to`). */
    int (*redirect)(void *context, const char *from, const char *to);
    /** The next piece of the body. */
    void (*chunk)(void *context, const void *bytes, size_t length);
    /** The transfer ended; called exactly once, last. `message` is GLib's text of the error (or
     * NULL); `tls_errors` the GTlsCertificateFlags of a certificate that did not verify, and
     * `self_signed` whether that certificate names itself as its issuer. */
    void (*finish)(void *context, WfSoupOutcome outcome, const char *message, unsigned tls_errors,
                   int self_signed);
} WfSoupCallbacks;

typedef struct WfSoupLoader WfSoupLoader;
typedef struct WfSoupTransfer WfSoupTransfer;

/** Starts a network thread with one SoupSession: GIO's default proxy resolver and TLS database
 * (glib-networking), HTTP/2 where the server offers it over TLS, at most `max_conns`
 * connections, `max_conns_per_host` to one host. `user_agent` ending in a space gets libsoup's
 * own product token appended. */
WfSoupLoader *wf_soup_loader_new(unsigned max_conns, unsigned max_conns_per_host, const char *user_agent);

/** Ends the loader: every transfer still running ends with WF_SOUP_CANCELLED, then the thread
 * exits. Returns at once when called on the network thread itself (from a callback), else once
 * the thread exited. */
void wf_soup_loader_free(WfSoupLoader *loader);

/** Starts a GET of `url` with `header_count` extra request headers. `idle_timeout_ms` (0: none)
 * ends the transfer with WF_SOUP_TIMED_OUT when nothing arrives for that long. The returned
 * handle is the caller's (wf_soup_transfer_unref); `context` is passed to every callback until
 * `finish`. */
WfSoupTransfer *wf_soup_loader_start(WfSoupLoader *loader, const char *url, const char *const *header_names,
                                     const char *const *header_values, size_t header_count,
                                     unsigned idle_timeout_ms, const WfSoupCallbacks *callbacks, void *context);

/** Cancels the transfer (it ends with WF_SOUP_CANCELLED unless it ended already). Any thread;
 * the cancel itself runs on the network thread. */
void wf_soup_transfer_cancel(WfSoupTransfer *transfer);

/** Releases the caller's handle. */
void wf_soup_transfer_unref(WfSoupTransfer *transfer);

#ifdef __cplusplus
}
#endif
#endif
