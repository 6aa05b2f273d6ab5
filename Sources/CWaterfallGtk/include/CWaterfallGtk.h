#ifndef CWATERFALLGTK_H
#define CWATERFALLGTK_H
#include <gtk/gtk.h>
#endif
