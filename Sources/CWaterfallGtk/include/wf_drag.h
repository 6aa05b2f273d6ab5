#ifndef WF_DRAG_H
#define WF_DRAG_H
#include "wf_gtk.h"

/* Drag and drop: gdk_content_provider_new_typed is variadic, so Swift cannot call it. */

/* A content provider (full reference) offering `uri` as a GFile (text/uri-list, and a file path
 * for file:// URIs) when it is not NULL, and `text` as a string (text/plain) when it is not
 * NULL; NULL when both are NULL. */
GdkContentProvider *wf_drag_content_new (const char *uri, const char *text);

#endif
