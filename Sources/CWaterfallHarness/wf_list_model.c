#include "wf_list_model.h"

/* An item of WfListModel: nothing but its position. */
typedef struct {
  GObject parent_instance;
  guint position;
} WfListIndex;

typedef struct {
  GObjectClass parent_class;
} WfListIndexClass;

G_DEFINE_TYPE(WfListIndex, wf_list_index, G_TYPE_OBJECT)

static gint alive_indices, made_indices;

static void wf_list_index_finalize(GObject *object) {
  g_atomic_int_add(&alive_indices, -1);
  G_OBJECT_CLASS(wf_list_index_parent_class)->finalize(object);
}

static void wf_list_index_class_init(WfListIndexClass *class) {
  G_OBJECT_CLASS(class)->finalize = wf_list_index_finalize;
}

static void wf_list_index_init(WfListIndex *self) {
  (void)self;
  g_atomic_int_inc(&alive_indices);
  g_atomic_int_inc(&made_indices);
}

guint wf_list_index_get_position(gpointer item) {
  if (!G_TYPE_CHECK_INSTANCE_TYPE(item, wf_list_index_get_type())) return G_MAXUINT;
  return ((WfListIndex *)item)->position;
}

guint wf_list_index_alive(void) {
  return (guint)g_atomic_int_get(&alive_indices);
}

guint wf_list_index_made(void) {
  return (guint)g_atomic_int_get(&made_indices);
}

struct _WfListModel {
  GObject parent_instance;
  guint n_items;
};

typedef struct {
  GObjectClass parent_class;
} WfListModelClass;

static void wf_list_model_list_init(GListModelInterface *iface);

G_DEFINE_TYPE_WITH_CODE(WfListModel, wf_list_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, wf_list_model_list_init))

static GType wf_list_model_get_item_type(GListModel *list) {
  (void)list;
  return wf_list_index_get_type();
}

static guint wf_list_model_get_n_items(GListModel *list) {
  return ((WfListModel *)list)->n_items;
}

static gpointer wf_list_model_get_item(GListModel *list, guint position) {
  if (position >= ((WfListModel *)list)->n_items) return NULL;
  WfListIndex *item = g_object_new(wf_list_index_get_type(), NULL);
  item->position = position;
  return item;
}

static void wf_list_model_list_init(GListModelInterface *iface) {
  iface->get_item_type = wf_list_model_get_item_type;
  iface->get_n_items = wf_list_model_get_n_items;
  iface->get_item = wf_list_model_get_item;
}

static void wf_list_model_class_init(WfListModelClass *class) {
  (void)class;
}

static void wf_list_model_init(WfListModel *self) {
  (void)self;
}

GListModel *wf_list_model_new(guint n_items) {
  WfListModel *model = g_object_new(wf_list_model_get_type(), NULL);
  model->n_items = n_items;
  return G_LIST_MODEL(model);
}

GListModel *wf_list_index_store_new(guint n_items) {
  GListStore *store = g_list_store_new(wf_list_index_get_type());
  gpointer *items = g_new(gpointer, n_items);
  for (guint position = 0; position < n_items; position++) {
    WfListIndex *item = g_object_new(wf_list_index_get_type(), NULL);
    item->position = position;
    items[position] = item;
  }
  /* One splice: appending a million items one by one would emit a million items-changed. */
  g_list_store_splice(store, 0, 0, items, n_items);
  for (guint position = 0; position < n_items; position++) g_object_unref(items[position]);
  g_free(items);
  return G_LIST_MODEL(store);
}
