#ifndef WF_FACE_H
#define WF_FACE_H
/*
 * The Swift "face" a C widget type of the library holds (WaterfallMasonryView, WaterfallFeedWall;
 * FaceBox.swift): one retained pointer, made by the type's own Swift `create`, detached in
 * dispose and released in finalize through the two calls every type shares. Not installed.
 */
#include <glib.h>

G_BEGIN_DECLS

/* The widget is being disposed: the face stops its work and never calls the widget again. */
void waterfall_swift_face_dispose (gpointer face);

/* Releases the face (finalize). */
void waterfall_swift_face_release (gpointer face);

G_END_DECLS

#endif
