#ifndef WF_GTK_H
#define WF_GTK_H
/*
 * GTK 4 for this target's headers. When Clang builds modules (Swift's importer does), GTK comes
 * in as the CWaterfallGtk4 module, so GTK's declarations belong to that one module and are not
 * copied into this one; compiling the C files, it is the plain include.
 */
#if __has_feature(modules)
#pragma clang module import CWaterfallGtk4
#else
#include <gtk/gtk.h>
#endif
#endif
