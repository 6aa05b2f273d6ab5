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
  property get a warning and a fallback, and the wall still draws.
"""
import gc
import importlib.util
import math
import os
import sys
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
        store.splice(0, len(store), [photo_wall.Photo(i) for i in range(1_000_000)])
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


if __name__ == "__main__":
    unittest.main(verbosity=2)
