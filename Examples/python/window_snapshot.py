"""Saves a window's pixels as a PNG, for the examples' --snapshot.

PyGObject 3.42 cannot wrap GskRenderNode, so this reads the X window's pixels (the examples run
under Xvfb) instead of rendering a node. Needs xwininfo and Pillow.
"""
import subprocess

from gi.repository import GLib


def save_window(window, path):
    """Writes `window`'s pixels, as they are on the X screen now, to `path`."""
    from PIL import ImageGrab
    xid = window.get_surface().get_xid()
    info = subprocess.run(["xwininfo", "-id", str(xid)], check=True, capture_output=True, text=True).stdout
    fields = dict(line.strip().split(":", 1) for line in info.splitlines() if ":" in line)
    x, y = int(fields["Absolute upper-left X"]), int(fields["Absolute upper-left Y"])
    w, h = int(fields["Width"]), int(fields["Height"])
    ImageGrab.grab(bbox=(x, y, x + w, y + h), xdisplay=None).save(path)


def save_when_ready(window, path, ready, done):
    """Saves `window` to `path` at the first frame at which `ready()` holds, then calls `done()`."""
    def tick(_widget, _clock):
        if not ready():
            return GLib.SOURCE_CONTINUE
        # The frame is on screen once the next idle runs.
        GLib.timeout_add(100, lambda: save_window(window, path) or done() or False)
        return GLib.SOURCE_REMOVE

    window.add_tick_callback(tick)
