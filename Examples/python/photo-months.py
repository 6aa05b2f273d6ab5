#!/usr/bin/python3
"""A photo wall by month, with pinned section headers, in Python over the installed libwaterfall-1.

    GI_TYPELIB_PATH=PREFIX/lib/<triplet>/girepository-1.0 LD_LIBRARY_PATH=PREFIX/lib/<triplet> \\
        /usr/bin/python3 photo-months.py [--items N] [--snapshot FILE.png]

Photos in a Gio.ListStore, sorted newest month first by a Gtk.SortListModel whose
section-sorter groups them by month, seen through a Gtk.MultiSelection. A
Waterfall.SignalItemFactory makes the photos' cells and a second one, the view's
header-factory, the month headers (a Waterfall.Header: its item is the month's first photo,
n-items its count); pinned-headers keeps the current month's header at the top.

Sections need a library built against GTK 4.12 or later. Built against GTK 4.8 the view has no
header-factory: the same app runs and shows the photos without headers.
"""
import argparse
import importlib.util
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Waterfall", "1")
from gi.repository import Gio, GLib, GObject, Gtk, Waterfall  # noqa: E402

from window_snapshot import save_when_ready  # noqa: E402

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
HAS_SECTIONS = Waterfall.MasonryView.find_property("header-factory") is not None


class Photo(GObject.Object):
    """One photo: its number, its aspect ratio (width / height) and the month it was taken in,
    as "YYYY-MM"."""
    __gtype_name__ = "MonthsPhoto"

    number = GObject.Property(type=int, default=0)
    aspect = GObject.Property(type=float, default=1.0)
    month = GObject.Property(type=str, default="")

    def __init__(self, number):
        # A photo every ~9 hours, going back from December 2024: about 80 a month.
        day = number * 3 // 8
        year, month = 2024 - day // 365, 12 - (day % 365) // 31
        super().__init__(number=number, aspect=0.6 + (number * 2654435761 % 2**32 % 1000) / 1000,
                         month=f"{year}-{max(month, 1):02d}")


# The stand-in images of photo-wall.py.
_spec = importlib.util.spec_from_file_location("photo_wall", os.path.join(os.path.dirname(__file__), "photo-wall.py"))
photo_wall = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(photo_wall)
SWATCHES = photo_wall.SWATCHES


def month_title(month):
    year, number = month.split("-")
    return f"{MONTHS[int(number) - 1]} {year}"


def setup_photo(_factory, item):
    picture = Gtk.Picture(content_fit=Gtk.ContentFit.COVER)
    item.set_child(picture)


def bind_photo(_factory, item):
    photo = item.get_item()
    item.get_child().set_paintable(SWATCHES[photo.number % len(SWATCHES)])
    item.set_accessible_label(f"Photo {photo.number}, {month_title(photo.month)}")


def setup_header(_factory, header):
    label = Gtk.Label(xalign=0, margin_start=12, margin_top=8, margin_bottom=8)
    label.add_css_class("title-3")
    # A pinned header is drawn over the photos that scroll beneath it: give it a background.
    box = Gtk.Box(css_classes=["background"])
    box.append(label)
    header.set_child(box)


def bind_header(_factory, header):
    photo = header.get_item()
    label = header.get_child().get_first_child()
    label.set_text(f"{month_title(photo.month)} · {header.get_n_items()} photos")


def by_month_newest_first(a, b, _data):
    return (a.month < b.month) - (a.month > b.month)


def make_view(store):
    """The wall over `store`: sorted and sectioned by month, in a multi-selection, with month
    headers pinned at the top (on GTK 4.12 and later)."""
    month_sorter = Gtk.CustomSorter.new(by_month_newest_first, None)
    # Within a month, the newest photo first (the higher number is the older photo here).
    by_number = Gtk.CustomSorter.new(lambda a, b, _d: (a.number > b.number) - (a.number < b.number), None)
    sorted_photos = Gtk.SortListModel(model=store)
    if hasattr(sorted_photos, "set_section_sorter"):   # GTK 4.12+: the months are sections
        sorted_photos.set_section_sorter(month_sorter)
        sorted_photos.set_sorter(by_number)
    else:   # before: sorted by month, then by number, without sections
        months_then_numbers = Gtk.MultiSorter()
        months_then_numbers.append(month_sorter)
        months_then_numbers.append(by_number)
        sorted_photos.set_sorter(months_then_numbers)
    selection = Gtk.MultiSelection(model=sorted_photos)
    factory = Waterfall.SignalItemFactory()
    factory.connect("setup", setup_photo)
    factory.connect("bind", bind_photo)
    view = Waterfall.MasonryView(model=selection, factory=factory, aspect_ratio_property="aspect")
    if HAS_SECTIONS:
        headers = Waterfall.SignalItemFactory()
        headers.connect("setup", setup_header)
        headers.connect("bind", bind_header)
        view.props.header_factory = headers
        view.props.pinned_headers = True
    view.connect("activate", lambda _view, position: print(
        f"activate: photo {selection[position].number} of {selection[position].month} at {position}", flush=True))
    return view


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=2_000)
    parser.add_argument("--snapshot", metavar="FILE.png")
    args = parser.parse_args()

    store = Gio.ListStore(item_type=Photo)
    store.splice(0, 0, [Photo(i) for i in range(args.items)])
    view = make_view(store)
    if not HAS_SECTIONS:
        print("photo-months: the library was built against GTK before 4.12: no sections", file=sys.stderr)
    window = Gtk.Window(title="Photos by month (Python)", default_width=900, default_height=700)
    window.set_child(Gtk.ScrolledWindow(child=view))
    loop = GLib.MainLoop()
    window.connect("close-request", lambda _w: loop.quit() or False)
    window.present()
    if args.snapshot:
        frames = [0]

        def twenty_frames():
            frames[0] += 1
            return frames[0] >= 20

        save_when_ready(window, args.snapshot, twenty_frames, loop.quit)
    loop.run()
    window.destroy()
    return 0


if __name__ == "__main__":
    sys.exit(main())
