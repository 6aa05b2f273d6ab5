#!/usr/bin/python3
"""Sections from a GtkSectionModel on Waterfall.MasonryView (GTK 4.12+), with real input (run
under Xvfb; the keys go through XTEST, as a person's would).

    GI_TYPELIB_PATH=… LD_LIBRARY_PATH=… xvfb-run -a /usr/bin/python3 test_sections.py

Written as a PyGObject app from docs/LIST-MODELS.md would use the wall: photos in a
Gio.ListStore, sorted by month through a Gtk.SortListModel with a section-sorter, inside a
Gtk.MultiSelection, with a header-factory:
- each section starts with one header spanning every column, a Waterfall.Header whose item,
  start, end and n-items are the section's, and the items keep their model positions;
- with pinned-headers, the current section's header stays at the top while its section
  scrolls under it, and the next header pushes it out; without, it scrolls away;
- the arrows, Home and Tab skip the headers, the selection counts model positions, and
  scroll_to, activate and get_position_at use model positions;
- items-changed in the store adds and removes sections;
- each header is as tall as its own child (a subtitle, a wrapped title), measured when bound;
- read through AT-SPI (photo-months.py under Tests/accessibility/atspi_reader.py, on a private
  bus), a header is a row header named by its child's text, as GtkListView's are, with no
  "item N of M" and not focusable; the items' positions and the wall's item count skip headers.
Built against GTK before 4.12 the view has no header-factory: every case skips.
"""
import importlib.util
import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("Graphene", "1.0")
gi.require_version("Waterfall", "1")
from gi.repository import Gdk, Gio, GLib, GObject, Graphene, Gtk, Waterfall  # noqa: E402


def _load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(os.path.dirname(__file__), name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


list_api = _load("test_list_api")
spin, spin_until, Keyboard = list_api.spin, list_api.spin_until, list_api.Keyboard

HAS_SECTIONS = Waterfall.MasonryView.find_property("header-factory") is not None
INVALID = 0xFFFFFFFF
MONTHS = 6
PER_MONTH = 24


class Photo(GObject.Object):
    __gtype_name__ = "SectionsPhoto"
    aspect = GObject.Property(type=float, default=0.75)
    month = GObject.Property(type=int, default=0)
    number = GObject.Property(type=int, default=0)

    def __init__(self, month, number):
        super().__init__(month=month, number=number)


def photos(months, first_month=0):
    # Interleaved, so that the sort model has work to do.
    return [Photo(first_month + i % months, i) for i in range(months * PER_MONTH)]


def top_in(widget, ancestor):
    """Where `widget`'s top is in `ancestor`'s coordinates."""
    ok, point = widget.compute_point(ancestor, Graphene.Point())
    return point.y if ok else None


@unittest.skipUnless(HAS_SECTIONS, "sections need a build against GTK 4.12+")
class Sections(unittest.TestCase):
    def setUp(self):
        self.keyboard = Keyboard()
        self.store = Gio.ListStore(item_type=Photo)
        self.store.splice(0, 0, photos(MONTHS))
        by_month = Gtk.CustomSorter.new(lambda a, b, _d: (a.month > b.month) - (a.month < b.month), None)
        by_number = Gtk.CustomSorter.new(lambda a, b, _d: (a.number > b.number) - (a.number < b.number), None)
        self.sorted = Gtk.SortListModel(model=self.store, sorter=by_number, section_sorter=by_month)
        self.selection = Gtk.MultiSelection(model=self.sorted)
        self.items, self.headers = {}, {}
        factory = Waterfall.SignalItemFactory()
        factory.connect("setup", lambda _f, item: item.set_child(Gtk.Label(label="photo")))
        factory.connect("bind", lambda _f, item: self.items.__setitem__(item.get_child(), item))
        headers = Waterfall.SignalItemFactory()
        headers.connect("setup", lambda _f, header: header.set_child(Gtk.Label(label="month", height_request=40)))
        headers.connect("bind", lambda _f, header: self.headers.__setitem__(header.get_child(), header))
        self.view = Waterfall.MasonryView(model=self.selection, factory=factory, header_factory=headers,
                                          aspect_ratio_property="aspect", columns=4)
        self.activated = []
        self.view.connect("activate", lambda _v, position: self.activated.append(position))
        self.before = Gtk.Button(label="before")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        box.append(self.before)
        self.scrolled = Gtk.ScrolledWindow(child=self.view, vexpand=True)
        box.append(self.scrolled)
        self.window = Gtk.Window(default_width=800, default_height=600, child=box)
        self.window.present()
        spin_until(lambda: self.headers and self.items)
        spin()
        self.before.grab_focus()
        spin()

    def tearDown(self):
        self.window.destroy()

    # Helpers

    def section(self, position):
        start, end = self.selection.get_section(position)
        return start, end

    def section_starts(self):
        starts, position = [], 0
        while position < self.selection.get_n_items():
            start, end = self.section(position)
            starts.append(start)
            position = end
        return starts

    def shown_header(self, start):
        """The child of the header of the section starting at `start` when it is on screen (bound,
        mapped and inside the view: once scrolled, the wall keeps cells bound and drawn 1000 points
        beyond the viewport), or None."""
        for child, header in self.headers.items():
            if header.get_start() == start and header.get_child() is child and child.get_mapped():
                top = top_in(child, self.view)
                if top is not None and top < self.view.get_height() and top + child.get_height() > 0:
                    return child
        return None

    def focused_position(self):
        focus = self.window.get_focus()
        for child, item in self.items.items():
            if focus is not None and child.is_ancestor(focus) and item.get_child() is child:
                return item.props.position
        return None

    def selected(self):
        bitset = self.selection.get_selection()
        return [bitset.get_nth(i) for i in range(bitset.get_size())]

    def scroll(self, value):
        self.scrolled.get_vadjustment().set_value(value)
        spin()

    # Cases

    def test_headers_describe_their_sections_and_span_the_wall(self):
        self.assertEqual(self.section_starts(), [PER_MONTH * m for m in range(MONTHS)])
        child = self.shown_header(0)
        self.assertIsNotNone(child, "the first section has no header")
        header = self.headers[child]
        self.assertEqual((header.get_start(), header.get_end(), header.get_n_items()), (0, PER_MONTH, PER_MONTH))
        self.assertEqual((header.props.start, header.props.end, header.props.n_items), (0, PER_MONTH, PER_MONTH))
        self.assertIs(header.get_item(), self.selection.get_item(0))
        self.assertGreater(child.get_width(), 0.9 * self.view.get_width(), "the header does not span the columns")
        self.assertLess(top_in(child, self.view), 10, "the first header is not at the top (under the 8 px margin)")
        for child, item in self.items.items():
            if item.get_child() is child and item.get_item() is not None:
                self.assertIs(item.get_item(), self.selection.get_item(item.props.position),
                              "an item's position is not its model position")
        below = self.shown_header(0)
        self.assertEqual(self.view.get_position_at(20, top_in(below, self.view) + 10), INVALID,
                         "get_position_at found an item on a header")

    def test_pinned_header_stays_at_the_top_and_the_next_pushes_it_out(self):
        self.view.props.pinned_headers = True
        spin()
        self.scroll(150)
        first = self.shown_header(0)
        self.assertIsNotNone(first)
        self.assertAlmostEqual(top_in(first, self.view), 0, delta=1, msg="the header did not stay at the top")
        self.assertIsNone(self.shown_header(PER_MONTH), "the scroll is past the first section")
        # Bring the second header up to half the first header's height below the top.
        value = 150
        while self.shown_header(PER_MONTH) is None:
            value += 100
            self.scroll(value)
        second = self.shown_header(PER_MONTH)
        natural = value + top_in(second, self.view)
        height = first.get_height()
        self.scroll(natural - height / 2)
        self.assertAlmostEqual(top_in(first, self.view), -height / 2, delta=1.5,
                               msg="the next header did not push the pinned one out")
        self.assertAlmostEqual(top_in(second, self.view), height / 2, delta=1.5)
        self.scroll(natural + 200)
        self.assertAlmostEqual(top_in(self.shown_header(PER_MONTH), self.view), 0, delta=1,
                               msg="the second header did not pin")

    def test_unpinned_headers_scroll_away(self):
        self.assertFalse(self.view.props.pinned_headers, "pinned-headers is on by default")
        natural = top_in(self.shown_header(0), self.view)
        self.scroll(150)
        first = self.shown_header(0)
        if first is not None:
            self.assertAlmostEqual(top_in(first, self.view), natural - 150, delta=1, msg="an unpinned header stayed")

    def test_arrows_home_and_tab_skip_headers(self):
        self.keyboard.press(Gdk.KEY_Tab)
        self.assertEqual(self.focused_position(), 0, "Tab did not enter at the first item")
        self.keyboard.press(Gdk.KEY_End)
        self.keyboard.press(Gdk.KEY_Home)
        self.assertEqual(self.focused_position(), 0, "Home did not focus the first item")
        crossed = False
        for _ in range(3 * PER_MONTH):
            self.keyboard.press(Gdk.KEY_Down)
            position = self.focused_position()
            self.assertIsNotNone(position, "Down focused a header (or nothing)")
            self.assertEqual(self.selected(), [position], "Down did not select the item it focused")
            if position >= PER_MONTH:
                crossed = True
                break
        self.assertTrue(crossed, "Down never crossed into the second section")
        for _ in range(3 * PER_MONTH):
            self.keyboard.press(Gdk.KEY_Up)
            position = self.focused_position()
            self.assertIsNotNone(position, "Up focused a header (or nothing)")
            if position < PER_MONTH:
                break
        self.assertLess(self.focused_position(), PER_MONTH, "Up never crossed back")
        self.view.scroll_to(PER_MONTH - 1, Gtk.ListScrollFlags.FOCUS, None)
        self.assertTrue(spin_until(lambda: self.focused_position() == PER_MONTH - 1))
        self.keyboard.press(Gdk.KEY_Tab)
        self.assertEqual(self.focused_position(), PER_MONTH, "Tab did not skip the header")
        self.keyboard.press(Gdk.KEY_Tab, shift=True)
        self.assertEqual(self.focused_position(), PER_MONTH - 1, "Shift+Tab did not skip the header")

    def test_scroll_to_activate_and_selection_use_model_positions(self):
        target = 3 * PER_MONTH + 5
        self.view.scroll_to(target, Gtk.ListScrollFlags.FOCUS | Gtk.ListScrollFlags.SELECT, None)
        self.assertTrue(spin_until(lambda: self.focused_position() == target), "scroll_to did not focus the item")
        self.assertEqual(self.selected(), [target])
        self.keyboard.press(Gdk.KEY_Down, shift=True)
        extended = self.selected()
        self.assertIn(target, extended)
        self.assertEqual(extended, list(range(extended[0], extended[-1] + 1)), "Shift+Down selected a gap")
        self.assertTrue(self.view.activate_action("list.activate-item", GLib.Variant("u", target)))
        self.keyboard.press(Gdk.KEY_Return)
        self.assertEqual(self.activated[0], target)
        self.assertEqual(len(self.activated), 2)
        self.assertIn(self.activated[1], extended)

    def test_items_changed_adds_and_removes_sections(self):
        self.store.splice(self.store.get_n_items(), 0, photos(1, first_month=MONTHS))
        spin()
        starts = self.section_starts()
        self.assertEqual(len(starts), MONTHS + 1)
        self.view.scroll_to(starts[-1], Gtk.ListScrollFlags.NONE, None)
        self.assertTrue(spin_until(lambda: self.shown_header(starts[-1]) is not None), "the new month has no header")
        self.store.splice(0, self.store.get_n_items(), photos(2))
        self.scroll(0)
        self.assertEqual(self.section_starts(), [0, PER_MONTH])
        self.assertTrue(spin_until(lambda: self.shown_header(0) is not None), "the first month lost its header")
        self.view.scroll_to(PER_MONTH, Gtk.ListScrollFlags.NONE, None)
        self.assertTrue(spin_until(lambda: self.shown_header(PER_MONTH) is not None), "the second month has no header")
        self.assertEqual(self.headers[self.shown_header(PER_MONTH)].get_n_items(), PER_MONTH)
        self.assertIsNone(self.shown_header(2 * PER_MONTH), "a removed month kept its header")

    def test_each_header_is_sized_by_its_own_child(self):
        """A header factory whose headers differ: each header gets its own child's height for
        the wall's width, measured when it is bound; far sections are never bound."""
        bound, labels = [], {}

        def bind(_factory, header):
            start = header.get_start()
            bound.append(start)
            title = "Month %d" % (start // PER_MONTH)
            if start == PER_MONTH:
                title += "\nwith a subtitle"
            elif start == 2 * PER_MONTH:
                title += " with a title long enough to wrap" * 12
            header.get_child().set_text(title)
            labels[header.get_child()] = start

        def natural(label):
            return label.measure(Gtk.Orientation.VERTICAL, label.get_width())[1]

        def shown(start):
            """The mapped label of the section at `start`'s header, or None."""
            return next((label for label, shows in labels.items() if shows == start and label.get_mapped()), None)

        headers = Waterfall.SignalItemFactory()
        headers.connect("setup", lambda _f, header: header.set_child(Gtk.Label(wrap=True, xalign=0)))
        headers.connect("bind", bind)
        self.view.props.header_factory = headers
        self.scroll(0)
        self.assertTrue(spin_until(lambda: shown(0) is not None and shown(0).get_height() == natural(shown(0))))
        one_line = shown(0).get_height()
        self.assertGreater(one_line, 0)
        self.assertFalse({s for s in bound if s >= 4 * PER_MONTH}, "a header far off screen was bound")
        heights = {}
        for start in (PER_MONTH, 2 * PER_MONTH):
            self.view.scroll_to(start, Gtk.ListScrollFlags.NONE, None)
            # The header's cell takes its child's natural height for the wall's width, nothing more.
            self.assertTrue(spin_until(lambda: shown(start) is not None and natural(shown(start)) > 0
                                       and abs(shown(start).get_height() - natural(shown(start))) <= 1),
                            "the header of %d did not take its child's height" % start)
            heights[start] = shown(start).get_height()
        self.assertGreater(heights[PER_MONTH], one_line + 5, "a two-line header is not taller than a one-line one")
        self.assertGreater(heights[2 * PER_MONTH], heights[PER_MONTH], "a wrapped title is not taller than two lines")
        self.scroll(0)
        self.assertTrue(spin_until(lambda: shown(0) is not None and shown(0).get_height() == one_line),
                        "the one-line header took another header's height")


HERE = os.path.dirname(os.path.abspath(__file__))
READER = os.path.join(HERE, "..", "..", "Tests", "accessibility", "atspi_reader.py")
PHOTOS = 300


def nodes(node):
    """`node` and its descendants in the reader's tree, depth first."""
    yield node
    for child in node.get("children", []):
        yield from nodes(child)


@unittest.skipUnless(HAS_SECTIONS, "sections need a build against GTK 4.12+")
class SectionsThroughATSPI(unittest.TestCase):
    """photo-months.py as a screen reader reads it: the months' headers and the photos."""

    def read(self):
        tools = [shutil.which("dbus-run-session"), "/usr/libexec/at-spi-bus-launcher"]
        if not all(tool and os.access(tool, os.X_OK) for tool in tools):
            self.skipTest("no AT-SPI bus: dbus-run-session or at-spi2-core's bus launcher is missing")
        environment = {name: value for name, value in os.environ.items()
                       if name not in ("GTK_A11Y", "NO_AT_BRIDGE", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS")}
        with tempfile.TemporaryDirectory() as scratch:
            output = os.path.join(scratch, "report.json")
            run = subprocess.run(["dbus-run-session", "--", "/usr/bin/python3", READER, "--output", output, "--",
                                  "/usr/bin/python3", os.path.join(HERE, "photo-months.py"), "--items", str(PHOTOS)],
                                 env=dict(environment, XDG_CACHE_HOME=scratch), capture_output=True, text=True,
                                 timeout=240)
            if run.returncode == 77:
                self.skipTest("no AT-SPI bus or client: " + run.stderr[-300:])
            self.assertEqual(run.returncode, 0, "the reader failed: " + run.stderr[-2000:])
            with open(output) as file:
                return json.load(file)["before"]

    def test_headers_are_row_headers_and_positions_skip_them(self):
        tree = self.read()
        headers = [n for n in nodes(tree) if n["role"] == "row header"]
        self.assertTrue(headers, "no row header in the tree (roles: %s)" % sorted({n["role"] for n in nodes(tree)}))
        for header in headers:
            self.assertRegex(header["name"], r"^\w+ \d{4} · \d+ photos$", "a header is not named by its child's text")
            self.assertNotRegex(header["description"], r"\d+ of \d+", "a header has a position text")
            self.assertNotIn("focusable", header["states"], "a header takes the focus")
        walls = [n for n in nodes(tree) if n["role"] == "list"]
        self.assertEqual(len(walls), 1)
        self.assertTrue(walls[0]["name"].endswith(f"{PHOTOS} items"), "the wall's count is not the photos': " + walls[0]["name"])
        photos = [n for n in nodes(tree) if n["role"] == "list item" and n["name"].startswith("Photo ")]
        self.assertTrue(photos, "no photo in the tree")
        positions = []
        for photo in photos:
            match = re.search(r"(\d+) of (\d+)", photo["description"])
            self.assertIsNotNone(match, "a photo has no position text: " + photo["description"])
            self.assertEqual(int(match.group(2)), PHOTOS, "a photo's set size counts the headers")
            positions.append(int(match.group(1)))
        self.assertEqual(min(positions), 1, "the first photo is not item 1 (a header took a position)")
        self.assertEqual(len(set(positions)), len(positions))


if __name__ == "__main__":
    unittest.main(verbosity=2)
