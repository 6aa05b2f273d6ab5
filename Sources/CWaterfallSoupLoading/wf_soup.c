/* One SoupSession on a network thread of its own; see wf_soup.h. Everything that touches the
 * session, a message, a stream or a transfer's state runs on that thread (SoupSession is bound
 * to the GMainContext it was made in); other threads only queue sources on its context. */

#include "wf_soup.h"

#include <libsoup/soup.h>
#include <string.h>

struct WfSoupLoader {
    GMainContext *context;
    GMainLoop *loop;
    GThread *thread;
    SoupSession *session;
    /* The transfers that have not finished (network thread only). */
    GHashTable *active;
    gboolean closing;
    unsigned max_conns, max_conns_per_host;
    char *user_agent;
    GMutex lock;
    GCond ready_cond;
    gboolean ready;
};

struct WfSoupTransfer {
    gint refs;
    /* Set on the network thread when `finish` was called. */
    gint finished;
    WfSoupLoader *loader;
    GMainContext *context;
    GUri *uri;
    char **header_names, **header_values;
    size_t header_count;
    unsigned idle_timeout_ms;
    WfSoupCallbacks callbacks;
    void *callback_context;
    /* The current hop (network thread only). */
    GCancellable *cancellable;
    SoupMessage *message;
    GInputStream *stream;
    GSource *idle_timer;
    unsigned redirects;
    gboolean timed_out;
    gboolean certificate_rejected;
    GTlsCertificateFlags tls_errors;
    gboolean self_signed;
};

static WfSoupTransfer *transfer_ref(WfSoupTransfer *t) {
    g_atomic_int_inc(&t->refs);
    return t;
}

void wf_soup_transfer_unref(WfSoupTransfer *t) {
    if (!t || !g_atomic_int_dec_and_test(&t->refs)) return;
    if (t->uri) g_uri_unref(t->uri);
    for (size_t i = 0; i < t->header_count; i++) {
        g_free(t->header_names[i]);
        g_free(t->header_values[i]);
    }
    g_free(t->header_names);
    g_free(t->header_values);
    g_main_context_unref(t->context);
    g_free(t);
}

static void unref_transfer(gpointer t) {
    wf_soup_transfer_unref(t);
}

/* ---- the network thread ---- */

static void drop_hop(WfSoupTransfer *t) {
    if (t->idle_timer) {
        g_source_destroy(t->idle_timer);
        g_source_unref(t->idle_timer);
        t->idle_timer = NULL;
    }
    if (t->cancellable && t->stream) {
        /* A body not read to its end: cancelling closes its connection instead of reading the
         * rest (a close would read it, blocking). */
        g_cancellable_cancel(t->cancellable);
    }
    g_clear_object(&t->stream);
    if (t->message) g_signal_handlers_disconnect_by_data(t->message, t);
    g_clear_object(&t->message);
    g_clear_object(&t->cancellable);
}

static void maybe_quit(WfSoupLoader *loader) {
    if (loader->closing && g_hash_table_size(loader->active) == 0) g_main_loop_quit(loader->loop);
}

/* Ends the transfer (once) and drops the network thread's reference. */
static void finish(WfSoupTransfer *t, WfSoupOutcome outcome, const char *message) {
    if (g_atomic_int_get(&t->finished)) return;
    g_atomic_int_set(&t->finished, 1);
    gboolean at_end = outcome == WF_SOUP_OK;
    if (at_end) {
        /* The body was read to its end: the connection may be reused. */
        g_clear_object(&t->stream);
    }
    drop_hop(t);
    t->callbacks.finish(t->callback_context, outcome, message, outcome == WF_SOUP_CERTIFICATE ? t->tls_errors : 0,
                        outcome == WF_SOUP_CERTIFICATE && t->self_signed);
    WfSoupLoader *loader = t->loader;
    g_hash_table_remove(loader->active, t);
    wf_soup_transfer_unref(t);
    maybe_quit(loader);
}

static WfSoupOutcome outcome_of(WfSoupTransfer *t, const GError *error) {
    if (t->certificate_rejected || g_error_matches(error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE))
        return WF_SOUP_CERTIFICATE;
    if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return t->timed_out ? WF_SOUP_TIMED_OUT : WF_SOUP_CANCELLED;
    if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT)) return WF_SOUP_TIMED_OUT;
    if (error->domain == G_RESOLVER_ERROR) return WF_SOUP_CANNOT_FIND_HOST;
    if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED)
        || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_HOST_UNREACHABLE)
        || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_NETWORK_UNREACHABLE)
        || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_PROXY_FAILED))
        return WF_SOUP_CANNOT_CONNECT;
    if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT)
        || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED)
        || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE)
        || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED)
        || g_error_matches(error, G_TLS_ERROR, G_TLS_ERROR_EOF))
        return WF_SOUP_CONNECTION_LOST;
    if (error->domain == G_TLS_ERROR) return WF_SOUP_SECURE_CONNECTION;
    if (error->domain == SOUP_SESSION_ERROR) return WF_SOUP_BAD_RESPONSE;
    return WF_SOUP_OTHER;
}

static void fail(WfSoupTransfer *t, GError *error) {
    finish(t, outcome_of(t, error), error->message);
    g_error_free(error);
}

static gboolean idle_timeout_fired(gpointer data) {
    WfSoupTransfer *t = data;
    t->timed_out = TRUE;
    if (t->cancellable) g_cancellable_cancel(t->cancellable);
    return G_SOURCE_CONTINUE; /* destroyed with the hop */
}

/* (Re)arms the idle timer: called whenever something arrives. */
static void touch(WfSoupTransfer *t) {
    if (t->idle_timeout_ms == 0) return;
    if (!t->idle_timer) {
        t->idle_timer = g_timeout_source_new(t->idle_timeout_ms);
        g_source_set_callback(t->idle_timer, idle_timeout_fired, t, NULL);
        g_source_attach(t->idle_timer, t->loader->context);
    } else {
        g_source_set_ready_time(t->idle_timer, g_get_monotonic_time() + (gint64)t->idle_timeout_ms * 1000);
    }
}

static gboolean accept_certificate(SoupMessage *message, GTlsCertificate *certificate, GTlsCertificateFlags errors,
                                   gpointer data) {
    (void)message;
    WfSoupTransfer *t = data;
    t->certificate_rejected = TRUE;
    t->tls_errors = errors;
    char *subject = g_tls_certificate_get_subject_name(certificate);
    char *issuer = g_tls_certificate_get_issuer_name(certificate);
    t->self_signed = subject && issuer && strcmp(subject, issuer) == 0;
    g_free(subject);
    g_free(issuer);
    return FALSE; /* never accepted */
}

static void send_hop(WfSoupTransfer *t);

static void read_next(WfSoupTransfer *t);

static void body_read(GObject *source, GAsyncResult *result, gpointer data) {
    WfSoupTransfer *t = data;
    GError *error = NULL;
    GBytes *bytes = g_input_stream_read_bytes_finish(G_INPUT_STREAM(source), result, &error);
    if (!bytes) {
        fail(t, error);
    } else if (g_bytes_get_size(bytes) == 0) {
        g_bytes_unref(bytes);
        finish(t, WF_SOUP_OK, NULL);
    } else {
        touch(t);
        gsize size = 0;
        const void *bytes_data = g_bytes_get_data(bytes, &size);
        t->callbacks.chunk(t->callback_context, bytes_data, size);
        g_bytes_unref(bytes);
        read_next(t);
    }
    wf_soup_transfer_unref(t); /* the read's reference */
}

static void read_next(WfSoupTransfer *t) {
    if (g_atomic_int_get(&t->finished)) return;
    g_input_stream_read_bytes_async(t->stream, 64 * 1024, G_PRIORITY_DEFAULT, t->cancellable, body_read,
                                    transfer_ref(t));
}

static gboolean is_redirect(unsigned status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

static void report_response(WfSoupTransfer *t, unsigned status) {
    SoupMessageHeaders *headers = soup_message_get_response_headers(t->message);
    GPtrArray *names = g_ptr_array_new();
    GPtrArray *values = g_ptr_array_new();
    SoupMessageHeadersIter iter;
    const char *name, *value;
    soup_message_headers_iter_init(&iter, headers);
    while (soup_message_headers_iter_next(&iter, &name, &value)) {
        g_ptr_array_add(names, (gpointer)name);
        g_ptr_array_add(values, (gpointer)value);
    }
    WfSoupHTTPVersion version = WF_SOUP_HTTP_1_1;
    switch (soup_message_get_http_version(t->message)) {
    case SOUP_HTTP_1_0: version = WF_SOUP_HTTP_1_0; break;
    case SOUP_HTTP_1_1: version = WF_SOUP_HTTP_1_1; break;
    case SOUP_HTTP_2_0: version = WF_SOUP_HTTP_2_0; break;
    }
    char *url = g_uri_to_string(t->uri);
    t->callbacks.response(t->callback_context, status, version, url, (const char *const *)names->pdata,
                          (const char *const *)values->pdata, names->len);
    g_free(url);
    g_ptr_array_free(names, TRUE);
    g_ptr_array_free(values, TRUE);
}

static void sent(GObject *source, GAsyncResult *result, gpointer data) {
    WfSoupTransfer *t = data;
    GError *error = NULL;
    GInputStream *stream = soup_session_send_finish(SOUP_SESSION(source), result, &error);
    if (g_atomic_int_get(&t->finished)) {
        g_clear_object(&stream);
        g_clear_error(&error);
    } else if (!stream) {
        fail(t, error);
    } else {
        t->stream = stream;
        touch(t);
        unsigned status = soup_message_get_status(t->message);
        const char *location = soup_message_headers_get_one(soup_message_get_response_headers(t->message), "Location");
        if (is_redirect(status) && location) {
            GUri *target = g_uri_parse_relative(t->uri, location, SOUP_HTTP_URI_FLAGS, &error);
            if (!target) {
                fail(t, error);
            } else {
                char *from = g_uri_to_string(t->uri);
                char *to = g_uri_to_string(target);
                if (++t->redirects > WF_SOUP_MAX_REDIRECTS) {
                    finish(t, WF_SOUP_TOO_MANY_REDIRECTS, "too many redirects");
                } else if (!t->callbacks.redirect(t->callback_context, from, to)) {
                    finish(t, WF_SOUP_REFUSED, NULL);
                } else {
                    drop_hop(t);
                    g_uri_unref(t->uri);
                    t->uri = g_uri_ref(target);
                    send_hop(t);
                }
                g_free(from);
                g_free(to);
                g_uri_unref(target);
            }
        } else {
            report_response(t, status);
            read_next(t);
        }
    }
    wf_soup_transfer_unref(t); /* the send's reference */
}

static void send_hop(WfSoupTransfer *t) {
    const char *scheme = g_uri_get_scheme(t->uri);
    if (!scheme || (g_ascii_strcasecmp(scheme, "http") != 0 && g_ascii_strcasecmp(scheme, "https") != 0)
        || !g_uri_get_host(t->uri) || !*g_uri_get_host(t->uri)) {
        finish(t, WF_SOUP_BAD_URL, "not an http(s) URL");
        return;
    }
    t->cancellable = g_cancellable_new();
    t->message = soup_message_new_from_uri(SOUP_METHOD_GET, t->uri);
    soup_message_add_flags(t->message, SOUP_MESSAGE_NO_REDIRECT);
    SoupMessageHeaders *headers = soup_message_get_request_headers(t->message);
    for (size_t i = 0; i < t->header_count; i++) {
        soup_message_headers_replace(headers, t->header_names[i], t->header_values[i]);
    }
    g_signal_connect(t->message, "accept-certificate", G_CALLBACK(accept_certificate), t);
    t->certificate_rejected = FALSE;
    touch(t);
    soup_session_send_async(t->loader->session, t->message, G_PRIORITY_DEFAULT, t->cancellable, sent,
                            transfer_ref(t));
}

static gboolean start_on_thread(gpointer data) {
    WfSoupTransfer *t = data;
    if (t->loader->closing) {
        /* Not yet active: finish() expects it in the table. */
        g_hash_table_add(t->loader->active, t);
        finish(t, WF_SOUP_CANCELLED, "the loader was closed");
        return G_SOURCE_REMOVE;
    }
    g_hash_table_add(t->loader->active, t);
    if (!t->uri) {
        finish(t, WF_SOUP_BAD_URL, "not a valid URL");
        return G_SOURCE_REMOVE;
    }
    send_hop(t);
    return G_SOURCE_REMOVE;
}

static gboolean cancel_on_thread(gpointer data) {
    WfSoupTransfer *t = data;
    if (!g_atomic_int_get(&t->finished) && t->cancellable) g_cancellable_cancel(t->cancellable);
    return G_SOURCE_REMOVE;
}

static gboolean close_on_thread(gpointer data) {
    WfSoupLoader *loader = data;
    loader->closing = TRUE;
    GHashTableIter iter;
    gpointer key;
    g_hash_table_iter_init(&iter, loader->active);
    while (g_hash_table_iter_next(&iter, &key, NULL)) {
        WfSoupTransfer *t = key;
        if (t->cancellable) g_cancellable_cancel(t->cancellable);
    }
    soup_session_abort(loader->session);
    maybe_quit(loader);
    return G_SOURCE_REMOVE;
}

static gpointer run(gpointer data) {
    WfSoupLoader *loader = data;
    g_main_context_push_thread_default(loader->context);
    loader->session = soup_session_new_with_options("max-conns", loader->max_conns, "max-conns-per-host",
                                                    loader->max_conns_per_host, "user-agent", loader->user_agent,
                                                    NULL);
    g_mutex_lock(&loader->lock);
    loader->ready = TRUE;
    g_cond_signal(&loader->ready_cond);
    g_mutex_unlock(&loader->lock);

    g_main_loop_run(loader->loop);

    g_object_unref(loader->session);
    /* Let the session's last sources run down. */
    while (g_main_context_iteration(loader->context, FALSE)) {}
    g_main_context_pop_thread_default(loader->context);
    g_hash_table_unref(loader->active);
    g_main_loop_unref(loader->loop);
    g_main_context_unref(loader->context);
    g_free(loader->user_agent);
    g_mutex_clear(&loader->lock);
    g_cond_clear(&loader->ready_cond);
    g_free(loader);
    return NULL;
}

/* ---- any thread ---- */

WfSoupLoader *wf_soup_loader_new(unsigned max_conns, unsigned max_conns_per_host, const char *user_agent) {
    WfSoupLoader *loader = g_new0(WfSoupLoader, 1);
    loader->context = g_main_context_new();
    loader->loop = g_main_loop_new(loader->context, FALSE);
    loader->active = g_hash_table_new(NULL, NULL);
    loader->max_conns = max_conns;
    loader->max_conns_per_host = max_conns_per_host;
    loader->user_agent = g_strdup(user_agent);
    g_mutex_init(&loader->lock);
    g_cond_init(&loader->ready_cond);
    loader->thread = g_thread_new("waterfall-http", run, loader);
    g_mutex_lock(&loader->lock);
    while (!loader->ready) g_cond_wait(&loader->ready_cond, &loader->lock);
    g_mutex_unlock(&loader->lock);
    return loader;
}

void wf_soup_loader_free(WfSoupLoader *loader) {
    if (!loader) return;
    GThread *thread = loader->thread; /* the thread frees `loader` as it exits */
    gboolean on_network_thread = g_thread_self() == thread;
    GSource *source = g_idle_source_new();
    g_source_set_callback(source, close_on_thread, loader, NULL);
    g_source_attach(source, loader->context);
    g_source_unref(source);
    if (on_network_thread) {
        g_thread_unref(thread);
    } else {
        g_thread_join(thread);
    }
}

WfSoupTransfer *wf_soup_loader_start(WfSoupLoader *loader, const char *url, const char *const *header_names,
                                     const char *const *header_values, size_t header_count,
                                     unsigned idle_timeout_ms, const WfSoupCallbacks *callbacks, void *context) {
    WfSoupTransfer *t = g_new0(WfSoupTransfer, 1);
    t->refs = 2; /* the caller's handle and the network thread's */
    t->loader = loader;
    t->context = g_main_context_ref(loader->context);
    t->uri = g_uri_parse(url, SOUP_HTTP_URI_FLAGS, NULL);
    t->header_count = header_count;
    t->header_names = g_new0(char *, header_count + 1);
    t->header_values = g_new0(char *, header_count + 1);
    for (size_t i = 0; i < header_count; i++) {
        t->header_names[i] = g_strdup(header_names[i]);
        t->header_values[i] = g_strdup(header_values[i]);
    }
    t->idle_timeout_ms = idle_timeout_ms;
    t->callbacks = *callbacks;
    t->callback_context = context;
    GSource *source = g_idle_source_new();
    g_source_set_priority(source, G_PRIORITY_DEFAULT);
    g_source_set_callback(source, start_on_thread, t, NULL);
    g_source_attach(source, loader->context);
    g_source_unref(source);
    return t;
}

void wf_soup_transfer_cancel(WfSoupTransfer *t) {
    if (!t || g_atomic_int_get(&t->finished)) return;
    GSource *source = g_idle_source_new();
    g_source_set_priority(source, G_PRIORITY_HIGH);
    g_source_set_callback(source, cancel_on_thread, transfer_ref(t), unref_transfer);
    g_source_attach(source, t->context);
    g_source_unref(source);
}
