#!/usr/bin/python3
"""A feed wall in Python over the installed libwaterfall-1: a whole feed in one widget.

    GI_TYPELIB_PATH=PREFIX/lib/<triplet>/girepository-1.0 LD_LIBRARY_PATH=PREFIX/lib/<triplet> \\
        /usr/bin/python3 feed.py URL [--schema MAP] [--columns N] [--snapshot FILE.png]

URL is a feed of JSON pages (`{page}` is the page number: https://example.com/page/{page}.json,
or a file:// page); MAP says where its fields are (a preset such as `reddit`, or
`items=data.children,img=data.url,...`; default: Waterfall's own format). Waterfall.FeedWall
loads the pages and the images, loads more near the end, refreshes on F5 or Ctrl+R, and says
in plain words what failed. Activating an item prints it. --snapshot writes the window once
the visible images are shown and exits (1 if the feed failed).
"""
import argparse
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Waterfall", "1")
from gi.repository import GLib, Gtk, Waterfall  # noqa: E402

from window_snapshot import save_when_ready  # noqa: E402


def make_wall(url, schema, columns):
    """The wall over `url`; a refused URL or schema raises GLib.Error (Waterfall.FeedError)."""
    wall = Waterfall.FeedWall.new(url, schema)
    wall.props.view.props.columns = columns
    wall.props.view.props.empty_title = "This feed has no photos yet"
    wall.connect("item-activated", lambda _wall, position, item_id, title, uri:
                 print(f"activate: {title or item_id or uri} at {position}", flush=True))
    wall.connect("notify::n-items", lambda w, _p: print(f"items: {w.props.n_items}", flush=True))
    wall.connect("notify::error-message", lambda w, _p: w.props.error_message
                 and print(f"failed: {w.props.error_message}", file=sys.stderr, flush=True))
    return wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--schema", help="a preset name or FIELD=PATH,... (default: Waterfall's format)")
    parser.add_argument("--columns", type=int, default=0, help="the number of columns (0: as many as fit)")
    parser.add_argument("--snapshot", metavar="FILE.png")
    args = parser.parse_args()

    try:
        wall = make_wall(args.url, args.schema, args.columns)
    except GLib.Error as error:
        print(f"feed.py: {error.message}", file=sys.stderr)
        return 2
    window = Gtk.Window(title="Feed (Python)", default_width=900, default_height=700, child=wall)
    loop = GLib.MainLoop()
    window.connect("close-request", lambda _w: loop.quit() or False)
    window.present()
    if args.snapshot:
        def shown_or_failed():
            return wall.props.error_message is not None or (wall.props.n_items > 0 and wall.get_images_ready())

        save_when_ready(window, args.snapshot, shown_or_failed, loop.quit)
    loop.run()
    window.destroy()
    return 1 if args.snapshot and wall.props.error_message else 0


if __name__ == "__main__":
    sys.exit(main())
