#ifndef WF_LIST_MODEL_H
#define WF_LIST_MODEL_H
#if __has_feature(modules)
#pragma clang module import CWaterfallGtk4
#else
#include <gtk/gtk.h>
#endif

/*
 * A GListModel of `n_items` positions that stores nothing per item: get_item makes a small
 * WfListIndex object holding the position when GTK asks for it, and the object goes away when
 * GTK lets go (what a GtkListView/GtkGridView over a huge feed needs; a GListStore would hold
 * one object per item from the start).
 */
typedef struct _WfListModel WfListModel;

/* The GType of WfListModel (implements GListModel; items are WfListIndex objects). */
GType wf_list_model_get_type(void);

/* The GType of the items WfListModel makes. */
GType wf_list_index_get_type(void);

/* A new model of `n_items` positions (full reference, as a GListModel). */
GListModel *wf_list_model_new(guint n_items);

/* A GListStore holding `n_items` ready WfListIndex items, positions 0 to n_items - 1 (full
 * reference, as a GListModel): the usual app's model, whose get_item only takes a reference,
 * against WfListModel's object made per call. */
GListModel *wf_list_index_store_new(guint n_items);

/* The position a WfListIndex item stands for (G_MAXUINT for anything else). */
guint wf_list_index_get_position(gpointer item);

/* WfListIndex objects alive now, in the whole process (tests check nothing is made up front). */
guint wf_list_index_alive(void);

/* WfListIndex objects made so far, in the whole process (tests count the items a wall fetched). */
guint wf_list_index_made(void);

#endif
