#!/usr/bin/python3
"""GtkListBase's keyboard and GTK 4.12's list API on Waterfall.MasonryView, with real input
(run under Xvfb; the keys go through XTEST, as a person's would).

    GI_TYPELIB_PATH=… LD_LIBRARY_PATH=… xvfb-run -a /usr/bin/python3 test_list_api.py

Written as a PyGObject app from docs/WIDGET.md would use the wall:
- the arrows move the focus and select, Ctrl+arrow only moves, Shift+arrow extends the
  multi-selection, Left/Right go to the visual neighbour;
- `tab-behavior` (GTK 4.12+): ALL, the default, tabs item by item; ITEM makes the wall one Tab
  stop. Built against GTK before 4.12, the property is absent and the wall is one Tab stop;
- `scroll_to` (GTK 4.12+) with FOCUS and SELECT gives the item's cell the keyboard focus.
"""
import ctypes
import importlib.util
import os
import unittest

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("Waterfall", "1")
from gi.repository import Gdk, GLib, Gtk, Waterfall  # noqa: E402

# The main-loop helpers and the wall of the GTK-convention tests.
_spec = importlib.util.spec_from_file_location("conventions", os.path.join(os.path.dirname(__file__),
                                                                           "test_gtk_conventions.py"))
conventions = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(conventions)
spin, spin_until, make_view, store_of = conventions.spin, conventions.spin_until, conventions.make_view, conventions.store_of

HAS_TAB_BEHAVIOR = Waterfall.MasonryView.find_property("tab-behavior") is not None


class Keyboard:
    """The X keyboard through XTEST (libXtst, as the Swift GTK tests drive it)."""

    def __init__(self):
        self.x11 = ctypes.CDLL("libX11.so.6")
        self.xtst = ctypes.CDLL("libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.display = self.x11.XOpenDisplay(os.environ["DISPLAY"].encode())
        assert self.display, "no X display"

    def _key(self, keyval, pressed):
        self.xtst.XTestFakeKeyEvent(self.display, self.x11.XKeysymToKeycode(self.display, keyval), pressed, 0)

    def press(self, keyval, shift=False, control=False):
        """Presses and releases `keyval` with the modifiers held, then lets GTK handle it."""
        modifiers = [m for m, held in ((Gdk.KEY_Shift_L, shift), (Gdk.KEY_Control_L, control)) if held]
        for modifier in modifiers:
            self._key(modifier, True)
        self._key(keyval, True)
        self._key(keyval, False)
        for modifier in reversed(modifiers):
            self._key(modifier, False)
        self.x11.XFlush(self.display)
        spin(10)


class Wall:
    """A wall between two buttons in a window, and which item each bound cell shows."""

    def __init__(self, count=300):
        self.view = make_view(store_of(count))
        self.items = {}
        self.view.props.factory.connect("bind", lambda _f, item: self.items.__setitem__(item.get_child(), item))
        self.before, self.after = Gtk.Button(label="before"), Gtk.Button(label="after")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        box.append(self.before)
        box.append(Gtk.ScrolledWindow(child=self.view, vexpand=True))
        box.append(self.after)
        self.window = Gtk.Window(default_width=800, default_height=600, child=box)
        self.window.present()
        spin_until(lambda: len(self.items) > 0)
        self.before.grab_focus()
        spin()

    @property
    def focus(self):
        return self.window.get_focus()

    def focused_position(self):
        """The position of the item whose cell has the keyboard focus, or None."""
        focus = self.focus
        for child, item in self.items.items():
            if focus is not None and child.is_ancestor(focus) and item.get_child() is child:
                return item.props.position
        return None

    def focus_item(self, position):
        self.view.activate_action("list.scroll-to-item", GLib.Variant("u", position))
        spin_until(lambda: self.focused_position() == position)

    def in_wall(self):
        focus = self.focus
        return focus is not None and (focus is self.view or focus.is_ancestor(self.view))


class Keys(unittest.TestCase):
    """The arrows as in GtkGridView, pressed on the real keyboard."""

    def setUp(self):
        self.keyboard = Keyboard()
        self.wall = Wall()
        self.selection = self.wall.view.props.model

    def tearDown(self):
        self.wall.window.destroy()

    def selected(self):
        bitset = self.selection.get_selection()
        return [bitset.get_nth(i) for i in range(bitset.get_size())]

    def test_arrows_move_and_select_ctrl_only_moves_shift_extends(self):
        self.wall.focus_item(0)
        self.assertEqual(self.wall.focused_position(), 0, "list.scroll-to-item did not focus item 0")
        self.keyboard.press(Gdk.KEY_Down)
        below = self.wall.focused_position()
        self.assertIsNotNone(below, "Down left no cell focused")
        self.assertNotEqual(below, 0)
        self.assertEqual(self.selected(), [below], "Down did not select the item it moved to")
        self.keyboard.press(Gdk.KEY_Right, control=True)
        beside = self.wall.focused_position()
        self.assertNotIn(beside, (None, below), "Ctrl+Right did not move")
        self.assertEqual(self.selected(), [below], "Ctrl+Right changed the selection")
        self.keyboard.press(Gdk.KEY_Left, control=True)
        self.assertEqual(self.wall.focused_position(), below, "Ctrl+Left did not come back beside")
        self.keyboard.press(Gdk.KEY_Down, shift=True)
        self.assertGreaterEqual(len(self.selected()), 2, "Shift+Down did not extend the selection")
        self.assertIn(below, self.selected(), "Shift+Down dropped the anchor")


class TabBehavior(unittest.TestCase):
    """Tab through the wall, on the real keyboard."""

    def setUp(self):
        self.keyboard = Keyboard()
        self.wall = Wall()

    def tearDown(self):
        self.wall.window.destroy()

    @unittest.skipUnless(HAS_TAB_BEHAVIOR, "tab-behavior needs a build against GTK 4.12+")
    def test_all_tabs_item_by_item(self):
        self.assertEqual(self.wall.view.props.tab_behavior, Gtk.ListTabBehavior.ALL, "GTK's default is ALL")
        self.keyboard.press(Gdk.KEY_Tab)
        self.assertEqual(self.wall.focused_position(), 0, "Tab did not enter at the first item")
        self.keyboard.press(Gdk.KEY_Tab)
        self.assertEqual(self.wall.focused_position(), 1, "Tab did not go on to the next item")
        self.keyboard.press(Gdk.KEY_Tab, shift=True)
        self.assertEqual(self.wall.focused_position(), 0, "Shift+Tab did not go back an item")
        self.keyboard.press(Gdk.KEY_Tab, shift=True)
        self.assertIs(self.wall.focus, self.wall.before, "Shift+Tab from the first item did not leave the wall")
        self.assertEqual(self.wall.view.props.model.get_selection().get_size(), 0, "Tab selected")

    def test_item_is_one_tab_stop(self):
        if HAS_TAB_BEHAVIOR:
            self.wall.view.props.tab_behavior = Gtk.ListTabBehavior.ITEM
        self.keyboard.press(Gdk.KEY_Tab)
        self.assertTrue(self.wall.in_wall(), "Tab did not enter the wall")
        self.keyboard.press(Gdk.KEY_Down)
        self.assertIsNotNone(self.wall.focused_position(), "Down focused no item")
        self.keyboard.press(Gdk.KEY_Tab)
        self.assertIs(self.wall.focus, self.wall.after, "Tab from an item did not leave the wall")
        self.keyboard.press(Gdk.KEY_Tab, shift=True)
        self.assertTrue(self.wall.in_wall(), "Shift+Tab did not come back to the wall")
        self.keyboard.press(Gdk.KEY_Tab, shift=True)
        self.assertIs(self.wall.focus, self.wall.before, "Shift+Tab did not leave the wall")


class ScrollTo(unittest.TestCase):
    @unittest.skipUnless(hasattr(Waterfall.MasonryView, "scroll_to"), "scroll_to needs a build against GTK 4.12+")
    def test_focus_and_select_give_the_cell_the_focus(self):
        wall = Wall(2000)
        wall.view.scroll_to(1200, Gtk.ListScrollFlags.FOCUS | Gtk.ListScrollFlags.SELECT, None)
        self.assertTrue(spin_until(lambda: wall.focused_position() == 1200), "the cell of item 1200 has no focus")
        self.assertTrue(wall.view.props.model.is_selected(1200))
        self.assertEqual(wall.view.props.model.get_selection().get_size(), 1)
        wall.window.destroy()


if __name__ == "__main__":
    unittest.main(verbosity=2)
