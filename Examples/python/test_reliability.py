#!/usr/bin/python3
"""Reliability of the installed library across the Python boundary (run under Xvfb).

    GI_TYPELIB_PATH=… LD_LIBRARY_PATH=… xvfb-run -a /usr/bin/python3 test_reliability.py

Each test builds the photo wall of photo-wall.py in a window, lets it draw, does something
hostile, then drops every reference and checks with a weak reference that the view was
finalized (no leak) and that the process is still alive (no crash):
- the view is dropped while its images are still loading (asynchronous loads in flight);
- the model changes inside a bind;
- one items-changed of 1,000,000 items;
- the view is finalized with work pending (a scroll and an activation queued);
- bad property values (NaN, infinities, negative numbers) and items that lack the expression's
  property get a warning and a fallback, and the wall still draws;
- aspect-ratio-property sizes the cells, and a missing or non-numeric property or a NaN value
  falls back to measuring; the empty-* properties show the empty wall's status.
The FeedWall tests run Waterfall.FeedWall over a local feed they write (a JSON page and PNG
images in a temporary folder): dropped while its page and images load, finalized with a refresh
and a retry pending, and its refusals (GLib.Error, error-message) for bad URLs and schemas.
"""
import gc
import importlib.util
import json
import math
import os
import sys
import tempfile
import unittest
import weakref

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Waterfall", "1")
from gi.repository import Gio, GLib, GObject, Gtk, Waterfall  # noqa: E402

_spec = importlib.util.spec_from_file_location("photo_wall", os.path.join(os.path.dirname(__file__), "photo-wall.py"))
photo_wall = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(photo_wall)


def spin(frames=10):
    """Runs the main loop for `frames` frame-clock intervals."""
    done = [False]
    GLib.timeout_add(frames * 16, lambda: done.__setitem__(0, True) or False)
    while not done[0]:
        GLib.MainContext.default().iteration(True)


def show(view):
    window = Gtk.Window(default_width=800, default_height=600)
    window.set_child(Gtk.ScrolledWindow(child=view))
    window.present()
    spin()
    return window


def collect(window, view_ref):
    """Destroys the window, drops Python's references and checks that the view is gone."""
    window.destroy()
    for _ in range(3):
        gc.collect()
        spin(2)
    return view_ref() is None


class Reliability(unittest.TestCase):
    def test_drop_view_while_images_load(self):
        store = photo_wall.make_store(10_000)
        loads = []

        def bind_async(_factory, item):
            # Each bind starts a load that finishes after the view is gone; its callback only
            # holds a weak reference to the picture.
            picture_ref = weakref.ref(item.get_child().get_first_child())
            cancellable = Gio.Cancellable()
            loads.append(cancellable)

            def finished():
                picture = picture_ref()
                if picture is not None:
                    picture.set_paintable(photo_wall.SWATCHES[0])
                return GLib.SOURCE_REMOVE
            GLib.timeout_add(200, finished)

        view = photo_wall.make_view(store)
        view.props.factory.connect("bind", bind_async)
        view_ref = weakref.ref(view)
        window = show(view)
        self.assertGreater(len(loads), 0, "no bind ran")
        del view
        self.assertTrue(collect(window, view_ref), "the view leaked")
        spin(20)   # the loads finish after the view is gone

    def test_model_changes_inside_bind(self):
        store = photo_wall.make_store(1_000)
        changes = [0]

        def bind_and_edit(_factory, item):
            if changes[0] < 20:
                changes[0] += 1
                store.remove(0)
                store.append(photo_wall.Photo(100_000 + changes[0]))

        view = photo_wall.make_view(store)
        view.props.factory.connect("bind", bind_and_edit)
        view_ref = weakref.ref(view)
        window = show(view)
        spin(20)
        self.assertEqual(changes[0], 20)
        self.assertEqual(len(store), 1_000)
        del view
        self.assertTrue(collect(window, view_ref), "the view leaked")

    def test_one_items_changed_of_a_million(self):
        store = photo_wall.make_store(100)
        view = photo_wall.make_view(store)
        view_ref = weakref.ref(view)
        window = show(view)
        changes = []
        store.connect("items-changed", lambda _s, *change: changes.append(change))
        store.splice(0, len(store), [photo_wall.Photo(i) for i in range(1_000_000)])
        self.assertEqual(changes, [(0, 100, 1_000_000)], "one items-changed")
        spin(10)
        view.activate_action("list.scroll-to-item", GLib.Variant("u", 999_999))
        spin(10)
        store.remove_all()
        spin(5)
        del view
        self.assertTrue(collect(window, view_ref), "the view leaked")

    def test_finalize_with_work_pending(self):
        store = photo_wall.make_store(100_000)
        view = photo_wall.make_view(store)
        activated = []
        view.connect("activate", lambda _v, position: activated.append(position))
        view_ref = weakref.ref(view)
        window = show(view)
        self.assertTrue(view.activate_action("list.activate-item", GLib.Variant("u", 3)))
        spin(2)
        self.assertEqual(activated, [3])
        view.activate_action("list.scroll-to-item", GLib.Variant("u", 50_000))
        view.activate_action("list.activate-item", GLib.Variant("u", 4))
        del view
        self.assertTrue(collect(window, view_ref), "the view leaked")

    def test_bad_property_values_fall_back(self):
        store = photo_wall.make_store(1_000)
        view = photo_wall.make_view(store)
        window = show(view)
        for pspec in view.list_properties():
            if not pspec.flags & GObject.ParamFlags.WRITABLE or pspec.owner_type != view.__gtype__:
                continue
            if pspec.value_type in (GObject.TYPE_DOUBLE, GObject.TYPE_FLOAT):
                for bad in (math.nan, math.inf, -math.inf, -1e9):
                    view.set_property(pspec.name, bad)
                    spin(1)
                    self.assertTrue(math.isfinite(view.get_property(pspec.name)),
                                    f"{pspec.name} kept {bad}")
        # Items without the expression's property: a warning, then the wall measures its cells.
        other = Gio.ListStore(item_type=Gtk.StringObject)
        other.splice(0, 0, [Gtk.StringObject.new(str(i)) for i in range(1_000)])
        plain = Waterfall.SignalItemFactory()
        plain.connect("setup", lambda _f, item: item.set_child(Gtk.Label(label="x")))
        view.props.factory = plain
        view.props.model = Gtk.MultiSelection(model=other)
        spin(5)
        view_ref = weakref.ref(view)
        del view
        self.assertTrue(collect(window, view_ref), "the view leaked")


def widgets(root):
    """`root` and every widget under it, depth first."""
    yield root
    child = root.get_first_child()
    while child is not None:
        yield from widgets(child)
        child = child.get_next_sibling()


def shows_label(root, text):
    """Whether a mapped Gtk.Label under `root` says `text`."""
    return any(isinstance(w, Gtk.Label) and w.get_label() == text and w.get_mapped() for w in widgets(root))


def cells(view):
    """The photo cells on screen: photo_wall's boxes of a picture and a "Photo N" label."""
    return [w for w in widgets(view) if isinstance(w, Gtk.Box) and w.get_mapped()
            and isinstance(w.get_last_child(), Gtk.Label) and w.get_last_child().get_text().startswith("Photo ")]


def spin_until(condition, frames=300):
    """Runs the main loop until `condition()` holds, at most `frames` intervals; returns it."""
    for _ in range(frames):
        if condition():
            return True
        spin(1)
    return condition()


class Properties(unittest.TestCase):
    def test_aspect_ratio_property_sizes_the_cells(self):
        store = photo_wall.make_store(200)
        view = photo_wall.make_view(store)
        self.assertEqual(view.props.aspect_ratio_property, "aspect")
        window = show(view)
        spin(5)
        boxes = cells(view)
        self.assertGreater(len(boxes), 3, "no cells on screen")
        photos = {f"Photo {p.number}": p for p in store}
        checked = 0
        for box in boxes:
            photo = photos[box.get_last_child().get_text()]
            self.assertAlmostEqual(box.get_height(), box.get_width() / photo.aspect, delta=2,
                                   msg=f"photo {photo.number} is not sized by its aspect property")
            checked += 1
        self.assertEqual(checked, len(boxes))
        window.destroy()

    def test_bad_aspect_ratio_property_falls_back(self):
        class Captioned(photo_wall.Photo):
            __gtype_name__ = "TestCaptionedPhoto"
            caption = GObject.Property(type=str, default="not a number")

        store = Gio.ListStore(item_type=Captioned)
        store.splice(0, 0, [Captioned(i) for i in range(200)])
        store[0].props.aspect = math.nan
        view = photo_wall.make_view(store)
        window = show(view)
        # A missing property, a string property, none, and a NaN value on one item.
        for bad in ("no-such-property", "caption", None, "aspect"):
            view.props.aspect_ratio_property = bad
            spin(3)
            heights = [box.get_height() for box in cells(view)]
            self.assertTrue(heights and all(h > 0 for h in heights), f"no cells drawn with {bad!r}")
        window.destroy()

    def test_empty_state_properties(self):
        store = Gio.ListStore(item_type=photo_wall.Photo)
        view = photo_wall.make_view(store, endless=False)   # load-more would fill the empty wall
        view.props.empty_title = "No photos yet"
        view.props.empty_description = "Photos you import appear here"
        view.props.empty_icon_name = "folder-pictures-symbolic"
        notified = []
        view.connect("notify::empty-title", lambda _v, _p: notified.append(view.props.empty_title))
        window = show(view)
        self.assertTrue(spin_until(lambda: shows_label(view, "No photos yet"), 30), "the empty state is not shown")
        self.assertTrue(shows_label(view, "Photos you import appear here"))
        store.splice(0, 0, [photo_wall.Photo(i) for i in range(50)])
        self.assertTrue(spin_until(lambda: not shows_label(view, "No photos yet"), 30), "the empty state stays over items")
        store.remove_all()
        view.props.empty_title = "Nothing here"
        self.assertEqual(notified, ["Nothing here"])
        self.assertTrue(spin_until(lambda: shows_label(view, "Nothing here"), 30))
        view.props.empty_title = None
        self.assertTrue(spin_until(lambda: not shows_label(view, "Nothing here"), 30))
        window.destroy()


def write_feed(folder, count):
    """A local feed in `folder`: page.json with `count` items whose images are saturated PNGs
    in folder/img; returns its file:// URL."""
    from PIL import Image
    os.makedirs(os.path.join(folder, "img"), exist_ok=True)
    items = []
    for i in range(count):
        width, height = 120, 90 + (i * 37) % 150
        colour = photo_wall.COLOURS[i % len(photo_wall.COLOURS)]
        Image.new("RGB", (width, height), colour).save(os.path.join(folder, "img", f"{i}.png"))
        items.append({"id": str(i), "img": f"img/{i}.png", "w": width, "h": height, "title": f"Photo {i}"})
    with open(os.path.join(folder, "page.json"), "w") as page:
        json.dump({"items": items, "next": None}, page)
    return "file://" + os.path.join(folder, "page.json")


class FeedWallReliability(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.url = write_feed(cls.folder.name, 60)

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def show_wall(self, wall):
        window = Gtk.Window(default_width=800, default_height=600, child=wall)
        window.present()
        return window

    def test_feed_wall_loads_and_activates(self):
        wall = Waterfall.FeedWall.new(self.url, None)
        activated = []
        wall.connect("item-activated", lambda _w, position, item_id, title, uri: activated.append((position, title)))
        window = self.show_wall(wall)
        self.assertTrue(spin_until(lambda: wall.props.n_items == 60 and wall.get_images_ready()), "the feed did not load")
        self.assertFalse(wall.props.loading)
        self.assertIsNone(wall.props.error_message)
        view = wall.props.view
        self.assertIsInstance(view, Waterfall.MasonryView)
        view.activate_action("list.activate-item", GLib.Variant("u", 2))
        spin(2)
        self.assertEqual(activated, [(2, "Photo 2")])
        wall_ref = weakref.ref(wall)
        del wall, view
        self.assertTrue(collect(window, wall_ref), "the wall leaked")

    def test_feed_wall_dropped_while_loading(self):
        wall = Waterfall.FeedWall.new(self.url, None)
        wall_ref = weakref.ref(wall)
        window = self.show_wall(wall)
        spin(1)   # the page, then its images, are still loading
        del wall
        self.assertTrue(collect(window, wall_ref), "the wall leaked")
        spin(30)   # the loads end after the wall is gone

    def test_feed_wall_finalized_with_work_pending(self):
        wall = Waterfall.FeedWall.new(self.url, None)
        window = self.show_wall(wall)
        self.assertTrue(spin_until(lambda: wall.props.n_items == 60), "the feed did not load")
        wall.refresh()
        wall.retry()
        wall.props.view.activate_action("list.scroll-to-item", GLib.Variant("u", 59))
        wall_ref = weakref.ref(wall)
        del wall
        self.assertTrue(collect(window, wall_ref), "the wall leaked")
        spin(30)

    def test_feed_wall_refusals(self):
        with self.assertRaises(GLib.Error) as refused:
            Waterfall.FeedWall.new("ftp://example.com/feed.json", None)
        self.assertTrue(refused.exception.matches(Waterfall.feed_error_quark(), Waterfall.FeedError.URL))
        with self.assertRaises(GLib.Error) as refused:
            Waterfall.FeedWall.new(self.url, "items=data,no_such_field=x")
        self.assertTrue(refused.exception.matches(Waterfall.feed_error_quark(), Waterfall.FeedError.SCHEMA))
        # Made as a plain GObject: a warning, an empty wall and the reason in error-message.
        wall = Waterfall.FeedWall(url="not a url")
        self.assertIsNone(wall.props.view)
        self.assertTrue(wall.props.error_message)

    def test_feed_wall_failure_in_plain_words(self):
        wall = Waterfall.FeedWall.new("file://" + os.path.join(self.folder.name, "missing.json"), "standard")
        window = self.show_wall(wall)
        self.assertTrue(spin_until(lambda: wall.props.error_message is not None), "no failure reported")
        self.assertFalse(wall.props.loading)
        self.assertEqual(wall.props.n_items, 0)
        wall_ref = weakref.ref(wall)
        del wall
        self.assertTrue(collect(window, wall_ref), "the wall leaked")


if __name__ == "__main__":
    unittest.main(verbosity=2)
