#!/usr/bin/python3
"""Drag and drop through the installed library's GObject surface (run under Xvfb):

    GI_TYPELIB_PATH=… LD_LIBRARY_PATH=… xvfb-run -a /usr/bin/python3 test_drag_and_drop.py

Two photo walls of photo-wall.py side by side. The left one drags its items out
(`enable-item-drag` and a `prepare-drag` handler giving a file and a text); the right one takes
files through a `Gtk.DropTarget` of the app's own and asks `get_position_at` for the item under
the drop. The pointer is driven with XTEST (libXtst, as the Swift GTK tests do), so the drag
goes through GDK's X11 drag-and-drop like a user's. Another test reorders the left wall's list
store by dragging an item onto another of the same wall (the app's own drop target), the way
docs/WIDGET.md tells to reorder a list model.
"""
import ctypes
import importlib.util
import os
import unittest

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
gi.require_version("GdkX11", "4.0")
gi.require_version("Waterfall", "1")
from gi.repository import Gdk, GdkX11, Gio, GLib, GObject, Gtk, Waterfall  # noqa: E402,F401

_spec = importlib.util.spec_from_file_location("photo_wall", os.path.join(os.path.dirname(__file__), "photo-wall.py"))
photo_wall = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(photo_wall)


def uri_of(number):
    return f"file:///tmp/waterfall-photo-{number}.png"


def spin_until(condition, seconds=10):
    """Runs the main loop until `condition()` holds or `seconds` pass; returns whether it held."""
    expired = [False]
    source = GLib.timeout_add(seconds * 1000, lambda: expired.__setitem__(0, True) or False)
    while not condition() and not expired[0]:
        GLib.MainContext.default().iteration(True)
    if not expired[0]:
        GLib.source_remove(source)
    return condition()


def spin(milliseconds=50):
    done = [False]
    GLib.timeout_add(milliseconds, lambda: done.__setitem__(0, True) or False)
    spin_until(lambda: done[0])


class Pointer:
    """The X pointer through XTEST, in widget coordinates."""

    def __init__(self):
        self.x11 = ctypes.CDLL("libX11.so.6")
        self.xtst = ctypes.CDLL("libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x11.XTranslateCoordinates.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int,
                                                   ctypes.c_int, ctypes.POINTER(ctypes.c_int),
                                                   ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong)]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                                   ctypes.c_ulong]
        self.xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.display = self.x11.XOpenDisplay(os.environ["DISPLAY"].encode())
        assert self.display, "no X display"

    def move(self, widget, x, y):
        native = widget.get_native()
        # compute_point from GTK 4.10; translate_coordinates, deprecated there, before.
        if hasattr(widget, "compute_point"):
            from gi.repository import Graphene
            ok, point = widget.compute_point(native, Graphene.Point().init(x, y))
            nx, ny = point.x, point.y
        else:
            nx, ny = widget.translate_coordinates(native, x, y)
        sx, sy = native.get_surface_transform()
        root_x, root_y, child = ctypes.c_int(), ctypes.c_int(), ctypes.c_ulong()
        self.x11.XTranslateCoordinates(self.display, native.get_surface().get_xid(),
                                       self.x11.XDefaultRootWindow(self.display), int(nx + sx), int(ny + sy),
                                       ctypes.byref(root_x), ctypes.byref(root_y), ctypes.byref(child))
        self.xtst.XTestFakeMotionEvent(self.display, -1, root_x.value, root_y.value, 0)
        self.x11.XFlush(self.display)

    def button(self, pressed):
        self.xtst.XTestFakeButtonEvent(self.display, 1, 1 if pressed else 0, 0)
        self.x11.XFlush(self.display)


class Cells:
    """Which photo each bound cell shows, so a test can name the item under a point without
    asking the wall (the factory's child of each WaterfallItem)."""

    def __init__(self, view):
        self.items = {}
        view.props.factory.connect("bind", lambda _f, item: self.items.__setitem__(item.get_child(), item))
        self.view = view

    def position_at(self, x, y):
        widget = self.view.pick(x, y, Gtk.PickFlags.DEFAULT)
        while widget is not None and widget is not self.view:
            if widget in self.items:
                return self.items[widget].props.position
            widget = widget.get_parent()
        return Gtk.INVALID_LIST_POSITION

    def centre_of(self, position):
        for child, item in self.items.items():
            if item.props.position == position and child.get_mapped():
                ok, bounds = child.compute_bounds(self.view)
                if ok and bounds.get_width() > 40 and bounds.get_height() > 40 and bounds.get_y() > 0:
                    return bounds.get_x() + bounds.get_width() / 2, bounds.get_y() + bounds.get_height() / 2
        return None


class DragAndDrop(unittest.TestCase):
    def setUp(self):
        self.store = photo_wall.make_store(200)
        self.source = photo_wall.make_view(self.store)
        self.target = photo_wall.make_view(photo_wall.make_store(200))
        self.source_cells, self.target_cells = Cells(self.source), Cells(self.target)
        box = Gtk.Box(homogeneous=True)
        for view in (self.source, self.target):
            box.append(Gtk.ScrolledWindow(child=view, hexpand=True))
        self.window = Gtk.Window(default_width=1000, default_height=600, child=box)
        self.window.present()
        self.assertTrue(spin_until(lambda: self.source_cells.centre_of(3) and self.target_cells.centre_of(2)),
                        "the walls never showed their items")
        spin()

    def tearDown(self):
        self.window.destroy()
        spin()

    def test_properties_at_construction(self):
        # Given to the constructor, before the view has its logic: still applied.
        view = Waterfall.MasonryView(enable_item_drag=True, enable_rubberband=True, single_click_activate=True)
        self.assertTrue(view.props.enable_item_drag)
        controllers = view.observe_controllers()
        drag_sources = [controllers.get_item(i) for i in range(controllers.get_n_items())
                        if isinstance(controllers.get_item(i), Gtk.DragSource)]
        self.assertEqual(len(drag_sources), 1, "the view drags items out")

    def test_properties_and_position_at(self):
        self.assertFalse(self.source.props.enable_item_drag, "off by default")
        notified = []
        self.source.connect("notify::enable-item-drag", lambda *_: notified.append(True))
        self.source.set_enable_item_drag(True)
        self.source.props.enable_item_drag = True
        self.assertEqual(len(notified), 1, "notifies once, when the value changes")
        x, y = self.source_cells.centre_of(3)
        self.assertEqual(self.source.get_position_at(x, y), 3)
        self.assertEqual(self.source.get_position_at(2, 2), Gtk.INVALID_LIST_POSITION, "the margin is no item")
        self.assertEqual(self.source.get_position_at(float("nan"), 10), Gtk.INVALID_LIST_POSITION)
        self.assertEqual(self.source.get_position_at(-500, 1e9), Gtk.INVALID_LIST_POSITION)
        # A handler returning None refuses; the first one returning content wins.
        self.source.connect("prepare-drag", lambda _view, position: None)
        self.assertIsNone(self.source.emit("prepare-drag", 3))

    def test_drag_an_item_onto_another_wall(self):
        prepared = []

        def prepare_drag(view, position):
            number = self.store[position].number
            prepared.append(position)
            # The file as a G_TYPE_FILE value (a Gio.File alone would be offered as its
            # implementation's type, which a drop target for Gio.File does not take).
            file = GObject.Value(Gio.File, Gio.File.new_for_uri(uri_of(number)))
            return Gdk.ContentProvider.new_union([
                Gdk.ContentProvider.new_for_value(file),
                Gdk.ContentProvider.new_for_value(f"Photo {number}"),
            ])

        self.source.props.enable_item_drag = True
        self.source.connect("prepare-drag", prepare_drag)
        dropped = []

        def drop(target, value, x, y):
            dropped.append((value.get_uri(), self.target.get_position_at(x, y), self.target_cells.position_at(x, y)))
            return True

        drop_target = Gtk.DropTarget.new(Gio.File, Gdk.DragAction.COPY)
        drop_target.connect("drop", drop)
        self.target.add_controller(drop_target)

        pointer = Pointer()
        start = self.source_cells.centre_of(3)
        end = self.target_cells.centre_of(2)
        pointer.move(self.source, *start)
        spin()
        pointer.button(True)
        spin()
        for step in range(1, 7):
            pointer.move(self.source, start[0] + 4 * step, start[1])
            spin(20)
        for step in range(1, 9):
            t = step / 8
            pointer.move(self.target, end[0] * t + 10 * (1 - t), end[1])
            spin(20)
        pointer.button(False)
        self.assertTrue(spin_until(lambda: dropped), f"nothing was dropped (prepare-drag asked for {prepared})")
        self.assertEqual(prepared, [3], "prepare-drag was asked once, for the item under the pointer")
        uri, position, under = dropped[0]
        self.assertEqual(uri, uri_of(self.store[3].number))
        self.assertEqual(position, 2)
        self.assertEqual(position, under, "get_position_at names the item drawn under the drop")
        self.assertEqual(self.source.props.model.get_selection().get_size(), 0, "the drag did not select")

    def test_reorder_a_list_store_by_drag_and_drop(self):
        # `reorderable` moves nothing over a list model (a GListModel has no move); the app
        # drags its own items out and drops them back onto the same wall (docs/WIDGET.md).
        self.source.props.enable_item_drag = True
        self.source.connect("prepare-drag", lambda _view, position: Gdk.ContentProvider.new_for_value(f"wall:{position}"))
        moved = []

        def drop(target, value, x, y):
            origin, position = int(value.split(":")[1]), self.source.get_position_at(x, y)
            if position == Gtk.INVALID_LIST_POSITION or position == origin:
                return False
            photo = self.store[origin]
            self.store.remove(origin)
            self.store.insert(position, photo)
            moved.append((origin, position))
            return True

        drop_target = Gtk.DropTarget.new(GObject.TYPE_STRING, Gdk.DragAction.COPY)
        drop_target.connect("drop", drop)
        self.source.add_controller(drop_target)
        numbers = [photo.number for photo in self.store]

        pointer = Pointer()
        start, end = self.source_cells.centre_of(3), self.source_cells.centre_of(1)
        pointer.move(self.source, *start)
        spin()
        pointer.button(True)
        spin()
        for step in range(1, 13):
            t = step / 12
            pointer.move(self.source, start[0] * (1 - t) + end[0] * t, start[1] * (1 - t) + end[1] * t)
            spin(20)
        pointer.button(False)
        self.assertTrue(spin_until(lambda: moved), "nothing was dropped")
        self.assertEqual(moved, [(3, 1)])
        self.assertEqual([photo.number for photo in self.store], numbers[:1] + [numbers[3]] + numbers[1:3] + numbers[4:])


if __name__ == "__main__":
    unittest.main()
