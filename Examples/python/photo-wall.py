#!/usr/bin/python3
"""A photo wall in Python over the installed libwaterfall-1 (through GObject Introspection).

    GI_TYPELIB_PATH=PREFIX/lib/<triplet>/girepository-1.0 LD_LIBRARY_PATH=PREFIX/lib/<triplet> \\
        /usr/bin/python3 photo-wall.py [--items N] [--snapshot FILE.png]

100,000 photos in a Gio.ListStore behind a Gtk.MultiSelection; a Waterfall.SignalItemFactory builds
a Gtk.Picture and a Gtk.Label per item; each photo's aspect ratio comes from its "aspect" property
(the view's aspect-ratio-property). Activating a photo prints it; load-more appends a page.
"""
import argparse
import sys

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
gi.require_version("Waterfall", "1")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk, Waterfall  # noqa: E402

from window_snapshot import save_when_ready  # noqa: E402

PAGE = 1000
COLOURS = [(232, 115, 90), (79, 157, 217), (242, 181, 65), (108, 191, 132),
           (154, 123, 209), (224, 86, 143), (64, 178, 176), (237, 140, 52)]


class Photo(GObject.Object):
    """One photo of the wall: its number and its aspect ratio (width / height)."""
    __gtype_name__ = "ExamplePhoto"

    number = GObject.Property(type=int, default=0)
    aspect = GObject.Property(type=float, default=1.0)

    def __init__(self, number):
        super().__init__(number=number, aspect=0.6 + (number * 2654435761 % 2**32 % 1000) / 1000)


def swatch(colour):
    """A small vertical gradient of a saturated colour: the photos' stand-in image."""
    width, height = 8, 32
    rows = bytearray()
    for y in range(height):
        shade = 1 - 0.35 * y / height
        rows += bytes(int(c * shade) for c in colour) * width
    return Gdk.MemoryTexture.new(width, height, Gdk.MemoryFormat.R8G8B8, GLib.Bytes.new(rows), width * 3)


SWATCHES = [swatch(c) for c in COLOURS]


def aspect_expression():
    """A GtkPropertyExpression for Photo:aspect, for code that wants the expression rather than
    aspect-ratio-property (compare-grid.py). PyGObject 3.42 cannot create GtkExpression values
    (TypeError), so GtkBuilder's <lookup> makes it, on a numeric sorter whose `expression`
    property is then bound to the view's (the value never crosses into Python)."""
    ui = """<interface><object class="GtkNumericSorter" id="holder">
              <property name="expression"><lookup name="aspect" type="ExamplePhoto"/></property>
            </object></interface>"""
    return Gtk.Builder.new_from_string(ui, -1).get_object("holder")


def setup(factory, item):
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=4)
    picture = Gtk.Picture(content_fit=Gtk.ContentFit.COVER, vexpand=True)
    box.append(picture)
    box.append(Gtk.Label())
    item.set_child(box)


def bind(factory, item):
    photo = item.get_item()
    picture = item.get_child().get_first_child()
    picture.set_paintable(SWATCHES[photo.number % len(SWATCHES)])
    picture.get_next_sibling().set_text(f"Photo {photo.number}")


def make_store(count):
    store = Gio.ListStore(item_type=Photo)
    store.splice(0, 0, [Photo(i) for i in range(count)])
    return store


def make_view(store, endless=True):
    """The wall over `store`: a multi-selection, the signal factory and the aspect property;
    `endless`, load-more appends a page of new photos."""
    selection = Gtk.MultiSelection(model=store)
    factory = Waterfall.SignalItemFactory()
    factory.connect("setup", setup)
    factory.connect("bind", bind)
    # Each photo's width / height is its "aspect" property. (C, GJS and Vala give a
    # GtkPropertyExpression to aspect-ratio-expression; PyGObject 3.42 cannot create one.)
    view = Waterfall.MasonryView(model=selection, factory=factory, aspect_ratio_property="aspect")
    view.connect("activate", lambda _view, position: print(f"activate: photo {store[position].number} "
                                                           f"(aspect {store[position].aspect:.3f}) at {position}",
                                                           flush=True))

    def load_more(_view):
        start = len(store)
        store.splice(start, 0, [Photo(i) for i in range(start, start + PAGE)])
        print(f"load-more: {len(store)} items", flush=True)

    if endless:
        view.connect("load-more", load_more)
    return view


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--snapshot", metavar="FILE.png")
    args = parser.parse_args()

    store = make_store(args.items)
    view = make_view(store)
    window = Gtk.Window(title="Photo wall (Python)", default_width=900, default_height=700)
    window.set_child(Gtk.ScrolledWindow(child=view))
    loop = GLib.MainLoop()
    window.connect("close-request", lambda _w: loop.quit() or False)
    window.present()
    status = 0
    if args.snapshot:
        frames = [0]

        def twenty_frames():
            frames[0] += 1
            return frames[0] >= 20

        save_when_ready(window, args.snapshot, twenty_frames, loop.quit)
    loop.run()
    window.destroy()
    return status


if __name__ == "__main__":
    sys.exit(main())
