#!/usr/bin/python3
"""Waterfall.Image, the paintable that loads through Waterfall's image pipeline (run under Xvfb).

    GI_TYPELIB_PATH=… LD_LIBRARY_PATH=… xvfb-run -a /usr/bin/python3 test_image.py

Against the installed library: a `file:` image and an `http` image from a local server decode
(intrinsic size, `loading` back to false, not `failed`), `size-hint` downscales, the intrinsic
size is known from the header while the body still arrives, a broken image and a missing one
fail in plain words, dropping the last reference or `cancel()` cancels the download (the server
sees its client go), the image loads when a Gtk.Picture draws it, in a Gtk.GridView too, and an
animated GIF plays its frames. `placeholder-color` round-trips (notified once per change) and
is what an image drawn before its pixels shows, corner to corner (rendered off screen and read
back), unless a BlurHash is set; the failure state is drawn over it. A folder of 300 large photos, each held by the test as a
Waterfall.Image, loaded at its own size and its pixels read as they arrive (as drawing reads
them), stays within the memory cache's bound: the images keep no pixels of their own (the peak
RSS is measured against the 128 MB cache, with the 300 decoded photos at about ten times that).
GLib criticals are fatal. The disk cache goes to a temporary $XDG_CACHE_HOME.
"""
import ctypes
import gc
import socket
import http.server
import os
import struct
import sys
import tempfile
import threading
import time
import unittest
import zlib

CACHE = tempfile.TemporaryDirectory()
os.environ["XDG_CACHE_HOME"] = CACHE.name

import gi  # noqa: E402

gi.require_version("Gtk", "4.0")
gi.require_version("Waterfall", "1")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk, Waterfall  # noqa: E402

GLib.log_set_always_fatal(GLib.LogLevelFlags.LEVEL_CRITICAL | GLib.LogLevelFlags.LEVEL_ERROR)


def png(width, height, colour=(200, 80, 40)):
    """A PNG of one colour, written by hand (no imaging library needed)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + bytes(colour) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


PHOTO = png(400, 300)


class Server:
    """A local HTTP server: /photo.png, /broken.png (not an image), /slow.png?ANY (the PNG's
    first bytes, then a byte a tenth of a second until the client goes: `gone` is set then)."""

    def __init__(self):
        self.gone = threading.Event()
        self.requested = threading.Event()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                if self.path == "/photo.png":
                    self.answer(PHOTO)
                elif self.path == "/broken.png":
                    self.answer(b"this is not an image" * 10)
                elif self.path.split("?")[0] == "/slow.png":
                    server.requested.set()
                    self.send_response(200)
                    self.send_header("Content-Type", "image/png")
                    self.send_header("Content-Length", str(len(PHOTO)))
                    self.end_headers()
                    try:
                        self.wfile.write(PHOTO[:64])
                        self.wfile.flush()
                        for byte in PHOTO[64:]:
                            time.sleep(0.1)
                            self.wfile.write(bytes([byte]))
                            self.wfile.flush()
                    except (BrokenPipeError, ConnectionResetError):
                        server.gone.set()
                else:
                    self.send_error(404)

            def answer(self, body):
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, path):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"


def spin_until(condition, seconds=20):
    deadline = time.monotonic() + seconds
    context = GLib.MainContext.default()
    while not condition():
        if time.monotonic() > deadline:
            return False
        context.iteration(False) or time.sleep(0.005)
    return True


def loaded(image):
    return not image.props.loading and (image.get_intrinsic_width() > 0 or image.props.failed)


_gtk = ctypes.CDLL("libgtk-4.so.1")
_gobject = ctypes.CDLL("libgobject-2.0.so.0")
for _name, _restype in (("gtk_snapshot_new", ctypes.c_void_p), ("gtk_snapshot_free_to_node", ctypes.c_void_p),
                        ("gsk_cairo_renderer_new", ctypes.c_void_p), ("gsk_renderer_realize", ctypes.c_int),
                        ("gsk_renderer_render_texture", ctypes.c_void_p), ("gsk_renderer_unrealize", None),
                        ("gsk_render_node_unref", None), ("gdk_paintable_snapshot", None), ("gdk_texture_download", None)):
    getattr(_gtk, _name).restype = _restype
_gtk.gdk_paintable_snapshot.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_double, ctypes.c_double]
_gtk.gsk_renderer_realize.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
_gtk.gsk_renderer_render_texture.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
_gtk.gsk_renderer_unrealize.argtypes = [ctypes.c_void_p]
_gtk.gtk_snapshot_free_to_node.argtypes = [ctypes.c_void_p]
_gtk.gsk_render_node_unref.argtypes = [ctypes.c_void_p]
_gtk.gdk_texture_download.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
_gobject.g_object_unref.argtypes = [ctypes.c_void_p]
ctypes.pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
ctypes.pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def rendered_pixel(paintable, x, y, width=40, height=30):
    """The (r, g, b, a) that `paintable` drawn at `width`×`height` has at (`x`, `y`): its snapshot
    rendered off screen by GTK's cairo renderer and downloaded (through ctypes: PyGObject cannot
    hold a GskRenderNode). The download is premultiplied BGRA; the colour is given back straight."""
    pointer = ctypes.pythonapi.PyCapsule_GetPointer(paintable.__gpointer__, None)
    snapshot = _gtk.gtk_snapshot_new()
    _gtk.gdk_paintable_snapshot(pointer, snapshot, width, height)
    node = _gtk.gtk_snapshot_free_to_node(snapshot)
    renderer = _gtk.gsk_cairo_renderer_new()
    assert _gtk.gsk_renderer_realize(renderer, None, None), "the cairo renderer did not realize"
    texture = _gtk.gsk_renderer_render_texture(renderer, node, None)
    pixels = ctypes.create_string_buffer(width * height * 4)
    _gtk.gdk_texture_download(texture, pixels, width * 4)
    _gobject.g_object_unref(texture)
    _gtk.gsk_render_node_unref(node)
    _gtk.gsk_renderer_unrealize(renderer)
    _gobject.g_object_unref(renderer)
    blue, green, red, alpha = pixels.raw[(y * width + x) * 4:(y * width + x) * 4 + 4]
    straight = (lambda c: round(c * 255 / alpha)) if alpha else (lambda c: 0)
    return straight(red), straight(green), straight(blue), alpha


class ImageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.photo = os.path.join(cls.folder.name, "photo.png")
        with open(cls.photo, "wb") as file:
            file.write(PHOTO)
        cls.broken = os.path.join(cls.folder.name, "broken.jpg")
        with open(cls.broken, "wb") as file:
            file.write(b"\xff\xd8\xff not really a JPEG")
        cls.server = Server()

    @classmethod
    def tearDownClass(cls):
        cls.server.httpd.shutdown()
        cls.folder.cleanup()

    def assert_decoded(self, image, width, height):
        self.assertTrue(spin_until(lambda: loaded(image)), "the image did not load")
        self.assertFalse(image.props.failed, image.props.error_message)
        self.assertIsNone(image.props.error_message)
        self.assertEqual((image.get_intrinsic_width(), image.get_intrinsic_height()), (width, height))
        self.assertIsNotNone(image.get_current_image())

    def test_file_image_decodes(self):
        image = Waterfall.Image.new_for_file(Gio.File.new_for_path(self.photo))
        self.assertEqual(image.props.uri, Gio.File.new_for_path(self.photo).get_uri())
        self.assertEqual(image.get_intrinsic_width(), 0, "nothing is read before load() or a draw")
        image.load()
        self.assert_decoded(image, 400, 300)

    def test_http_image_decodes_and_notifies_loading(self):
        image = Waterfall.Image.new_for_uri(self.server.url("/photo.png"))
        seen = []
        image.connect("notify::loading", lambda image, _pspec: seen.append(image.props.loading))
        image.load()
        self.assert_decoded(image, 400, 300)
        self.assertEqual(seen, [True, False])

    def test_size_hint_downscales(self):
        image = Waterfall.Image.new_for_uri(self.server.url("/photo.png"))
        image.props.size_hint = 100
        image.load()
        self.assert_decoded(image, 100, 75)
        image.props.size_hint = 200   # a new size loads again
        self.assertTrue(spin_until(lambda: image.get_intrinsic_width() == 200))
        self.assertEqual(image.get_intrinsic_height(), 150)

    def test_header_size_before_pixels(self):
        self.server.gone.clear()
        image = Waterfall.Image.new_for_uri(self.server.url("/slow.png"))
        image.props.size_hint = 200
        image.load()
        self.assertTrue(spin_until(lambda: image.get_intrinsic_width() > 0, 10), "no size from the header")
        self.assertTrue(image.props.loading, "the size came before the pixels")
        self.assertEqual((image.get_intrinsic_width(), image.get_intrinsic_height()), (200, 150))
        image.cancel()
        self.assertFalse(image.props.loading)
        self.assertFalse(image.props.failed)
        self.assertTrue(spin_until(self.server.gone.is_set, 10), "cancel() did not stop the download")

    def test_broken_and_missing_images_fail(self):
        for uri in (Gio.File.new_for_path(self.broken).get_uri(), self.server.url("/broken.png"),
                    self.server.url("/missing.png"), "file:///no/such/photo.png", "not a uri at all"):
            with self.subTest(uri=uri):
                image = Waterfall.Image.new_for_uri(uri)
                failures = []
                image.connect("notify::failed", lambda image, _pspec: failures.append(image.props.failed))
                image.load()
                self.assertTrue(spin_until(lambda: image.props.failed), "no failure")
                self.assertFalse(image.props.loading)
                self.assertTrue(image.props.error_message)
                self.assertEqual(failures, [True])
                self.assertEqual(image.get_intrinsic_width(), 0)

    def test_dropping_the_last_reference_cancels(self):
        self.server.gone.clear()
        self.server.requested.clear()
        image = Waterfall.Image.new_for_uri(self.server.url("/slow.png?drop"))
        image.load()
        self.assertTrue(spin_until(self.server.requested.is_set, 10), "no request")
        image_ref = __import__("weakref").ref(image)
        del image
        gc.collect()
        self.assertIsNone(image_ref(), "the image outlived its last reference")
        self.assertTrue(spin_until(self.server.gone.is_set, 10), "the download went on")

    def test_loads_when_drawn_in_a_picture_and_a_grid_view(self):
        uri = Gio.File.new_for_path(self.photo).get_uri()
        drawn = Waterfall.Image.new_for_uri(uri)
        images = [Waterfall.Image.new_for_uri(uri) for _ in range(6)]
        store = Gio.ListStore(item_type=GObject.Object)
        store.splice(0, 0, images)
        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", lambda _f, item: item.set_child(Gtk.Picture(width_request=120, height_request=90)))
        factory.connect("bind", lambda _f, item: item.get_child().set_paintable(item.get_item()))
        grid = Gtk.GridView(model=Gtk.NoSelection(model=store), factory=factory)
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        box.append(Gtk.Picture(paintable=drawn, content_fit=Gtk.ContentFit.COVER, height_request=200))
        box.append(Gtk.ScrolledWindow(child=grid, vexpand=True))
        window = Gtk.Window(default_width=640, default_height=600, child=box)
        window.present()
        self.assertTrue(spin_until(lambda: all(loaded(i) for i in [drawn] + images)), "drawing did not load them")
        self.assertFalse(any(i.props.failed for i in [drawn] + images))
        window.destroy()

    def test_animated_gif_plays_while_drawn(self):
        from PIL import Image
        path = os.path.join(self.folder.name, "animated.gif")
        frames = [Image.new("RGB", (40, 30), colour) for colour in ((255, 0, 0), (0, 255, 0), (0, 0, 255))]
        frames[0].save(path, save_all=True, append_images=frames[1:], duration=60, loop=0)
        image = Waterfall.Image.new_for_file(Gio.File.new_for_path(path))
        window = Gtk.Window(child=Gtk.Picture(paintable=image, width_request=80, height_request=60))
        window.present()
        self.assertTrue(spin_until(lambda: loaded(image)), "the GIF did not load")
        shown = []

        def frame_changed():
            frame = image.get_current_image()
            if not any(frame is seen for seen in shown):
                shown.append(frame)
            return len(shown) >= 3
        self.assertTrue(spin_until(frame_changed, 5), f"{len(shown)} of 3 frames shown")
        window.destroy()

    def test_blurhash_property(self):
        image = Waterfall.Image.new_for_uri(self.server.url("/photo.png"))
        image.props.blurhash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
        self.assertEqual(image.props.blurhash, "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        image.props.blurhash = "not a hash"   # ignored when drawn: the plain placeholder
        image.props.blurhash = None
        self.assertIsNone(image.props.blurhash)

    def test_placeholder_color(self):
        # A server that takes the connection and never answers: the image stays a placeholder.
        silent = socket.socket()
        self.addCleanup(silent.close)
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        image = Waterfall.Image.new_for_uri(f"http://127.0.0.1:{silent.getsockname()[1]}/never.png")
        self.assertIsNone(image.props.placeholder_color)
        self.assertIsNone(image.get_placeholder_color())
        notified = []
        image.connect("notify::placeholder-color", lambda *_: notified.append(image.props.placeholder_color))
        colour = Gdk.RGBA()
        self.assertTrue(colour.parse("#3366cc"))
        image.set_placeholder_color(colour)
        image.props.placeholder_color = colour.copy()   # the same colour: not notified again
        self.assertEqual(len(notified), 1)
        self.assertTrue(image.get_placeholder_color().equal(colour))
        self.assertEqual(image.props.placeholder_color.to_string(), "rgb(51,102,204)")
        image.set_placeholder_color(None)
        self.assertIsNone(image.props.placeholder_color)
        image.props.placeholder_color = colour
        # (Checked before the image is drawn: the notifications of a drawn image wait for an
        # idle, which the test does not run while it draws the placeholder.)
        self.assertEqual([c and c.to_string() for c in notified], ["rgb(51,102,204)", None, "rgb(51,102,204)"])
        # Drawn as that flat colour, corner to corner, instead of the gradient.
        self.assertEqual(rendered_pixel(image, 20, 15), (0x33, 0x66, 0xcc, 255))
        self.assertEqual(rendered_pixel(image, 0, 0), (0x33, 0x66, 0xcc, 255))
        self.assertEqual(rendered_pixel(image, 39, 29), (0x33, 0x66, 0xcc, 255))
        # A BlurHash wins over it; a colour with alpha is drawn with it.
        image.props.blurhash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
        self.assertNotEqual(rendered_pixel(image, 20, 15), (0x33, 0x66, 0xcc, 255))
        image.props.blurhash = None
        half = Gdk.RGBA()
        self.assertTrue(half.parse("rgba(255,0,0,0.5)"))
        image.props.placeholder_color = half
        red, green, blue, alpha = rendered_pixel(image, 20, 15)
        self.assertEqual((red, green, blue), (255, 0, 0))
        self.assertIn(alpha, (127, 128))
        image.set_placeholder_color(None)
        # The plain placeholder again: the theme's foreground, faded (mostly transparent).
        self.assertLess(rendered_pixel(image, 20, 15)[3], 128)
        self.assertFalse(image.props.failed or image.get_intrinsic_width(), "the image did not stay a placeholder")
        image.cancel()
        # A failed load draws the failure state, not the colour.
        missing = Waterfall.Image.new_for_file(Gio.File.new_for_path(os.path.join(self.folder.name, "absent.png")))
        missing.props.placeholder_color = colour
        missing.load()
        self.assertTrue(spin_until(lambda: missing.props.failed))
        self.assertNotEqual(rendered_pixel(missing, 20, 15), (0x33, 0x66, 0xcc, 255))

    def test_300_held_photos_stay_within_the_memory_cache(self):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        width, height = 1200, 900
        files = []
        for index in range(300):   # each its own colour and file: 300 cache entries
            path = os.path.join(folder.name, f"photo-{index:03}.png")
            with open(path, "wb") as file:
                file.write(png(width, height, (index % 256, (index * 7) % 256, 90)))
            files.append(Gio.File.new_for_path(path))
        gc.collect()
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")   # the peak (VmHWM) starts again from here
        before = resident_kb()["VmRSS"]
        images = [Waterfall.Image.new_for_file(file) for file in files]
        touched = []

        def read_pixels(image, _pspec):
            # As drawing does: the pixels arrive from the decoder in shared memory, which counts
            # in this process's RSS only once read (a copy in TIFF, uncompressed, reads them all).
            current = image.get_current_image()
            if not image.props.loading and isinstance(current, Gdk.Texture):
                current.save_to_tiff_bytes()
                touched.append(image)
        for image in images:
            image.connect("notify::loading", read_pixels)
            image.load()   # no picture draws them: decoded at the photos' own size
        self.assertTrue(spin_until(lambda: all(loaded(image) for image in images), 120),
                        f"{sum(loaded(image) for image in images)} of 300 photos loaded")
        failed = [image.props.error_message for image in images if image.props.failed]
        self.assertEqual(failed, [])
        self.assertTrue(all(image.get_intrinsic_width() == width for image in images))
        self.assertEqual(len(touched), 300, "not every photo's pixels were read as they arrived")
        peak = resident_kb()["VmHWM"]
        decoded_mb = 300 * width * height * 4 / 2**20
        grown_mb = (peak - before) / 1024
        print(f"\n300 photos of {width}x{height} held and loaded: {decoded_mb:.0f} MB decoded, "
              f"RSS {before / 1024:.0f} MB before, peak {peak / 1024:.0f} MB (+{grown_mb:.0f} MB; "
              f"memory cache 128 MB)", file=sys.stderr)
        self.assertLess(grown_mb, 128 + 96, "the held images keep pixels beyond the memory cache's bound")
        self.assertGreater(decoded_mb, 4 * (128 + 96), "the photos would fit in the bound anyway")


def resident_kb():
    """VmRSS and VmHWM (the peak) of this process, in kB."""
    with open("/proc/self/status") as status:
        fields = dict(line.split(":", 1) for line in status)
    return {key: int(fields[key].split()[0]) for key in ("VmRSS", "VmHWM")}


if __name__ == "__main__":
    unittest.main(verbosity=2)
