#!/usr/bin/python3
"""Waterfall.Image in a wall against Waterfall.FeedWall's own cells, over the same feed.

    scripts/image-bench.py image|feedwall PAGE-URL [--pages N] [--jumps N] [--pause SECONDS]

Run against the installed library (scripts/meson-prefix.sh's environment) under Xvfb, with an
empty $XDG_CACHE_HOME, one process per mode (so both start with cold caches). `image` loads the
feed's JSON pages itself (PAGE-URL with `{page}`; Waterfall's own format) into a Gio.ListStore
and shows each item's `Waterfall.Image` (size-hint 0: decoded at the size drawn, as cells are)
in a Gtk.Picture of a Waterfall.SignalItemFactory, sized by aspect-ratio-property (with
`--load-on-bind SIZE`, size-hint SIZE and load() in bind, so items bound ahead of the screen
load before they are drawn, as FeedWall prefetches); `feedwall`
shows `Waterfall.FeedWall` over PAGE-URL. Both views have 5 columns in a 1280x900 window.

Prints one JSON line: the time from presenting the window to the first decoded picture and to
every visible picture decoded (pictures on the view's screen; cells bound off screen do not
count), then `--jumps` jumps of one screen down, each waiting until every
visible picture is decoded: pictures decoded and images per second over the jumps, and the
mean wait per jump (with `--pause S`, each jump comes S seconds after the screen was ready, as a
reader's would: what was loaded ahead meanwhile shows at once). A picture
counts as decoded when its GtkPicture shows a texture of more than one pixel (FeedWall) or its
Waterfall.Image has pixels (Image).
"""
import argparse
import json
import sys
import time
import urllib.parse
import urllib.request

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
gi.require_version("Waterfall", "1")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk, Waterfall  # noqa: E402


class Photo(GObject.Object):
    __gtype_name__ = "BenchPhoto"
    aspect = GObject.Property(type=float, default=1.0)
    image = GObject.Property(type=Waterfall.Image)


def bind(_factory, item):
    image = item.get_item().props.image
    item.get_child().set_paintable(image)
    if image.props.size_hint > 0:
        image.load()   # --load-on-bind: items bound ahead of the screen load before they are drawn


def image_view(page_url, pages, size_hint):
    store = Gio.ListStore(item_type=Photo)
    for number in range(1, pages + 1):
        url = page_url.replace("{page}", str(number))
        page = json.load(urllib.request.urlopen(url))
        for item in page["items"]:
            uri = urllib.parse.urljoin(url, item["img"])
            image = Waterfall.Image.new_for_uri(uri)
            image.props.size_hint = size_hint
            store.append(Photo(aspect=item["w"] / item["h"], image=image))
    factory = Waterfall.SignalItemFactory()
    factory.connect("setup", lambda _f, item: item.set_child(Gtk.Picture(content_fit=Gtk.ContentFit.COVER)))
    factory.connect("bind", bind)
    view = Waterfall.MasonryView(model=Gtk.NoSelection(model=store), factory=factory,
                                 aspect_ratio_property="aspect", columns=5)
    return Gtk.ScrolledWindow(child=view), view


def pictures(view, widget=None):
    """What the Gtk.Pictures under `view` show that lie at least partly on its screen (cells
    bound off screen, ahead of or behind it, do not count)."""
    child = (widget or view).get_first_child()
    while child is not None:
        if isinstance(child, Gtk.Picture) and child.get_mapped():
            ok, bounds = child.compute_bounds(view)
            if ok and bounds.origin.y < view.get_height() and bounds.origin.y + bounds.size.height > 0:
                yield child.get_paintable()
        yield from pictures(view, child)
        child = child.get_next_sibling()


def decoded(paintable):
    if isinstance(paintable, Waterfall.Image):
        return not paintable.props.loading and paintable.get_intrinsic_width() > 0 and not paintable.props.failed
    return isinstance(paintable, Gdk.Texture) and paintable.get_width() > 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["image", "feedwall"])
    parser.add_argument("page_url")
    parser.add_argument("--pages", type=int, default=4)
    parser.add_argument("--jumps", type=int, default=6)
    parser.add_argument("--pause", type=float, default=0.0, metavar="SECONDS",
                        help="before each jump, run the loop this long (a reader reading); not timed")
    parser.add_argument("--load-on-bind", type=int, metavar="SIZE-HINT", default=0,
                        help="image mode: set each image's size-hint and call load() in bind")
    args = parser.parse_args()

    start = time.monotonic()   # the image mode's pages are fetched within the time measured
    if args.mode == "image":
        child, view = image_view(args.page_url, args.pages, args.load_on_bind)
    else:
        child = Waterfall.FeedWall.new(args.page_url, None)
        view = child.props.view
        view.props.columns = 5
    window = Gtk.Window(default_width=1280, default_height=900, child=child)
    window.present()
    context = GLib.MainContext.default()
    result = {"mode": args.mode}

    def count():
        return sum(decoded(p) for p in pictures(view))

    def wait(condition, seconds=60):
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                return False
            context.iteration(False) or time.sleep(0.002)
        return True

    wait(lambda: count() > 0)
    result["first_picture_ms"] = round((time.monotonic() - start) * 1000)
    if args.mode == "feedwall":
        wait(lambda: child.get_images_ready())
    else:
        wait(lambda: all(decoded(p) for p in pictures(view)))
    result["first_screen_ms"] = round((time.monotonic() - start) * 1000)
    result["first_screen_pictures"] = count()
    adjustment = view.get_vadjustment()
    total, elapsed = 0, 0.0
    for _ in range(args.jumps):
        if args.pause > 0:   # the reader reads the screen: the loop runs, the clock does not count
            wait(lambda: False, args.pause)
        jump_start = time.monotonic()
        adjustment.set_value(min(adjustment.get_value() + adjustment.get_page_size(),
                                 adjustment.get_upper() - adjustment.get_page_size()))
        for _ in range(3):
            context.iteration(True)
        if args.mode == "feedwall":
            wait(lambda: child.get_images_ready())
        else:
            wait(lambda: all(decoded(p) for p in pictures(view)))
        elapsed += time.monotonic() - jump_start
        total += count()
    result["jump_pictures"] = total
    result["jump_seconds"] = round(elapsed, 2)
    result["images_per_second"] = round(total / elapsed, 1)
    result["ms_per_jump"] = round(elapsed * 1000 / max(1, args.jumps))
    print(json.dumps(result), flush=True)
    window.destroy()
    return 0


if __name__ == "__main__":
    sys.exit(main())
