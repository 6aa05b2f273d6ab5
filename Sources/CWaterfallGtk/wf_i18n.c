#define _GNU_SOURCE
#include "wf_i18n.h"
#include <dlfcn.h>

char *
wf_i18n_image_path (void)
{
  Dl_info info;
  if (dladdr ((const void *) wf_i18n_image_path, &info) == 0 || info.dli_fname == NULL || info.dli_fname[0] == '\0')
    return NULL;
  return g_strdup (info.dli_fname);
}
