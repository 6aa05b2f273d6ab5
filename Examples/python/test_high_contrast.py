#!/usr/bin/python3
"""The wall follows libadwaita's high contrast (run under Xvfb against the installed library).

    GI_TYPELIB_PATH=… LD_LIBRARY_PATH=… xvfb-run -a /usr/bin/python3 test_high_contrast.py

An app that uses libadwaita gets high contrast from AdwStyleManager:high-contrast (the system's
contrast preference), not from a theme name. The wall carries the `high-contrast` style class
while that property is set. libadwaita reads the preference once, at adw_init, and lets a
developer force it with ADW_DEBUG_HIGH_CONTRAST=1, so each case runs in its own process:
- libadwaita initialised with high contrast forced: the wall has the class;
- libadwaita initialised without it: the wall has no class;
- no libadwaita at all: no class (the theme-name rule alone, as in plain GTK apps).
"""
import os
import subprocess
import sys
import unittest

CHILD = r"""
import sys
import gi
gi.require_version("Gtk", "4.0")
gi.require_version("Waterfall", "1")
if sys.argv[1] == "adw":
    gi.require_version("Adw", "1")
    from gi.repository import Adw
    Adw.init()
from gi.repository import GLib, Gtk, Waterfall

view = Waterfall.MasonryView()
window = Gtk.Window(child=view, default_width=400, default_height=300)
window.present()
context = GLib.MainContext.default()
while not view.get_realized():
    context.iteration(True)
for _ in range(20):
    context.iteration(False)
print("high-contrast" if view.has_css_class("high-contrast") else "normal")
window.destroy()
"""


def wall_style(mode, **environment):
    """What the wall's style is in a child process of `mode` ('adw' or 'gtk')."""
    env = dict(os.environ, **environment)
    env.pop("GTK_THEME", None)
    result = subprocess.run([sys.executable, "-c", CHILD, mode], env=env, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise AssertionError(f"the child failed ({result.returncode}): {result.stderr}")
    return result.stdout.strip().splitlines()[-1]


class AdwaitaHighContrast(unittest.TestCase):
    def test_forced_high_contrast_marks_the_wall(self):
        self.assertEqual(wall_style("adw", ADW_DEBUG_HIGH_CONTRAST="1"), "high-contrast")

    def test_normal_contrast_leaves_the_wall_alone(self):
        self.assertEqual(wall_style("adw", ADW_DEBUG_HIGH_CONTRAST="0"), "normal")

    def test_without_libadwaita_the_theme_name_decides(self):
        self.assertEqual(wall_style("gtk", ADW_DEBUG_HIGH_CONTRAST="1"), "normal")


if __name__ == "__main__":
    unittest.main(verbosity=2)
