#!/usr/bin/python3
"""A splice of N photos into a shown Waterfall.MasonryView against Gtk.GridView (issue 41).

    xvfb-run -a /usr/bin/python3 splice-probe.py [--items N ...] [--settle SECONDS] [--scroll FRAMES]

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
With --scroll FRAMES the gaps are watched until the scroll range has also held still for half a
second (the wall has read every size; at most 120 s), and it then scrolls for FRAMES frames as a
kinetic fling would, setting the vertical adjustment at each frame clock tick (flings of
4,000 px/s that slow by 5 % a frame, a new one below 400 px/s; the same steps for both views, as
Examples/c/lazy-model.c does), and reports the main thread's CPU time per frame (tick to tick:
the frame and whatever else the main loop ran), median and 99th percentile, and when the range
held still.
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


def scroll_phase(view, adjustment, frames, loop, GLib):
    """Scrolls `view` for `frames` frame clock ticks by kinetic-fling steps of `adjustment`;
    returns the main thread's CPU time of each frame, tick to tick, in ms."""
    state = {"velocity": 0.0, "cpu": None, "frames": []}

    def tick(widget, frame_clock):
        cpu = time.thread_time()
        if state["cpu"] is not None:
            state["frames"].append((cpu - state["cpu"]) * 1000)
        state["cpu"] = cpu
        if len(state["frames"]) == frames:
            loop.quit()
            return GLib.SOURCE_REMOVE
        state["velocity"] = 4000.0 if state["velocity"] < 400 else state["velocity"] * 0.95
        adjustment.set_value(adjustment.get_value() + state["velocity"] / 60)
        return GLib.SOURCE_CONTINUE

    view.add_tick_callback(tick)
    loop.run()
    return sorted(state["frames"])


def run_side(side, items, settle, scroll_frames=0):
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
    adjustment = window.get_child().get_vadjustment()
    range_changed = [time.perf_counter()]
    adjustment.connect("changed", lambda *_: range_changed.__setitem__(0, time.perf_counter()))
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
        still = now - range_changed[0] >= 0.5 or now >= clock_state["end"] + 120
        if now >= clock_state["end"] and (not scroll_frames or still):
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
    if scroll_frames:
        result["range_still_after_s"] = range_changed[0] - clock_state["start"]
        frames = scroll_phase(view, adjustment, scroll_frames, loop, GLib)
        result["scroll_cpu_p50"] = frames[len(frames) // 2]
        result["scroll_cpu_p99"] = frames[len(frames) * 99 // 100]
    result["longest_stall"] = clock_state["longest"] * 1000
    result["longest_busy"] = clock_state["busiest"] * 1000
    result["busy_over_8ms"] = clock_state["busy_over_8ms"]
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, nargs="*", default=[100_000, 1_000_000])
    parser.add_argument("--settle", type=float, default=10.0)
    parser.add_argument("--scroll", type=int, default=0, metavar="FRAMES")
    parser.add_argument("--side", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        print(json.dumps(run_side(args.side, args.items[0], args.settle, args.scroll)))
        return
    scroll_columns = "| range still after (s) | scroll CPU per frame, p50 / p99 (ms) " if args.scroll else ""
    print("| items | view | splice call (ms) | splice → first frame (ms) | the same in process CPU (ms) "
          "| splice → first idle (ms) "
          "| longest gap after the first frame, wall clock (ms) | the same in main-thread CPU (ms) "
          "| CPU gaps over 8 ms " + scroll_columns + "| peak RSS (MB) |")
    print("|---" * (12 if args.scroll else 10) + "|")
    for items in args.items:
        for side in ("waterfall", "grid"):
            output = subprocess.run([sys.executable, __file__, "--side", side, "--items", str(items),
                                     "--settle", str(args.settle), "--scroll", str(args.scroll)],
                                    check=True, capture_output=True, text=True).stdout
            r = json.loads(output.strip().splitlines()[-1])
            name = "Waterfall.MasonryView" if side == "waterfall" else "Gtk.GridView"
            print(f"| {items:,} | {name} | {r['splice']:.0f} | {r['first_frame']:.0f} | {r['first_frame_cpu']:.0f} | {r['first_idle']:.0f} "
                  f"| {r['longest_stall']:.1f} | {r['longest_busy']:.1f} | {r['busy_over_8ms']} "
                  + (f"| {r['range_still_after_s']:.1f} | {r['scroll_cpu_p50']:.2f} / {r['scroll_cpu_p99']:.2f} "
                     if args.scroll else "")
                  + f"| {r['peak_rss_mb']:.0f} |",
                  flush=True)


if __name__ == "__main__":
    main()
