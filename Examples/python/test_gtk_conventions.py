#!/usr/bin/python3
"""What a GTK developer expects of Waterfall.MasonryView, from outside (run under Xvfb).

    GI_TYPELIB_PATH=… LD_LIBRARY_PATH=… xvfb-run -a /usr/bin/python3 test_gtk_conventions.py

Written as a GTK developer who knows GtkGridView would use the view, against the installed
library; each case is one that once failed:
- `list.select-all` and `list.unselect-all` exist, as in GtkListBase, the `list.*` actions
  ignore a parameter of another type (as GtkListBase's do) instead of acting on item 0, and
  `list.activate-item` and `list.select-item` work before the view is first shown;
- over a list model, every refresh (F5, Ctrl+R, pull, `list.refresh`) emits `refresh`, whether
  the app answers at once, later or not at all: the refresh ends when its handlers return,
  and the spinner goes away; pull-to-refresh is off by default and the `enable-pull-to-refresh`
  property turns it on;
- GTK 4.12's list API: `scroll_to` focuses, selects and scrolls as its flags and scroll info say
  (skipped when the library was built against GTK before 4.12), and `WaterfallItem`'s
  `accessible-label` and `accessible-description` are properties with notify, as GtkListItem's;
- extreme sizes from the app or from a feed (an aspect ratio of 1e-300 or 1e300, a feed item
  of 1×1e308 pixels) lay out as very tall or very wide items, never an infinite wall, a crash
  or a GLib critical (the run makes criticals fatal).
"""
import importlib.util
import json
import math
import os
import tempfile
import unittest
import warnings

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Waterfall", "1")
from gi.repository import Gio, GLib, GObject, Gtk, Waterfall  # noqa: E402

# The main-loop and widget-tree helpers of the reliability tests.
_spec = importlib.util.spec_from_file_location("reliability", os.path.join(os.path.dirname(__file__), "test_reliability.py"))
reliability = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(reliability)
spin, spin_until, widgets = reliability.spin, reliability.spin_until, reliability.widgets


class Photo(GObject.Object):
    __gtype_name__ = "ConventionsPhoto"
    aspect = GObject.Property(type=float, default=1.0)

    def __init__(self, aspect=1.0):
        super().__init__()
        self.aspect = aspect


def make_view(store, selection=Gtk.MultiSelection):
    """A view over `store` whose cells are labels, sized by the items' `aspect` property."""
    factory = Waterfall.SignalItemFactory()
    factory.connect("setup", lambda _f, item: item.set_child(Gtk.Label(label="cell")))
    view = Waterfall.MasonryView(model=selection.new(store), factory=factory)
    view.props.aspect_ratio_property = "aspect"
    return view


def show(widget, scrolled=True):
    window = Gtk.Window(default_width=800, default_height=600)
    window.set_child(Gtk.ScrolledWindow(child=widget) if scrolled else widget)
    window.present()
    spin()
    return window


def store_of(count, aspects=()):
    """A list store of `count` photos, the first ones of the given aspect ratios."""
    store = Gio.ListStore(item_type=Photo)
    store.splice(0, 0, [Photo(aspects[i] if i < len(aspects) else 0.75) for i in range(count)])
    return store


class Actions(unittest.TestCase):
    def test_select_all_and_unselect_all(self):
        store = store_of(300)
        view = make_view(store)
        selection = view.props.model
        window = show(view)
        self.assertTrue(view.activate_action("list.select-all", None))
        self.assertEqual(selection.get_selection().get_size(), 300)
        self.assertTrue(view.activate_action("list.unselect-all", None))
        self.assertEqual(selection.get_selection().get_size(), 0)
        window.destroy()

    def test_actions_before_the_view_is_shown(self):
        view = make_view(store_of(50))
        activated = []
        view.connect("activate", lambda _v, position: activated.append(position))
        view.activate_action("list.activate-item", GLib.Variant("u", 4))
        view.activate_action("list.select-item", GLib.Variant("(ubb)", (5, False, False)))
        self.assertEqual(activated, [4])
        self.assertTrue(view.props.model.is_selected(5))

    def test_a_parameter_of_another_type_is_ignored(self):
        view = make_view(store_of(50))
        activated = []
        view.connect("activate", lambda _v, position: activated.append(position))
        window = show(view)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            view.activate_action("list.activate-item", GLib.Variant("i", 5))
            view.activate_action("list.scroll-to-item", GLib.Variant("s", "5"))
            view.activate_action("list.select-item", GLib.Variant("u", 5))
            spin(2)
        self.assertEqual(activated, [], "a parameter of another type activated an item")
        self.assertFalse(view.props.model.is_selected(5))
        self.assertEqual([str(w.message) for w in caught], [])
        window.destroy()


class ListApi(unittest.TestCase):
    """GTK 4.12's list API: scroll_to with GtkListScrollFlags, and GtkListItem's accessible texts."""

    @unittest.skipUnless(hasattr(Waterfall.MasonryView, "scroll_to"), "scroll_to needs a build against GTK 4.12+")
    def test_scroll_to_focuses_and_selects(self):
        view = make_view(store_of(2000))
        window = show(view)
        adjustment = view.get_vadjustment()
        view.scroll_to(1500, Gtk.ListScrollFlags.FOCUS | Gtk.ListScrollFlags.SELECT, None)
        self.assertTrue(spin_until(lambda: adjustment.get_value() > 0), "scroll_to did not scroll")
        self.assertTrue(view.props.model.is_selected(1500))
        self.assertEqual(view.props.model.get_selection().get_size(), 1)
        self.assertTrue(view.has_focus() or view.get_focus_child() is not None, "FOCUS did not focus the wall")
        offset = adjustment.get_value()
        view.scroll_to(3, Gtk.ListScrollFlags.NONE, None)
        self.assertTrue(spin_until(lambda: adjustment.get_value() < offset), "scroll_to 3 did not scroll back")
        self.assertEqual(view.props.model.get_selection().get_size(), 1, "NONE changed the selection")
        info = Gtk.ScrollInfo()
        info.set_enable_vertical(False)
        offset = adjustment.get_value()
        view.scroll_to(1900, Gtk.ListScrollFlags.SELECT, info)
        spin(3)
        self.assertEqual(adjustment.get_value(), offset, "a scroll info without vertical scrolling scrolled")
        self.assertTrue(view.props.model.is_selected(1900))
        window.destroy()

    def test_item_accessible_label_and_description(self):
        factory = Waterfall.SignalItemFactory()
        factory.connect("setup", lambda _f, item: item.set_child(Gtk.Label(label="cell")))
        items = []

        def bind(_factory, item):
            item.props.accessible_label = "Photo %d" % item.props.position
            item.set_accessible_description("taken in May")
            items.append(item)
        factory.connect("bind", bind)
        view = Waterfall.MasonryView(model=Gtk.NoSelection.new(store_of(40)), factory=factory)
        window = show(view)
        self.assertTrue(spin_until(lambda: items), "no cell was bound")
        item = items[-1]
        self.assertEqual(item.get_accessible_label(), "Photo %d" % item.props.position)
        self.assertEqual(item.props.accessible_description, "taken in May")
        notified = []
        item.connect("notify::accessible-label", lambda *_: notified.append(True))
        item.set_accessible_label(None)
        item.set_accessible_label(None)
        self.assertIsNone(item.props.accessible_label)
        self.assertEqual(notified, [True], "accessible-label notifies once per change")
        window.destroy()


class Refresh(unittest.TestCase):
    def test_every_refresh_is_emitted(self):
        store = store_of(100)
        view = make_view(store)
        window = show(view)
        answers = []

        def at_once(_view):
            answers.append("at once")
            store.splice(0, 0, [Photo()])

        def later(_view):
            answers.append("later")
            GLib.timeout_add(50, lambda: store.splice(0, 0, [Photo()]) or False)

        def never(_view):
            answers.append("nothing new")

        for handler in (at_once, later, never, at_once):
            handler_id = view.connect("refresh", handler)
            self.assertTrue(view.activate_action("list.refresh", None))
            spin(10)
            view.disconnect(handler_id)
        self.assertEqual(answers, ["at once", "later", "nothing new", "at once"])
        # The "later" handler's item arrives from a 50 ms timeout: wait for it, not for a time.
        self.assertTrue(spin_until(lambda: store.get_n_items() == 103), f"{store.get_n_items()} items, not 103")
        self.assertTrue(spin_until(lambda: not any(isinstance(w, Gtk.Spinner) and w.get_mapped() and w.get_spinning()
                                                   for w in widgets(view)), 60),
                        "the refresh spinner stays after the refresh")
        window.destroy()


    def test_pull_to_refresh_is_a_property(self):
        view = make_view(store_of(100))
        window = show(view)
        refreshes = []
        view.connect("refresh", lambda _view: refreshes.append(True))
        scrolled = view.get_parent()
        # A touchscreen or kinetic pull past the top is the scrolled window's edge-overshot.
        scrolled.emit("edge-overshot", Gtk.PositionType.TOP)
        spin(2)
        self.assertEqual(refreshes, [], "pull-to-refresh is off by default, as in a view made from Swift")
        self.assertTrue(view.activate_action("list.refresh", None))
        spin(2)
        self.assertEqual(refreshes, [True], "list.refresh refreshes either way")
        notified = []
        view.connect("notify::enable-pull-to-refresh", lambda *_: notified.append(True))
        view.props.enable_pull_to_refresh = True
        view.props.enable_pull_to_refresh = True
        self.assertEqual(notified, [True])
        scrolled.emit("edge-overshot", Gtk.PositionType.TOP)
        spin(2)
        self.assertEqual(refreshes, [True, True], "a pull refreshes with the property on")
        window.destroy()
        # Given at construction, before the view has its logic.
        view = Waterfall.MasonryView(enable_pull_to_refresh=True)
        view.connect("refresh", lambda _view: refreshes.append(True))
        window = show(view)
        view.get_parent().emit("edge-overshot", Gtk.PositionType.TOP)
        spin(2)
        self.assertEqual(refreshes, [True, True, True])
        window.destroy()


class ExtremeSizes(unittest.TestCase):
    def assert_wall_usable(self, view, adjustment):
        upper = adjustment.get_upper()
        self.assertTrue(math.isfinite(upper) and upper > adjustment.get_page_size(), f"content height {upper}")
        # Scrolling through the wall, to the very end, places every item on the way.
        for fraction in (0.25, 0.5, 1.0):
            adjustment.set_value(adjustment.get_upper() * fraction)
            spin(3)
        adjustment.set_value(0)
        spin(3)
        self.assertTrue(any(w.has_css_class("waterfall-cell") and w.get_mapped() for w in widgets(view)), "no cell drawn")

    def test_extreme_aspect_ratios_from_the_app(self):
        aspects = [1e-300, 1e300, 1e-12, 1e12, 5e-324, 1.7e308]
        view = make_view(store_of(200, aspects))
        window = show(view)
        self.assert_wall_usable(view, view.get_vadjustment())
        # One column: the widest cells, the tallest items.
        view.props.columns = 1
        spin(3)
        self.assert_wall_usable(view, view.get_vadjustment())
        window.destroy()

    def test_extreme_pixel_sizes_from_a_feed(self):
        from PIL import Image
        with tempfile.TemporaryDirectory() as folder:
            os.makedirs(os.path.join(folder, "img"))
            Image.new("RGB", (40, 30), (200, 80, 40)).save(os.path.join(folder, "img", "photo.png"))
            sizes = [(1, 1e308), (1e-308, 1), (1, 1e12), (1e12, 1), (5e-324, 1), (1, 2 ** 31)]
            items = [{"id": str(i), "img": "img/photo.png", "w": w, "h": h, "title": f"Photo {i}"}
                     for i, (w, h) in enumerate(sizes + [(40, 30)] * 30)]
            with open(os.path.join(folder, "page.json"), "w") as page:
                json.dump({"items": items, "next": None}, page)
            wall = Waterfall.FeedWall.new("file://" + os.path.join(folder, "page.json"), None)
            window = show(wall, scrolled=False)
            self.assertTrue(spin_until(lambda: wall.props.n_items == len(items)), "the feed did not load")
            self.assert_wall_usable(wall.props.view, wall.props.view.get_vadjustment())
            window.destroy()


if __name__ == "__main__":
    # A GLib critical (an assertion in GTK or in the library, such as cairo refusing an image
    # too large for a cell) is a failure here: it aborts the run.
    GLib.log_set_always_fatal(GLib.LogLevelFlags.LEVEL_CRITICAL)
    unittest.main()
