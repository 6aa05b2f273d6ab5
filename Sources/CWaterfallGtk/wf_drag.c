#include "wf_drag.h"

GdkContentProvider *
wf_drag_content_new (const char *uri, const char *text)
{
  GdkContentProvider *parts[2];
  gsize count = 0;
  if (uri != NULL)
    {
      GFile *file = g_file_new_for_uri (uri);
      parts[count++] = gdk_content_provider_new_typed (G_TYPE_FILE, file);
      g_object_unref (file);
    }
  if (text != NULL)
    parts[count++] = gdk_content_provider_new_typed (G_TYPE_STRING, text);
  if (count == 0)
    return NULL;
  if (count == 1)
    return parts[0];
  return gdk_content_provider_new_union (parts, count);
}
