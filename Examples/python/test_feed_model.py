#!/usr/bin/python3
"""Waterfall.FeedModel against a local feed server, from Python (run under Xvfb).

    GI_TYPELIB_PATH=… LD_LIBRARY_PATH=… xvfb-run -a /usr/bin/python3 test_feed_model.py

A thread serves a feed of three JSON pages of ten items on 127.0.0.1 (page 4 is a 404: the
end) and their images (PNGs of one colour); each test can change a page, make it fail (HTTP 403) or make it malformed. The model:
- loads its first page by itself and the next ones on load_more(), one items-changed per page,
  and `has-more` goes false at the end; its items carry the feed's fields, and an item without
  a size has width and height 0 and the estimated aspect ratio;
- refresh() inserts the new items at position 0 in one items-changed;
- a failing page sets `error-message` (the wall's plain words) and keeps every item, and the
  next load_more() loads it; a malformed page is a clear error; bad URIs and maps are refused;
- dropped while a page loads, it is finalized;
- in a long feed (`held-items` 200) the items far from those in use are compacted (their strings
  None, their sizes kept), and one the app holds comes back with its strings, notified;
  loading stops at `max-items` (has-more false, as at the end).
The app test is what the docs (docs/LIST-MODELS.md, "Feeds as a list model") show: the model in
a Gtk.MultiSelection, a Waterfall.SignalItemFactory of its own with a Gtk.Picture of a
Waterfall.Image per item, and `aspect-ratio-property "aspect-ratio"`; the wall's load-more loads
the pages as the reader scrolls, nearly every picture on the screen is then decoded, and every
tenth item, which the feed gives no size, takes its image's 200×300 (the estimate is 1:2); once
the corrections on the screen have settled, F5 (real XTEST input) refreshes without moving the
screen — also when a correction above the screen had held the visible items apart — and a
selection action selects. In the same app, items the feed gives no size (images served slowly, header first, of known non-square
sizes) take their image's size once its header is read: `width`, `height` and `aspect-ratio`
(notified) become the image's, the cells' heights follow, and the pictures keep loading (their
cells are not rebound: each image is fetched once). A MasonryView over a Gtk.MultiSelection of the model (load-more calling load_more(), as the docs
show) shows the footer's spinner while a page loads, the failed page's reason with Retry, and
Retry loads the page. The shortest wall, with the default
factory (Waterfall.FeedItemFactory): each visible cell's picture holds a Waterfall.Image of its
item's image-uri and BlurHash (the item the view finds at the cell's centre), nearly all decode,
the caption strip says the price, else the title, and none without either, the cell's accessible
label is "title, price" (read through GTK's test API), show-captions hides and shows the strips,
scrolling to the end and back binds the cells again, and nothing is warned; over a store of
other objects its cells stay empty with one warning. Items carry the feed's `color` (invalid
ones dropped). With `wrap-captions` and no `aspect-ratio-property`, the wall measures each cell:
its picture is as tall as its width over its aspect ratio and a wrapped `waterfall-wrapped-caption`
label under it makes the cell taller (a long caption more so); the item's colour is its image's
placeholder colour; `caption-expression` picks the caption (the title here), and changing it or
`wrap-captions` updates the cells already made. The run makes GLib criticals fatal.
"""
import ctypes
import gc
import importlib.util
import json
import os
import struct
import threading
import time
import unittest
import weakref
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Waterfall", "1")
gi.require_version("Graphene", "1.0")
from gi.repository import Gdk, Gio, GLib, GObject, Graphene, Gtk, Waterfall  # noqa: E402

# The list-API tests' XTEST keyboard, and (through them) the reliability tests' main-loop helpers.
_spec = importlib.util.spec_from_file_location("list_api", os.path.join(os.path.dirname(__file__), "test_list_api.py"))
list_api = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(list_api)
reliability = list_api.conventions.reliability
spin, spin_until, widgets = reliability.spin, reliability.spin_until, reliability.widgets

PAGE_SIZE = 10
PAGES = 3


def item(number):
    """Feed item `number`: 200×400 (aspect 0.5), except every tenth, which has no size and whose
    image is 200×300 (a ratio the estimate, the known sizes' median, does not have)."""
    entry = {"id": str(number), "img": f"/img/{number}.png", "title": f"Item {number}", "price": f"{number}.00 €",
             "blur_hash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "link": f"/item/{number}"}
    if number % 10 != 5:
        entry.update(w=200, h=400)
    else:
        entry["img"] = f"/img/{number}-200x300.png"
    return entry


def unsized_item(number, width, height):
    """Feed item `number` without a size, its image `width`×`height` (its path says so)."""
    return {"id": f"u{number}", "img": f"/img/{number}-{width}x{height}.png", "title": f"Unsized {number}"}


def png(number, width=200, height=400):
    """A `width`×`height` PNG of one colour, which `number` picks."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\x00" + bytes(((number * 37) % 256, (number * 91) % 256, 160)) * width
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height))
            + chunk(b"IEND", b""))


class Feed:
    """What the server answers, page by page: a JSON document, or an HTTP status."""

    def __init__(self):
        self.pages = {n: {"items": [item((n - 1) * PAGE_SIZE + i) for i in range(PAGE_SIZE)]}
                      for n in range(1, PAGES + 1)}
        self.failures = {}    # page number → HTTP status
        self.failures_once = {}   # page number → HTTP status of its next request only
        self.page_delay = 0    # seconds before a page is answered
        self.malformed = set()
        self.requests = []
        self.image_delay = 0   # seconds between an image's first bytes (its header) and the rest

    def answer(self, path):
        self.requests.append(path)
        if path.startswith("/img/") and path.endswith(".png"):
            name = path[len("/img/"):-len(".png")]
            if "-" in name:   # /img/N-WxH.png
                number, size = name.split("-")
                width, height = size.split("x")
                return 200, png(int(number), int(width), int(height))
            return 200, png(int(name))
        if not path.startswith("/page/") or not path.endswith(".json"):
            return 404, b""
        number = int(path[len("/page/"):-len(".json")])
        time.sleep(self.page_delay)
        if number in self.failures_once:
            return self.failures_once.pop(number), b"refused"
        if number in self.failures:
            return self.failures[number], b"refused"
        if number in self.malformed:
            return 200, b"{\"items\": [ this is not JSON"
        if number not in self.pages:
            return 404, b""
        return 200, json.dumps(self.pages[number]).encode()


class Server:
    """A ThreadingHTTPServer on 127.0.0.1 serving `Feed`s, one per test."""

    def __init__(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                status, body = server.feed.answer(self.path)
                self.send_response(status)
                self.send_header("Content-Type", "image/png" if self.path.endswith(".png") else "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    if server.feed.image_delay and self.path.endswith(".png"):
                        self.wfile.write(body[:64])   # the signature and IHDR: the image's size
                        self.wfile.flush()
                        time.sleep(server.feed.image_delay)
                        self.wfile.write(body[64:])
                    else:
                        self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass   # an image whose picture was unbound: the wall cancelled its download

            def log_message(self, *args):
                pass

        self.feed = Feed()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/page/{{page}}.json"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def settled(model):
    """Whether the model is not loading (its last operation ended)."""
    return not model.props.loading


def titles(model):
    return [model.get_item(i).props.title for i in range(model.get_n_items())]


class ServedFeed(unittest.TestCase):
    """Tests with the feed server running, a fresh `Feed` each."""

    @classmethod
    def setUpClass(cls):
        cls.server = Server()

    @classmethod
    def tearDownClass(cls):
        cls.server.close()

    def setUp(self):
        self.feed = self.server.feed = Feed()


class FeedModelTests(ServedFeed):
    def make_model(self):
        model = Waterfall.FeedModel.new(self.server.url, None)
        changes = []
        model.connect("items-changed", lambda _m, position, removed, added: changes.append((position, removed, added)))
        return model, changes

    def load_first_page(self, model):
        self.assertTrue(spin_until(lambda: model.get_n_items() == PAGE_SIZE and settled(model)),
                        f"the first page did not load: {model.props.error_message}")

    def test_pages_load_and_has_more_ends(self):
        model, changes = self.make_model()
        self.assertIsInstance(model, Gio.ListModel)
        self.assertEqual(model.get_item_type().name, "WaterfallFeedItem")
        self.load_first_page(model)
        self.assertTrue(model.props.has_more)
        for pages in range(2, PAGES + 1):
            model.load_more()
            self.assertTrue(spin_until(lambda: model.get_n_items() == pages * PAGE_SIZE and settled(model)))
        self.assertTrue(model.props.has_more, "has-more went false before the feed said it ended")
        model.load_more()   # page 4 is a 404: the end of the feed
        self.assertTrue(spin_until(lambda: not model.props.has_more), "has-more stayed true at the end")
        self.assertEqual(changes, [(n * PAGE_SIZE, 0, PAGE_SIZE) for n in range(PAGES)], "one items-changed per page")
        self.assertEqual(titles(model), [f"Item {n}" for n in range(PAGES * PAGE_SIZE)])
        self.assertIsNone(model.props.error_message)
        model.load_more()   # nothing more to load
        spin(10)
        self.assertEqual(model.get_n_items(), PAGES * PAGE_SIZE)

        first = model.get_item(0)
        base = self.server.url.split("/page/")[0]
        self.assertEqual((first.props.id, first.props.title, first.props.subtitle), ("0", "Item 0", "0.00 €"))
        self.assertEqual(first.props.image_uri, f"{base}/img/0.png")
        self.assertEqual(first.props.link, f"{base}/item/0")
        self.assertEqual((first.props.width, first.props.height, first.props.aspect_ratio), (200, 400, 0.5))
        self.assertEqual(first.props.blurhash, "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        unsized = model.get_item(5)
        self.assertEqual((unsized.props.width, unsized.props.height), (0, 0))
        self.assertAlmostEqual(unsized.props.aspect_ratio, 0.5, msg="the estimate is the known sizes' median")
        self.assertIsNone(model.get_item(PAGES * PAGE_SIZE))

    def test_refresh_inserts_at_zero_in_one_items_changed(self):
        model, changes = self.make_model()
        self.load_first_page(model)
        self.feed.pages[1]["items"][:0] = [item(100 + i) for i in range(3)]
        del changes[:]
        model.refresh()
        self.assertTrue(spin_until(lambda: model.get_n_items() == PAGE_SIZE + 3 and settled(model)))
        spin(5)
        self.assertEqual(changes, [(0, 0, 3)])
        self.assertEqual(titles(model)[:4], ["Item 100", "Item 101", "Item 102", "Item 0"])
        model.refresh()   # nothing new: no change
        self.assertTrue(spin_until(lambda: settled(model)))
        spin(5)
        self.assertEqual(changes, [(0, 0, 3)])

    def test_failed_page_keeps_the_items(self):
        model, changes = self.make_model()
        self.load_first_page(model)
        self.feed.failures[2] = 403
        notified = []
        model.connect("notify::error-message", lambda m, _p: notified.append(m.props.error_message))
        model.load_more()
        self.assertTrue(spin_until(lambda: model.props.error_message is not None), "no failure reported")
        self.assertEqual(model.props.error_message, "127.0.0.1 refused access (error 403).")
        self.assertEqual(notified, [model.props.error_message])
        self.assertEqual(model.get_n_items(), PAGE_SIZE, "a failed page lost items")
        self.assertFalse(model.props.loading)
        self.assertTrue(model.props.has_more)
        del self.feed.failures[2]
        model.load_more()   # loads the failed page again
        self.assertTrue(spin_until(lambda: model.get_n_items() == 2 * PAGE_SIZE and settled(model)))
        self.assertIsNone(model.props.error_message)
        self.assertEqual(changes, [(0, 0, PAGE_SIZE), (PAGE_SIZE, 0, PAGE_SIZE)])

    def test_malformed_page_is_a_clear_error(self):
        model, _ = self.make_model()
        self.load_first_page(model)
        self.feed.malformed.add(2)
        model.load_more()
        self.assertTrue(spin_until(lambda: model.props.error_message is not None), "no failure reported")
        self.assertEqual(model.props.error_message, "The page from 127.0.0.1 is not a feed Waterfall can read.")
        self.assertEqual(model.get_n_items(), PAGE_SIZE)

    def test_refusals(self):
        with self.assertRaises(GLib.Error) as refused:
            Waterfall.FeedModel.new("ftp://example.com/feed.json", None)
        self.assertTrue(refused.exception.matches(Waterfall.feed_error_quark(), Waterfall.FeedError.URL))
        self.assertEqual(refused.exception.domain, "waterfall-feed-error-quark")
        with self.assertRaises(GLib.Error) as refused:
            Waterfall.FeedModel.new(self.server.url, "items=data,no_such_field=x")
        self.assertTrue(refused.exception.matches(Waterfall.feed_error_quark(), Waterfall.FeedError.SCHEMA))
        # Made as a plain GObject: a warning, no items, no more pages and the reason.
        model = Waterfall.FeedModel(uri="not a url")
        self.assertEqual(model.get_n_items(), 0)
        self.assertFalse(model.props.has_more)
        self.assertTrue(model.props.error_message)
        model.load_more()
        model.refresh()

    def test_items_carry_the_feed_colour(self):
        first = self.feed.pages[1]["items"]
        first[0]["color"] = "#3366CC"
        first[1]["color"] = "not a colour"
        first[2]["color"] = "60544d"   # the '#' is optional, as for FeedWall
        model, _changes = self.make_model()
        self.load_first_page(model)
        colour = model.get_item(0).get_color()
        self.assertEqual(colour.to_string(), "rgb(51,102,204)")
        self.assertTrue(colour.equal(model.get_item(0).props.color))
        self.assertIsNone(model.get_item(1).props.color, "an invalid colour")
        self.assertEqual(model.get_item(2).props.color.to_string(), "rgb(96,84,77)")
        self.assertIsNone(model.get_item(3).get_color(), "an item without a colour")
        spec = model.get_item(0).find_property("color")
        self.assertEqual(spec.value_type, Gdk.RGBA.__gtype__)
        self.assertTrue(spec.flags & GObject.ParamFlags.CONSTRUCT_ONLY, "read-only once made")

    def test_far_items_are_compacted_and_come_back(self):
        pages = 30
        for n in range(PAGES + 1, pages + 1):
            self.feed.pages[n] = {"items": [item((n - 1) * PAGE_SIZE + i) for i in range(PAGE_SIZE)]}
        model, _changes = self.make_model()
        self.assertEqual(model.props.held_items, 2000)
        notified = []
        model.connect("notify::held-items", lambda m, _p: notified.append(m.props.held_items))
        model.props.held_items = 200
        self.assertEqual((model.get_held_items(), notified), (200, [200]))
        self.load_first_page(model)
        while model.get_n_items() < pages * PAGE_SIZE:
            count = model.get_n_items()
            model.load_more()
            self.assertTrue(spin_until(lambda: model.get_n_items() > count and settled(model)), "a page did not load")
        # Nothing is in use: the items more than 100 positions from 0 are compacted.
        self.assertTrue(spin_until(lambda: model.get_item(pages * PAGE_SIZE - 1).props.image_uri is None),
                        "the far end was never compacted")
        self.assertEqual(model.get_item(100).props.title, "Item 100")
        self.assertIsNone(model.get_item(101).props.title)
        far = model.get_item(250)   # held: in use, as a bound cell's item
        self.assertEqual((far.props.image_uri, far.props.title, far.props.id), (None, None, None))
        self.assertEqual((far.props.width, far.props.height), (200, 400), "its sizes stay")
        came_back = []
        far.connect("notify::image-uri", lambda i, _p: came_back.append(i.props.image_uri))
        self.assertTrue(spin_until(lambda: far.props.image_uri is not None), "the held item never came back")
        base = self.server.url.split("/page/")[0]
        self.assertEqual(came_back, [f"{base}/img/250.png"])
        self.assertEqual((far.props.title, far.props.id), ("Item 250", "250"))
        self.assertIs(model.get_item(250), far, "the same object")

    def test_loading_stops_at_max_items(self):
        model, _changes = self.make_model()
        self.assertEqual(model.props.max_items, 250000)
        model.props.max_items = 2 * PAGE_SIZE
        self.assertEqual(model.get_max_items(), 2 * PAGE_SIZE)
        self.load_first_page(model)
        self.assertTrue(model.props.has_more)
        model.load_more()
        self.assertTrue(spin_until(lambda: model.get_n_items() == 2 * PAGE_SIZE and settled(model)))
        self.assertFalse(model.props.has_more, "has-more is false at max-items, as at the feed's end")
        model.load_more()   # nothing: the model holds max-items
        spin(10)
        self.assertEqual(model.get_n_items(), 2 * PAGE_SIZE)
        self.assertFalse(model.props.loading)
        model.props.max_items = 3 * PAGE_SIZE
        self.assertTrue(model.props.has_more, "a higher max-items lets the feed go on")
        model.load_more()
        self.assertTrue(spin_until(lambda: model.get_n_items() == 3 * PAGE_SIZE and settled(model)))

    def test_dropped_while_loading(self):
        model, _ = self.make_model()
        model_ref = weakref.ref(model)
        spin(1)
        del model
        gc.collect()
        self.assertIsNone(model_ref(), "the model leaked")
        spin(20)   # the page ends after the model is gone


class FeedModelApp(ServedFeed):
    """The app of docs/LIST-MODELS.md over the local feed."""

    def test_multi_selection_own_factory_aspect_ratio_property(self):
        feed = Waterfall.FeedModel.new(self.server.url, None)
        # When the last size correction (an items-changed of the same items) reached the view.
        corrected = [time.monotonic()]
        feed.connect("items-changed", lambda _m, _p, removed, added:
                     removed == added > 0 and corrected.__setitem__(0, time.monotonic()))

        def show(item, picture):
            image = None
            if item.props.image_uri is not None:   # None while compacted (a far item of a long feed)
                image = Waterfall.Image.new_for_uri(item.props.image_uri)
                image.props.blurhash = item.props.blurhash
            picture.set_paintable(image)

        def bind(_factory, cell):
            item, picture = cell.get_item(), cell.get_child()
            show(item, picture)
            # A compacted item comes back, notified: the cell follows it while bound.
            cell.following = item.connect("notify::image-uri", lambda item, _p: show(item, picture))

        def unbind(_factory, cell):
            cell.get_item().disconnect(cell.following)
            cell.get_child().set_paintable(None)

        factory = Waterfall.SignalItemFactory()
        factory.connect("setup", lambda _f, cell: cell.set_child(Gtk.Picture(content_fit=Gtk.ContentFit.COVER)))
        factory.connect("bind", bind)
        factory.connect("unbind", unbind)
        selection = Gtk.MultiSelection(model=feed)
        view = Waterfall.MasonryView(model=selection, factory=factory, columns=3,
                                     aspect_ratio_property="aspect-ratio")
        view.connect("load-more", lambda _view: feed.load_more())
        view.connect("refresh", lambda _view: feed.refresh())
        window = Gtk.Window(default_width=600, default_height=500, child=Gtk.ScrolledWindow(child=view))
        window.present()
        # At least the first page: a wall that its first page does not fill asks for the next one at once.
        self.assertTrue(spin_until(lambda: feed.get_n_items() >= PAGE_SIZE), "the first page did not load")
        adjustment = view.get_vadjustment()

        # Scrolling to the end loads every page through load-more.
        def scrolled_to_end():
            adjustment.set_value(adjustment.get_upper() - adjustment.get_page_size())
            return not feed.props.has_more and settled(feed)

        self.assertTrue(spin_until(scrolled_to_end, frames=600), f"load-more did not load every page: {feed.get_n_items()}")
        self.assertEqual(feed.get_n_items(), PAGES * PAGE_SIZE)

        def visible_images():
            """The images of the pictures the reader sees, and their pictures' places in the window."""
            shown = {}
            for w in widgets(view):
                if isinstance(w, Gtk.Picture) and w.get_mapped() and w.get_paintable() is not None:
                    found, point = w.compute_point(window, Graphene.Point())
                    if found and -w.get_height() < point.y < window.get_height():
                        shown[w.get_paintable().props.uri] = (w.get_paintable(), (round(point.x), round(point.y)))
            return shown

        # Nearly every picture on the screen is decoded (a picture's image loads when first drawn).
        adjustment.set_value((adjustment.get_upper() - adjustment.get_page_size()) / 2)
        def decoded(image):   # its size is known once the header is read, and it loads until decoded
            return image.get_intrinsic_width() > 0 and not image.props.loading and not image.props.failed

        def ended(image):
            return image.props.failed or decoded(image)

        # The unsized items take their images' sizes (200×300, not the estimate) as their headers
        # are read: the visible ones are corrected, and their cells' new heights animated into
        # place, before the reader's view is noted — no correction for 0.7 s (the animations
        # take 0.3 s). Corrections of items off the screen may still come, and move nothing.
        items = {feed.get_item(i).props.image_uri: feed.get_item(i) for i in range(feed.get_n_items())}

        # The pictures' places as of the last checks: the screen has settled once they held still
        # for 20 checks in a row (main-loop turns, not wall-clock time alone: a busy machine may
        # draw a frame late, and an animation ends only in a frame).
        places = []

        def settled_on_screen():
            shown = visible_images()
            places.append({uri: place for uri, (_, place) in shown.items()})
            still = len(places) >= 20 and all(p == places[-1] for p in places[-20:])
            return (shown and still and all(ended(i) for i, _ in shown.values())
                    and all(items[uri].props.width > 0 for uri in shown) and time.monotonic() - corrected[0] > 0.7)

        self.assertTrue(spin_until(settled_on_screen, frames=600), "the visible pictures did not finish loading, "
                        "or their items kept the estimate: "
                        + str([(items[uri].props.title, items[uri].props.width) for uri in visible_images()]))
        shown = visible_images()
        self.assertTrue(any("x300" in uri for uri in shown), "no unsized item on the screen")
        decoded = [uri for uri, (image, _) in shown.items() if decoded(image)]
        self.assertGreaterEqual(len(decoded), 0.9 * len(shown), f"decoded {len(decoded)} of {len(shown)}: "
                                + str([image.props.error_message for image, _ in shown.values()]))

        # F5 (real key input) refreshes: the new items go in at the top without moving what the reader sees.
        before = {uri: place for uri, (_, place) in shown.items()}
        self.feed.pages[1]["items"][:0] = [item(100 + i) for i in range(4)]
        view.grab_focus()
        list_api.Keyboard().press(Gdk.KEY_F5)
        self.assertTrue(spin_until(lambda: feed.get_n_items() == PAGES * PAGE_SIZE + 4 and settled(feed)),
                        "F5 did not refresh the feed")
        spin(10)
        after = {uri: place for uri, (_, place) in visible_images().items()}
        self.maxDiff = None
        self.assertEqual({uri: after.get(uri) for uri in before}, before, "the pictures moved on the screen after the refresh")
        self.assertEqual(feed.get_item(0).props.title, "Item 100")

        # The selection is the app's Gtk.MultiSelection.
        view.activate_action("list.select-item", GLib.Variant("(ubb)", (3, False, False)))
        spin(2)
        self.assertTrue(selection.is_selected(3))
        window.destroy()

    def test_unsized_items_take_their_images_sizes(self):
        # One page of items without sizes, their images 2:1, 1:3 and 8:5 (none square, the
        # estimate before any size is known), sent header first and the rest 0.4 s later.
        sizes = [(300, 150), (120, 360), (320, 200)]
        self.feed.pages = {1: {"items": [unsized_item(n, *sizes[n % 3]) for n in range(15)]}}
        self.feed.image_delay = 0.4
        feed = Waterfall.FeedModel.new(self.server.url, None)
        changes, notified, binds, inserted_ratios = [], {}, {}, {}

        def items_changed(model, position, removed, added):
            changes.append((position, removed, added))
            for i in range(position, position + added):
                it = model.get_item(i)
                if it.props.id not in notified:
                    notified[it.props.id] = []
                    inserted_ratios[it.props.id] = it.props.aspect_ratio
                    it.connect("notify::aspect-ratio", lambda o, _p: notified[o.props.id].append(o.props.aspect_ratio))

        feed.connect("items-changed", items_changed)

        def bind(_factory, cell):
            item = cell.get_item()
            binds[item.props.image_uri] = binds.get(item.props.image_uri, 0) + 1
            cell.get_child().set_paintable(Waterfall.Image.new_for_uri(item.props.image_uri))

        factory = Waterfall.SignalItemFactory()
        factory.connect("setup", lambda _f, cell: cell.set_child(Gtk.Picture(content_fit=Gtk.ContentFit.COVER)))
        factory.connect("bind", bind)
        factory.connect("unbind", lambda _f, cell: cell.get_child().set_paintable(None))
        view = Waterfall.MasonryView(model=Gtk.MultiSelection(model=feed), factory=factory, columns=3,
                                     aspect_ratio_property="aspect-ratio")
        view.connect("load-more", lambda _view: feed.load_more())
        window = Gtk.Window(default_width=600, default_height=500, child=Gtk.ScrolledWindow(child=view))
        window.present()
        self.assertTrue(spin_until(lambda: feed.get_n_items() == 15), "the page did not load")
        self.assertEqual(set(inserted_ratios.values()), {1.0}, "before any size is known, the estimate is square")
        by_uri = {feed.get_item(i).props.image_uri: feed.get_item(i) for i in range(15)}

        def real_size(uri):
            width, height = uri.rsplit("-", 1)[1][:-len(".png")].split("x")
            return int(width), int(height)

        def visible():
            """The visible pictures and their items."""
            shown = []
            for w in widgets(view):
                if isinstance(w, Gtk.Picture) and w.get_mapped() and isinstance(w.get_paintable(), Waterfall.Image):
                    found, point = w.compute_point(window, Graphene.Point())
                    if found and -w.get_height() < point.y < window.get_height():
                        shown.append((w, by_uri[w.get_paintable().props.uri]))
            return shown

        def settled_and_corrected():
            shown = visible()
            return shown and all(p.get_paintable().get_intrinsic_width() > 0 and not p.get_paintable().props.loading
                                 and i.props.width > 0 for p, i in shown)

        self.assertTrue(spin_until(settled_and_corrected, frames=600),
                        "the visible pictures did not load, or their items kept their estimate: "
                        + str([(i.props.title, i.props.width, i.props.aspect_ratio) for _, i in visible()]))
        spin(10)   # the corrections' relayout
        shown = visible()
        self.assertGreaterEqual(len(shown), 3)
        for picture, it in shown:
            width, height = real_size(it.props.image_uri)
            self.assertEqual((it.props.width, it.props.height), (width, height), it.props.title)
            self.assertAlmostEqual(it.props.aspect_ratio, width / height, places=6, msg=it.props.title)
            self.assertEqual(notified[it.props.id], [it.props.aspect_ratio], f"{it.props.title}: notify::aspect-ratio")
            cell = picture.get_parent()
            # The column is a fraction of a point wider or narrower than the cell's allocated width.
            self.assertLessEqual(abs(cell.get_height() - cell.get_width() * height / width), 1 + height / width,
                                 f"{it.props.title}: a {cell.get_width()}×{cell.get_height()} cell for a {width}×{height} image")
            path = "/img/" + it.props.image_uri.rsplit("/img/", 1)[1]
            self.assertEqual(self.feed.requests.count(path), 1, f"{it.props.title}: its picture restarted")
            self.assertEqual(binds[it.props.image_uri], 1, f"{it.props.title}: its cell was bound again")
        # Corrections are items-changed of the same items, apart from the page's insertion.
        self.assertEqual(changes[0], (0, 0, 15))
        self.assertTrue(all(removed == added > 0 for _, removed, added in changes[1:]), changes)
        window.destroy()

    def test_a_second_model_takes_sizes_from_images_already_in_memory(self):
        # A model made after the images were loaded (a second window, a model made again) finds
        # them in the memory cache, where no header is read: the pipeline tells the size again.
        sizes = [(300, 150), (120, 360), (320, 200)]
        # Images of their own (numbers 100-102): other tests' are in this process's caches.
        self.feed.pages = {1: {"items": [unsized_item(100 + n, *sizes[n]) for n in range(3)]}}

        def load_images(model):
            images = []
            for i in range(model.get_n_items()):
                image = Waterfall.Image.new_for_uri(model.get_item(i).props.image_uri)
                image.props.size_hint = 64
                image.load()
                images.append(image)
            return images

        def corrected(model):
            return all(model.get_item(i).props.width > 0 for i in range(model.get_n_items()))

        first = Waterfall.FeedModel.new(self.server.url, None)
        self.assertTrue(spin_until(lambda: first.get_n_items() == 3 and settled(first)), "the page did not load")
        images = load_images(first)
        self.assertTrue(spin_until(lambda: all(not i.props.loading for i in images) and corrected(first), frames=600),
                        "the first model's items were not corrected")
        downloads = len([r for r in self.feed.requests if r.startswith("/img/")])

        second = Waterfall.FeedModel.new(self.server.url, None)
        self.assertTrue(spin_until(lambda: second.get_n_items() == 3 and settled(second)), "the page did not load")
        self.assertFalse(corrected(second), "the second model's items start at the estimate")
        again = load_images(second)
        self.assertTrue(spin_until(lambda: corrected(second), frames=300),
                        "images taken from the memory cache did not correct the second model's items")
        self.assertEqual(len([r for r in self.feed.requests if r.startswith("/img/")]), downloads,
                         "the images came from memory")
        for i, (width, height) in enumerate(sizes):
            self.assertEqual((second.get_item(i).props.width, second.get_item(i).props.height), (width, height))
        del images, again


# The cell's accessible label as assistive technologies get it: GTK 4.8 has no getter for it,
# so its test API compares it (gtk_test_accessible_check_property, variadic: through ctypes).
_gtk = ctypes.CDLL("libgtk-4.so.1")
_gtk.gtk_test_accessible_check_property.restype = ctypes.c_void_p
_glib = ctypes.CDLL("libglib-2.0.so.0")
_glib.g_free.argtypes = [ctypes.c_void_p]
ctypes.pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
ctypes.pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def accessible_label_mismatch(widget, label):
    """None when `widget`'s accessible label is `label`, else the label it has."""
    pointer = ctypes.pythonapi.PyCapsule_GetPointer(widget.__gpointer__, None)
    found = _gtk.gtk_test_accessible_check_property(ctypes.c_void_p(pointer), ctypes.c_int(int(Gtk.AccessibleProperty.LABEL)),
                                                    ctypes.c_char_p(label.encode()))
    if not found:
        return None
    text = ctypes.string_at(found).decode()
    _glib.g_free(found)
    return text


class Warnings:
    """The warnings logged in the library's domain ("Waterfall") while it is open."""

    def __enter__(self):
        self.messages = []
        self.handler = GLib.log_set_handler("Waterfall", GLib.LogLevelFlags.LEVEL_WARNING,
                                            lambda _domain, _level, message, _data: self.messages.append(message), None)
        return self.messages

    def __exit__(self, *_):
        GLib.log_remove_handler("Waterfall", self.handler)


def parts(picture):
    """The captions of the FeedItemFactory cell of `picture`: (strip, wrapped label). The cell is a
    Gtk.Overlay of a vertical Gtk.Box (the picture's frame, the wrapped caption) under the strip."""
    root = picture
    while not isinstance(root, Gtk.Overlay):
        root = root.get_parent()
    strip, wrapped = root.get_last_child(), root.get_child().get_last_child()
    assert isinstance(strip, Gtk.Inscription) and isinstance(wrapped, Gtk.Label), (strip, wrapped)
    return strip, wrapped


class FeedStateApp(ServedFeed):
    """A Waterfall.MasonryView over a Waterfall.FeedModel shows the feed's state with only the
    handlers of the docs: the footer's spinner while a page loads, the reason and Retry when one
    fails, and Retry loads it (the view emits load-more again; the handler's load_more() asks
    for the failed page)."""

    @staticmethod
    def footer(view):
        """The view's footer as (spinning, text, Retry button) while it shows, else None: the
        mapped box with a Gtk.Spinner, a Gtk.Label and a Gtk.Button, as a GTK developer finds it."""
        for box in widgets(view):
            if not isinstance(box, Gtk.Box) or not box.get_mapped():
                continue
            parts = list(widgets(box))[1:]
            spinners = [w for w in parts if isinstance(w, Gtk.Spinner)]
            labels = [w for w in parts if isinstance(w, Gtk.Label) and not isinstance(w.get_parent(), Gtk.Button)]
            buttons = [w for w in parts if isinstance(w, Gtk.Button)]
            if spinners and labels and buttons:
                spinning = spinners[0].get_mapped() and spinners[0].props.spinning
                return spinning, labels[0].get_text(), buttons[0] if buttons[0].get_mapped() else None
        return None

    def test_failed_page_footer_and_retry(self):
        self.feed.failures_once[2] = 403
        self.feed.page_delay = 0.3
        feed = Waterfall.FeedModel.new(self.server.url, None)
        self.assertTrue(feed.props.loading, "the first page loads from construction on")
        view = Waterfall.MasonryView(model=Gtk.MultiSelection(model=feed), factory=Waterfall.FeedItemFactory(),
                                     columns=3, aspect_ratio_property="aspect-ratio", empty_title="Nothing here")
        requests = []
        view.connect("load-more", lambda _view: requests.append(feed.get_n_items()) or feed.load_more())
        window = Gtk.Window(default_width=600, default_height=500, child=Gtk.ScrolledWindow(child=view))
        window.present()
        self.assertTrue(spin_until(lambda: (self.footer(view) or (False,))[0]), "no spinner while the first page loads")
        self.assertTrue(spin_until(lambda: feed.get_n_items() == PAGE_SIZE), "the first page did not load")
        adjustment = view.get_vadjustment()

        def at_end(condition):
            adjustment.set_value(adjustment.get_upper() - adjustment.get_page_size())
            return condition()

        self.assertTrue(spin_until(lambda: at_end(lambda: feed.props.loading)), "page 2 was not asked for")
        footer = self.footer(view)
        self.assertTrue(footer and footer[0] and footer[2] is None, f"no spinner while page 2 loads: {footer}")
        self.assertTrue(spin_until(lambda: not feed.props.loading), "page 2 did not end")
        spin(2)
        footer = self.footer(view)
        self.assertEqual(feed.props.error_message, "127.0.0.1 refused access (error 403).")
        self.assertTrue(footer and not footer[0] and footer[2] is not None, f"no Retry in the footer: {footer}")
        self.assertIn(feed.props.error_message, footer[1])
        self.assertEqual(feed.get_n_items(), PAGE_SIZE, "the failed page kept the items")
        asked = len(requests)
        spin(10)
        self.assertEqual(len(requests), asked, "the view asked again before Retry")

        footer[2].emit("clicked")
        self.assertEqual(len(requests), asked + 1, "Retry emits load-more")
        self.assertTrue(spin_until(lambda: feed.get_n_items() == 2 * PAGE_SIZE and settled(feed)), "Retry did not load page 2")
        spin(2)
        self.assertIsNone(feed.props.error_message)
        self.assertFalse((self.footer(view) or (False, "", None))[2], "Retry still offered")
        self.assertEqual(self.feed.requests.count("/page/2.json"), 2, "page 2 asked for once more")
        window.destroy()
        spin(5)


class FeedItemFactoryApp(ServedFeed):
    """The shortest wall over a feed: Waterfall.FeedItemFactory's cells (docs/LIST-MODELS.md)."""

    def cells(self, view, window):
        """The cells on the screen: (cell widget, picture, caption strip, model position) each.
        The position is the view's answer for the cell's centre, not read from the cell."""
        shown = []
        for w in widgets(view):
            if not (isinstance(w, Gtk.Picture) and w.get_mapped()):
                continue
            found, point = w.compute_point(window, Graphene.Point())
            if not found or not -w.get_height() < point.y < window.get_height():
                continue
            cell = w
            while cell is not None and not cell.has_css_class("waterfall-cell"):
                cell = cell.get_parent()
            if cell is None:
                continue   # not a cell's (the empty wall's status page)
            found, centre = w.compute_point(view, Graphene.Point().init(w.get_width() / 2, w.get_height() / 2))
            self.assertTrue(found)
            shown.append((cell, w, parts(w)[0], view.get_position_at(centre.x, centre.y)))
        return shown

    def test_feed_item_factory_shows_the_feed(self):
        # Item 1 has no price (its caption is its title), item 2 neither price nor title (no caption).
        first = self.feed.pages[1]["items"]
        del first[1]["price"]
        del first[2]["price"], first[2]["title"]
        feed = Waterfall.FeedModel.new(self.server.url, None)
        factory = Waterfall.FeedItemFactory()
        self.assertIsInstance(factory, Waterfall.ItemFactory)
        self.assertTrue(factory.props.show_captions)
        view = Waterfall.MasonryView(model=Gtk.MultiSelection(model=feed), factory=factory, columns=3,
                                     aspect_ratio_property="aspect-ratio")
        view.connect("load-more", lambda _view: feed.load_more())
        view.connect("refresh", lambda _view: feed.refresh())
        window = Gtk.Window(default_width=600, default_height=500, child=Gtk.ScrolledWindow(child=view))
        with Warnings() as warnings:
            window.present()
            self.assertTrue(spin_until(lambda: feed.get_n_items() >= PAGE_SIZE), "the first page did not load")

            def ended(picture):
                image = picture.get_paintable()
                return image.props.failed or (image.get_intrinsic_width() > 0 and not image.props.loading)

            def loaded():
                shown = self.cells(view, window)
                return len(shown) >= 3 and all(isinstance(p.get_paintable(), Waterfall.Image) and ended(p)
                                               for _, p, _, _ in shown)

            self.assertTrue(spin_until(loaded, frames=600), "the visible pictures did not finish loading")
            spin(5)
            shown = self.cells(view, window)
            positions = [position for _, _, _, position in shown]
            self.assertTrue({0, 1, 2} <= set(positions), f"the first items are not on the screen: {positions}")
            decoded = 0
            for cell, picture, caption, position in shown:
                it = feed.get_item(position)
                image = picture.get_paintable()
                self.assertEqual(image.props.uri, it.props.image_uri, f"cell of item {position}")
                self.assertEqual(image.props.blurhash, it.props.blurhash)
                self.assertEqual(image.props.size_hint, 0, "decoded at the size drawn")
                self.assertEqual(picture.props.content_fit, Gtk.ContentFit.COVER)
                self.assertTrue(caption.has_css_class("waterfall-caption"))
                decoded += not image.props.failed
                title, subtitle = it.props.title, it.props.subtitle
                if position == 2:
                    self.assertIsNone(title)
                    self.assertFalse(caption.get_visible(), "a caption without a title or a subtitle")
                    continue
                self.assertTrue(caption.get_mapped(), f"the caption of item {position}")
                self.assertEqual(caption.get_text(), subtitle or title)
                label = f"{title}, {subtitle}" if subtitle else title
                self.assertIsNone(accessible_label_mismatch(cell, label), f"the accessible label of item {position}")
            self.assertEqual(feed.get_item(1).props.subtitle, None)
            self.assertGreaterEqual(decoded, 0.9 * len(shown), f"decoded {decoded} of {len(shown)}")

            # show-captions hides and shows the strips of the cells already made.
            notified = []
            factory.connect("notify::show-captions", lambda *_: notified.append(True))
            factory.props.show_captions = False
            factory.props.show_captions = False
            self.assertEqual(notified, [True])
            spin(2)
            self.assertFalse(any(caption.get_visible() for _, _, caption, _ in self.cells(view, window)))
            factory.set_show_captions(True)
            spin(2)
            self.assertTrue(all(caption.get_mapped() == (position != 2) for _, _, caption, position in self.cells(view, window)))

            # Far down (every page loaded through load-more) and back: the cells are bound
            # again to the items they show.
            adjustment = view.get_vadjustment()

            def scrolled_to_end():
                adjustment.set_value(adjustment.get_upper() - adjustment.get_page_size())
                return not feed.props.has_more and settled(feed)

            self.assertTrue(spin_until(scrolled_to_end, frames=600), "load-more did not load every page")
            self.assertTrue(spin_until(loaded, frames=600), "the pictures at the end did not load")
            at_end = {position for _, _, _, position in self.cells(view, window)}
            self.assertTrue(at_end and min(at_end) >= PAGE_SIZE, at_end)
            adjustment.set_value(0)
            self.assertTrue(spin_until(loaded, frames=600), "the pictures at the top did not load again")
            spin(5)
            shown = self.cells(view, window)
            self.assertTrue({0, 1, 2} <= {position for _, _, _, position in shown})
            for cell, picture, caption, position in shown:
                it = feed.get_item(position)
                self.assertEqual(picture.get_paintable().props.uri, it.props.image_uri, f"cell of item {position}")
                if it.props.subtitle:
                    self.assertEqual(caption.get_text(), it.props.subtitle)
                    self.assertIsNone(accessible_label_mismatch(cell, f"{it.props.title}, {it.props.subtitle}"))
            window.destroy()
            spin(5)
        self.assertEqual(warnings, [], "warnings over a feed model")

    def test_wrapped_captions_colours_and_caption_expression(self):
        # Every item 200×400 (its picture twice as tall as wide); item 1's title is long. No
        # BlurHash: item 0's placeholder is its colour.
        first = self.feed.pages[1]["items"]
        for entry in first:
            del entry["blur_hash"]
            entry.update(w=200, h=400)
        first[0]["color"] = "#3366cc"
        first[1]["title"] = " ".join(["A long title that wraps over many lines"] * 6)
        feed = Waterfall.FeedModel.new(self.server.url, None)
        # PyGObject cannot hold a GtkExpression: GtkBuilder makes the factory and its expression.
        ui = """<interface><object class="WaterfallFeedItemFactory" id="factory">
                  <property name="wrap-captions">true</property>
                  <property name="caption-expression"><lookup name="title" type="WaterfallFeedItem"/></property>
                </object></interface>"""
        self.assertEqual(Waterfall.FeedItem.__gtype__.name, "WaterfallFeedItem")
        factory = Gtk.Builder.new_from_string(ui, -1).get_object("factory")
        self.assertTrue(factory.get_wrap_captions())
        self.assertFalse(Waterfall.FeedItemFactory().props.wrap_captions, "wrap-captions is FALSE by default")
        # No aspect-ratio-property: the wall measures each cell.
        view = Waterfall.MasonryView(model=Gtk.NoSelection(model=feed), factory=factory, columns=3)
        window = Gtk.Window(default_width=600, default_height=700, child=Gtk.ScrolledWindow(child=view))

        def shown():
            """position → (cell, picture, strip, wrapped label) on the screen."""
            return {position: (cell, picture) + parts(picture) for cell, picture, _, position in self.cells(view, window)}

        def heights_settled():
            cells = shown()
            if not {0, 1, 2} <= set(cells):
                return False
            for cell, picture, _, wrapped in cells.values():
                if not wrapped.get_mapped():
                    return False
                # The caption's border box (its CSS padding included) below the picture; the
                # picture twice as tall as the column is wide (which pixel rounding may make a
                # pixel narrower or wider than the width the wall measured at).
                _, caption_box = wrapped.compute_bounds(cell)
                if abs(picture.get_height() - 2 * picture.get_width()) > 2 \
                        or abs(cell.get_height() - picture.get_height() - caption_box.get_height()) > 1:
                    return False
            return True

        with Warnings() as warnings:
            window.present()
            self.assertTrue(spin_until(lambda: feed.get_n_items() >= PAGE_SIZE), "the first page did not load")
            self.assertTrue(spin_until(heights_settled, frames=600),
                            "the measured cells are not picture (width / aspect) + wrapped caption: "
                            + str({p: (c.get_height(), pic.get_width(), pic.get_height(), w.get_height())
                                   for p, (c, pic, _, w) in shown().items()}))
            cells = shown()
            for position, (cell, picture, strip, wrapped) in cells.items():
                it = feed.get_item(position)
                self.assertEqual(wrapped.get_text(), it.props.title, f"the wrapped caption of item {position}")
                self.assertTrue(wrapped.has_css_class("waterfall-wrapped-caption"))
                self.assertTrue(wrapped.get_wrap())
                self.assertFalse(strip.get_visible(), "a strip beside a wrapped caption")
                self.assertGreater(wrapped.get_height(), 0)
                self.assertIsNone(accessible_label_mismatch(cell, f"{it.props.title}, {it.props.subtitle}"),
                                  f"the accessible label of item {position}")
                image = picture.get_paintable()
                if position == 0:
                    self.assertEqual(image.props.placeholder_color.to_string(), "rgb(51,102,204)")
                else:
                    self.assertIsNone(image.props.placeholder_color, f"item {position} has no colour")
            # The long caption makes its cell taller than a short one's at the same width.
            short_cell, short_picture, _, short_caption = cells[0]
            long_cell, long_picture, _, long_caption = cells[1]
            self.assertLessEqual(abs(short_picture.get_width() - long_picture.get_width()), 1, "one column width")
            self.assertGreater(long_caption.get_height(), 2 * short_caption.get_height())
            self.assertGreater(long_cell.get_height(), short_cell.get_height() + short_caption.get_height())

            # Without the expression: the price; the strips instead of the wrapped captions in
            # the cells already made, and back.
            notified = []
            factory.connect("notify::caption-expression", lambda *_: notified.append("expression"))
            factory.connect("notify::wrap-captions", lambda *_: notified.append("wrap"))
            factory.set_caption_expression(None)
            spin(2)
            for position, (_, _, strip, wrapped) in shown().items():
                self.assertEqual(wrapped.get_text(), feed.get_item(position).props.subtitle)
            factory.props.wrap_captions = False
            factory.props.wrap_captions = False
            spin(2)
            for position, (_, _, strip, wrapped) in shown().items():
                self.assertFalse(wrapped.get_visible())
                self.assertTrue(strip.get_visible())
                self.assertEqual(strip.get_text(), feed.get_item(position).props.subtitle)
            factory.set_wrap_captions(True)
            spin(2)
            self.assertTrue(all(wrapped.get_visible() and not strip.get_visible()
                                for _, _, strip, wrapped in shown().values()))
            self.assertEqual(notified, ["expression", "wrap", "wrap"])
            window.destroy()
            spin(5)
        self.assertEqual(warnings, [], "warnings over a feed model")

    def test_items_that_are_not_feed_items(self):
        store = Gio.ListStore(item_type=Gtk.StringObject)
        for n in range(60):
            store.append(Gtk.StringObject.new(f"not a feed item {n}"))
        view = Waterfall.MasonryView(model=Gtk.NoSelection(model=store), factory=Waterfall.FeedItemFactory(), columns=3)
        window = Gtk.Window(default_width=600, default_height=500, child=Gtk.ScrolledWindow(child=view))
        with Warnings() as warnings:
            window.present()
            self.assertTrue(spin_until(lambda: any(isinstance(w, Gtk.Picture) and w.get_mapped() for w in widgets(view))),
                            "no cell was made")
            adjustment = view.get_vadjustment()
            adjustment.set_value(adjustment.get_upper())
            spin(10)
            adjustment.set_value(0)
            spin(10)
            pictures = [w for w in widgets(view) if isinstance(w, Gtk.Picture)]
            self.assertTrue(pictures)
            self.assertTrue(all(p.get_paintable() is None and not any(c.get_visible() for c in parts(p))
                                for p in pictures), "a cell of another type of item shows something")
            window.destroy()
            spin(5)
        self.assertEqual(len(warnings), 1, warnings)
        self.assertIn("is a GtkStringObject, not a WaterfallFeedItem", warnings[0])


if __name__ == "__main__":
    # A GLib critical (an assertion in GTK or in the library) aborts the run: a failure.
    GLib.log_set_always_fatal(GLib.LogLevelFlags.LEVEL_CRITICAL)
    unittest.main(verbosity=2)
