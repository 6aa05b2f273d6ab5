#!/usr/bin/python3
"""A photo gallery over a folder: Waterfall.Image loads, downscales and caches each photo.

    python3 gallery.py FOLDER [--snapshot FILE.png]

Sizes come from the files' headers (GdkPixbuf.Pixbuf.get_file_info, nothing decoded); each
Gtk.Picture draws a Waterfall.Image, which loads when first drawn and is cancelled when dropped.
"""
import argparse
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("GdkPixbuf", "2.0")
gi.require_version("Waterfall", "1")
from gi.repository import GdkPixbuf, Gio, GLib, GObject, Gtk, Waterfall  # noqa: E402

from window_snapshot import save_when_ready  # noqa: E402


class Photo(GObject.Object):
    __gtype_name__ = "GalleryPhoto"
    aspect = GObject.Property(type=float, default=1.0)   # width / height
    image = GObject.Property(type=Waterfall.Image)


def photos(folder):
    store = Gio.ListStore(item_type=Photo)
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        info, width, height = GdkPixbuf.Pixbuf.get_file_info(path)
        if info is not None and width > 0 and height > 0:
            image = Waterfall.Image.new_for_file(Gio.File.new_for_path(path))
            image.props.size_hint = 600   # the widest a column gets, in device pixels
            store.append(Photo(aspect=width / height, image=image))
    return store


parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("folder")
parser.add_argument("--snapshot", metavar="FILE.png")
args = parser.parse_args()
factory = Waterfall.SignalItemFactory()
factory.connect("setup", lambda _f, item: item.set_child(Gtk.Picture(content_fit=Gtk.ContentFit.COVER)))
factory.connect("bind", lambda _f, item: item.get_child().set_paintable(item.get_item().props.image))
view = Waterfall.MasonryView(model=Gtk.MultiSelection(model=photos(args.folder)), factory=factory,
                             aspect_ratio_property="aspect")
window = Gtk.Window(title="Gallery", default_width=900, default_height=700, child=Gtk.ScrolledWindow(child=view))
loop = GLib.MainLoop()
window.connect("close-request", lambda _w: loop.quit() or False)
window.present()
if args.snapshot:   # saved once the pictures drawn have their pixels (or have failed)
    images = [photo.props.image for photo in view.get_model()]
    save_when_ready(window, args.snapshot, lambda: not any(i.props.loading for i in images)
                    and any(i.get_intrinsic_width() for i in images), loop.quit)
loop.run()
sys.exit(0)
