#!/usr/bin/python3
"""Waterfall.MasonryView against Gtk.GridView from Python, with the same factory callbacks.

    xvfb-run -a /usr/bin/python3 compare-grid.py [--items N ...] [--frames F]

For each item count and scroll mode (teleport: a seeded random offset every frame; fling: a
constant 3,000 px/s), runs each side in its own process over the same Gio.ListStore of photos
(photo-wall.py's setup and bind, which work for a WaterfallItem and a GtkListItem alike), drives
the vertical adjustment from the frame clock, and prints a Markdown table: the main thread's CPU
time per frame (p50, p99), the frame clock's interval p99, and binds per frame (mean, max).

Both sides draw the same cells: the same column count (COLUMNS) in the same 1000 px wide
viewport, and each grid cell's box asks for the height the wall gives the cell (the wall's column
width / the photo's aspect, set in the grid's bind; the picture expands into it). A grid row is
as tall as its tallest cell, so the grid's pictures stretch to that. The theme's margin and
spacing for boxes in a grid cell (`gridview > child box`, meant for icon grids) are set to the
wall's (none; the box's own 4 px spacing), so a grid picture is 1000 / 5 − 6 = 194 px wide (the
grid cell's 3 px padding each side) against the wall's 190.4 px column.
"""
import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WIDTH, HEIGHT = 1000, 760
COLUMNS = 5
COLUMN_SPACING = 8
INSETS = 8  # the wall's layout insets on each side (WaterfallLayout's default)
COLUMN_WIDTH = (WIDTH - 2 * INSETS - (COLUMNS - 1) * COLUMN_SPACING) / COLUMNS


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def run_side(side, items, mode, frames, seed):
    import gi
    gi.require_version("Gtk", "4.0")
    gi.require_version("Waterfall", "1")
    from gi.repository import GLib, Gtk, Waterfall

    spec = importlib.util.spec_from_file_location("photo_wall", os.path.join(HERE, "photo-wall.py"))
    photo_wall = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(photo_wall)

    binds = [0]

    def bind(factory, item):
        binds[0] += 1
        photo_wall.bind(factory, item)

    def bind_as_tall_as_the_wall(factory, item):
        bind(factory, item)
        item.get_child().set_size_request(-1, round(COLUMN_WIDTH / item.get_item().aspect))

    store = photo_wall.make_store(items)
    selection = Gtk.MultiSelection(model=store)
    if side == "waterfall":
        factory = Waterfall.SignalItemFactory()
        view = Waterfall.MasonryView(model=selection, factory=factory, columns=COLUMNS,
                                     column_spacing=COLUMN_SPACING)
        photo_wall.aspect_expression().bind_property("expression", view, "aspect-ratio-expression",
                                                     photo_wall.GObject.BindingFlags.SYNC_CREATE)
        factory.connect("bind", bind)
    else:
        factory = Gtk.SignalListItemFactory()
        view = Gtk.GridView(model=selection, factory=factory, min_columns=COLUMNS, max_columns=COLUMNS)
        css = Gtk.CssProvider()
        rule = "gridview > child box { margin: 0; border-spacing: 0; }"
        # load_from_string from GTK 4.12; load_from_data, deprecated there, before.
        if hasattr(css, "load_from_string"):
            css.load_from_string(rule)
        else:
            css.load_from_data(rule.encode())
        Gtk.StyleContext.add_provider_for_display(view.get_display(), css,
                                                  Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
        factory.connect("bind", bind_as_tall_as_the_wall)
    factory.connect("setup", photo_wall.setup)

    window = Gtk.Window(default_width=WIDTH, default_height=HEIGHT)
    window.set_child(Gtk.ScrolledWindow(child=view))
    window.present()
    rng = random.Random(seed)
    samples = []
    state = {"warmup": 30, "last_cpu": None, "last_frame": None, "binds": 0}
    loop = GLib.MainLoop()

    def tick(_widget, clock):
        adjustment = view.get_vadjustment()
        top = adjustment.get_upper() - adjustment.get_page_size()
        cpu, frame_time = time.thread_time(), clock.get_frame_time()
        if state["warmup"] > 0:
            if state["warmup"] == 1 and view.get_width() != WIDTH:
                raise SystemExit(f"the view is {view.get_width()} px wide, not {WIDTH}: the cells differ")
            state["warmup"] -= 1
        elif state["last_cpu"] is not None:
            samples.append(((cpu - state["last_cpu"]) * 1000, (frame_time - state["last_frame"]) / 1000,
                            binds[0] - state["binds"]))
        state.update(last_cpu=cpu, last_frame=frame_time, binds=binds[0])
        if len(samples) >= frames:
            loop.quit()
            return GLib.SOURCE_REMOVE
        if mode == "teleport":
            adjustment.set_value(rng.uniform(0, max(top, 0)))
        else:
            value = adjustment.get_value() + 50
            adjustment.set_value(value if value < top else 0)
        return GLib.SOURCE_CONTINUE

    window.add_tick_callback(tick)
    loop.run()
    cpu = [s[0] for s in samples]
    interval = [s[1] for s in samples]
    bound = [s[2] for s in samples]
    return {"cpu_p50": percentile(cpu, 50), "cpu_p99": percentile(cpu, 99),
            "interval_p99": percentile(interval, 99), "binds_mean": sum(bound) / len(bound),
            "binds_max": max(bound)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, nargs="*", default=[100_000, 1_000_000])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--side", help=argparse.SUPPRESS)
    parser.add_argument("--mode", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        print(json.dumps(run_side(args.side, args.items[0], args.mode, args.frames, args.seed)))
        return
    print("| items | scroll | view | main-thread CPU/frame p50 / p99 (ms) | frame interval p99 (ms) | binds/frame mean / max |")
    print("|---|---|---|---|---|---|")
    for items in args.items:
        for mode in ("teleport", "fling"):
            for side in ("waterfall", "grid"):
                out = subprocess.run([sys.executable, __file__, "--side", side, "--mode", mode, "--items", str(items),
                                      "--frames", str(args.frames), "--seed", str(args.seed)],
                                     check=True, capture_output=True, text=True).stdout
                r = json.loads(out.strip().splitlines()[-1])
                name = "Waterfall.MasonryView" if side == "waterfall" else "Gtk.GridView"
                print(f"| {items:,} | {mode} | {name} | {r['cpu_p50']:.1f} / {r['cpu_p99']:.1f} | "
                      f"{r['interval_p99']:.1f} | {r['binds_mean']:.1f} / {r['binds_max']} |", flush=True)


if __name__ == "__main__":
    main()
