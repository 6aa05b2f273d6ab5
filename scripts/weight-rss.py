"""The resident memory (VmRSS) one view adds to a Python process, for scripts/weight.sh.

Usage: weight-rss.py waterfall|grid

After Gtk.init(), reads VmRSS; then `waterfall` loads Waterfall-1 (gi.require_version and the
import, which loads libwaterfall-1.so and its Swift runtime) and makes one Waterfall.MasonryView,
`grid` makes one Gtk.GridView; reads VmRSS again and prints the difference in kB.
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gtk  # noqa: E402


def resident_kb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


Gtk.init()
before = resident_kb()
if sys.argv[1:] == ["waterfall"]:
    gi.require_version("Waterfall", "1")
    from gi.repository import Waterfall

    view = Waterfall.MasonryView()
elif sys.argv[1:] == ["grid"]:
    view = Gtk.GridView()
else:
    sys.exit(__doc__)
print(resident_kb() - before)
