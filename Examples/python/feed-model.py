#!/usr/bin/python3
"""The shortest wall over a feed, in Python: a feed model, a masonry view, the default factory.

    GI_TYPELIB_PATH=PREFIX/lib/<triplet>/girepository-1.0 LD_LIBRARY_PATH=PREFIX/lib/<triplet> \\
        /usr/bin/python3 feed-model.py URL [--map MAP] [--snapshot FILE.png]

URL is a feed of JSON pages (`{page}` is the page number, or a file:// page); MAP says where its
fields are (a preset such as `reddit`, or `items=data.children,img=data.url,...`). The feed is a
Waterfall.FeedModel (a Gio.ListModel of Waterfall.FeedItem) behind a Gtk.MultiSelection, shown by
a Waterfall.MasonryView whose Waterfall.FeedItemFactory makes the shop wall's cells (the image
under a price strip) and whose cells take each item's "aspect-ratio". The view's load-more and
refresh (F5, Ctrl+R) drive the model; activating an item prints its link. Where the cells should
be your own, see feed-wall.js or feed-model.c (a factory of their own). --snapshot writes the
window once the visible images are decoded and exits (1 if the feed failed).
"""
import argparse
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Waterfall", "1")
from gi.repository import GLib, Gtk, Waterfall  # noqa: E402

from window_snapshot import save_when_ready  # noqa: E402


def make_view(feed):
    """The wall over `feed`."""
    view = Waterfall.MasonryView(model=Gtk.MultiSelection(model=feed), factory=Waterfall.FeedItemFactory(),
                                 aspect_ratio_property="aspect-ratio")
    view.connect("load-more", lambda _view: feed.load_more())
    view.connect("refresh", lambda _view: feed.refresh())
    view.connect("activate", lambda _view, position: print(
        f"activate: {feed.get_item(position).props.link or feed.get_item(position).props.image_uri}", flush=True))
    return view


def images_shown(view):
    """Whether the pictures on the screen have their pixels (or failed)."""
    shown = []
    pending = [view]
    while pending:
        widget = pending.pop()
        if isinstance(widget, Gtk.Picture) and widget.get_mapped() and widget.get_paintable() is not None:
            shown.append(widget.get_paintable())
        child = widget.get_first_child()
        while child is not None:
            pending.append(child)
            child = child.get_next_sibling()
    return bool(shown) and all(i.props.failed or (i.get_intrinsic_width() > 0 and not i.props.loading) for i in shown)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--map", help="a preset name or FIELD=PATH,... (default: Waterfall's format)")
    parser.add_argument("--snapshot", metavar="FILE.png")
    args = parser.parse_args()

    try:
        feed = Waterfall.FeedModel.new(args.url, args.map)
    except GLib.Error as error:
        print(f"feed-model.py: {error.message}", file=sys.stderr)
        return 2
    feed.connect("notify::error-message", lambda f, _p: f.props.error_message
                 and print(f"failed: {f.props.error_message}", file=sys.stderr, flush=True))
    view = make_view(feed)
    window = Gtk.Window(title="Feed model (Python)", default_width=900, default_height=700,
                        child=Gtk.ScrolledWindow(child=view))
    loop = GLib.MainLoop()
    window.connect("close-request", lambda _w: loop.quit() or False)
    window.present()
    if args.snapshot:
        def shown_or_failed():
            return feed.props.error_message is not None or (feed.get_n_items() > 0 and images_shown(view))

        save_when_ready(window, args.snapshot, shown_or_failed, loop.quit)
    loop.run()
    window.destroy()
    return 1 if args.snapshot and feed.props.error_message else 0


if __name__ == "__main__":
    sys.exit(main())
