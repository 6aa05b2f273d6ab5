#ifndef CWATERFALLGTK4_SHIM_H
#define CWATERFALLGTK4_SHIM_H
#include <gtk/gtk.h>
#endif
