#!/usr/bin/python3
"""A splice of N photos into a shown Waterfall.MasonryView against Gtk.GridView (issue 41).

    xvfb-run -a /usr/bin/python3 splice-probe.py [--items N ...] [--settle SECONDS]

For each item count runs each side in its own process: a 1000×760 window shows the view over a
Gtk.SingleSelection of an empty Gio.ListStore, with photo-wall.py's setup and bind; the wall takes
each photo's aspect ratio from aspect-ratio-property ("aspect", a Python property). The photos
are made first; then one `splice` puts all of them in, and the probe measures, on the main
thread: the splice call itself; splice → the first frame painted after it (the frame clock's
after-paint), in wall-clock time and in the process's CPU time (which a loaded machine moves
less); splice → the first idle after it (what the issue measured); the longest gap
between 1 ms timeouts over the `--settle` seconds after the first frame (the longest stall
while the wall reads the rest of the sizes in idle slices), and the same in the main thread's
CPU time (what it worked between two timeouts, whatever else the machine runs: on a loaded
machine the wall-clock gap also counts the time the process waited for a core), with how many
such gaps exceeded 8 ms; and the process's peak RSS.
Prints a Markdown table.
"""
import argparse
import importlib.util
import json
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WIDTH, HEIGHT = 1000, 760
COLUMNS = 5


def run_side(side, items, settle):
    import gi
    gi.require_version("Gtk", "4.0")
    gi.require_version("Waterfall", "1")
    from gi.repository import Gio, GLib, Gtk, Waterfall

    spec = importlib.util.spec_from_file_location("photo_wall", os.path.join(HERE, "photo-wall.py"))
    photo_wall = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(photo_wall)

    store = Gio.ListStore(item_type=photo_wall.Photo)
    selection = Gtk.SingleSelection(model=store)
    if side == "waterfall":
        factory = Waterfall.SignalItemFactory()
        view = Waterfall.MasonryView(model=selection, factory=factory, columns=COLUMNS,
                                     aspect_ratio_property="aspect")
    else:
        factory = Gtk.SignalListItemFactory()
        view = Gtk.GridView(model=selection, factory=factory, min_columns=COLUMNS, max_columns=COLUMNS)
    factory.connect("setup", photo_wall.setup)
    factory.connect("bind", photo_wall.bind)
    window = Gtk.Window(default_width=WIDTH, default_height=HEIGHT)
    window.set_child(Gtk.ScrolledWindow(child=view))
    window.present()
    photos = [photo_wall.Photo(number) for number in range(items)]
    result = {}
    loop = GLib.MainLoop()
    clock_state = {"start": None, "start_cpu": None, "last": None, "longest": 0.0, "end": None,
                   "last_cpu": None, "busiest": 0.0, "busy_over_8ms": 0}

    def tick():
        now, cpu = time.perf_counter(), time.thread_time()
        if clock_state["last"] is not None:
            clock_state["longest"] = max(clock_state["longest"], now - clock_state["last"])
            busy = cpu - clock_state["last_cpu"]
            clock_state["busiest"] = max(clock_state["busiest"], busy)
            clock_state["busy_over_8ms"] += busy > 0.008
        clock_state["last"], clock_state["last_cpu"] = now, cpu
        if now >= clock_state["end"]:
            loop.quit()
            return GLib.SOURCE_REMOVE
        return GLib.SOURCE_CONTINUE

    def after_paint(frame_clock):
        if "first_frame" in result or clock_state["start"] is None:
            return
        result["first_frame"] = (time.perf_counter() - clock_state["start"]) * 1000
        result["first_frame_cpu"] = (time.process_time() - clock_state["start_cpu"]) * 1000
        clock_state["end"] = time.perf_counter() + settle
        GLib.timeout_add(1, tick)

    def first_idle():
        result.setdefault("first_idle", (time.perf_counter() - clock_state["start"]) * 1000)
        return GLib.SOURCE_REMOVE

    def splice():
        window.get_frame_clock().connect("after-paint", after_paint)
        clock_state["start"], clock_state["start_cpu"] = time.perf_counter(), time.process_time()
        store.splice(0, 0, photos)
        result["splice"] = (time.perf_counter() - clock_state["start"]) * 1000
        GLib.idle_add(first_idle, priority=GLib.PRIORITY_DEFAULT_IDLE)
        return GLib.SOURCE_REMOVE

    GLib.timeout_add(500, splice)  # the window is shown and idle first
    loop.run()
    result["longest_stall"] = clock_state["longest"] * 1000
    result["longest_busy"] = clock_state["busiest"] * 1000
    result["busy_over_8ms"] = clock_state["busy_over_8ms"]
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, nargs="*", default=[100_000, 1_000_000])
    parser.add_argument("--settle", type=float, default=10.0)
    parser.add_argument("--side", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        print(json.dumps(run_side(args.side, args.items[0], args.settle)))
        return
    print("| items | view | splice call (ms) | splice → first frame (ms) | the same in process CPU (ms) "
          "| splice → first idle (ms) "
          "| longest gap after the first frame, wall clock (ms) | the same in main-thread CPU (ms) "
          "| CPU gaps over 8 ms | peak RSS (MB) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for items in args.items:
        for side in ("waterfall", "grid"):
            output = subprocess.run([sys.executable, __file__, "--side", side, "--items", str(items),
                                     "--settle", str(args.settle)],
                                    check=True, capture_output=True, text=True).stdout
            r = json.loads(output.strip().splitlines()[-1])
            name = "Waterfall.MasonryView" if side == "waterfall" else "Gtk.GridView"
            print(f"| {items:,} | {name} | {r['splice']:.0f} | {r['first_frame']:.0f} | {r['first_frame_cpu']:.0f} | {r['first_idle']:.0f} "
                  f"| {r['longest_stall']:.1f} | {r['longest_busy']:.1f} | {r['busy_over_8ms']} | {r['peak_rss_mb']:.0f} |",
                  flush=True)


if __name__ == "__main__":
    main()
