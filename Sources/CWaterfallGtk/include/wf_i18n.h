#ifndef WF_I18N_H
#define WF_I18N_H
#include <libintl.h>
#include "wf_gtk.h"

/*
 * gettext for the Swift side: <libintl.h> (bindtextdomain, bind_textdomain_codeset, dgettext,
 * dngettext) is not part of Swift's Glibc module, so this header brings it in.
 */

/**
 * wf_i18n_image_path:
 *
 * The file of the executable or shared library this code was linked into (dladdr), so that
 * Waterfall can find the catalogs installed beside it.
 *
 * Returns: (transfer full) (nullable): the path, or %NULL when the dynamic linker cannot say;
 *   free it with g_free().
 */
char *wf_i18n_image_path (void);

#endif
