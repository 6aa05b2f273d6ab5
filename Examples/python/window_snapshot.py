"""Saves a window's pixels as a PNG, for the examples' --snapshot.

PyGObject 3.42 cannot wrap GskRenderNode, so this reads the X window's pixels (the examples run
under Xvfb) instead of rendering a node. Needs xwininfo and Pillow.
"""
import subprocess


def save_window(window, path):
    """Writes `window`'s pixels, as they are on the X screen now, to `path`."""
    from PIL import ImageGrab
    xid = window.get_surface().get_xid()
    info = subprocess.run(["xwininfo", "-id", str(xid)], check=True, capture_output=True, text=True).stdout
    fields = dict(line.strip().split(":", 1) for line in info.splitlines() if ":" in line)
    x, y = int(fields["Absolute upper-left X"]), int(fields["Absolute upper-left Y"])
    w, h = int(fields["Width"]), int(fields["Height"])
    ImageGrab.grab(bbox=(x, y, x + w, y + h), xdisplay=None).save(path)
