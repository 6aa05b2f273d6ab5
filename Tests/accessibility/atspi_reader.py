#!/usr/bin/python3
"""Reads a GTK program the way a screen reader does, through AT-SPI, and prints what it saw.

    atspi_reader.py --output REPORT.json [--steps "Down Right Tab await:notification ..."] -- PROGRAM [ARGS...]

Run it inside a private session bus (`dbus-run-session -- atspi_reader.py ...`): the bus
activates at-spi2-core's bus launcher and registry on demand. The program is started with
GTK's AT-SPI backend (GTK_A11Y=atspi) and found on the desktop by its process id. Steps:

    KEY            a key press (an X keysym name: Down, Page_Down, Tab, ISO_Left_Tab, Return, F5)
                   through the registry (XTEST on X11); the step ends at the next focus change
    +KEY           the same key press, not waiting for a focus change
    press:NAME     activates the button (push or toggle) named NAME through its AT-SPI action,
                   as a screen reader user does
    await:ROLE     waits until a node of ROLE ("notification", "status_bar": underscores for
                   spaces) is added or renamed, counting events since the previous await; for
                   "status_bar" an announcement (GTK 4.14 and later) counts too
    settle         a round trip to the program: every event it sent before answering has arrived

One JSON document goes to REPORT.json (not stdout, which the bus daemons share): the application's name and description, the accessible tree
before and after the steps, and per step the events that arrived (focus changes, names,
descriptions, nodes added, selection, announcements). Exit status: 0 after the steps, 2 on bad arguments,
3 when the program never showed up on the bus, 77 when there is no AT-SPI bus to use.
"""
import json
import os
import subprocess
import sys
import time

try:
    import gi
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi, Gio, GLib
except (ImportError, ValueError) as error:
    print(f"no AT-SPI client library (python3-pyatspi / gir1.2-atspi-2.0): {error}", file=sys.stderr)
    sys.exit(77)

STEP_TIMEOUT = 15.0
START_TIMEOUT = 60.0
START_ATTEMPTS = 2
KEYSYMS = {"Down": 0xFF54, "Up": 0xFF52, "Right": 0xFF53, "Left": 0xFF51, "Page_Down": 0xFF56,
           "Page_Up": 0xFF55, "Home": 0xFF50, "End": 0xFF57, "Tab": 0xFF09, "ISO_Left_Tab": 0xFE20,
           "Return": 0xFF0D, "space": 0x20, "F5": 0xFFC2}
# A button's AT-SPI role name: "push button" up to at-spi2-core 2.46, "button" later; GTK 4.18
# gives toggle buttons their own role, GTK 4.8 does not.
BUTTON_ROLES = ("push button", "button", "toggle button")
EVENTS = ["object:state-changed:focused", "object:state-changed:selected",
          "object:property-change:accessible-name", "object:property-change:accessible-description",
          "object:children-changed:add", "object:announcement"]


def describe(node):
    """Role, name and description of a node (None when it went away)."""
    if node is None:
        return None
    try:
        return {"role": node.get_role_name(), "name": node.get_name() or "",
                "description": node.get_description() or ""}
    except GLib.Error:
        return None


def tree(node, depth=0):
    """The node and its descendants: role, name, description, interesting states, children."""
    info = describe(node)
    if info is None or depth > 14:
        return info
    try:
        states = node.get_state_set()
        info["states"] = [name for name, state in (("focusable", Atspi.StateType.FOCUSABLE),
                                                    ("focused", Atspi.StateType.FOCUSED),
                                                    ("selected", Atspi.StateType.SELECTED),
                                                    ("showing", Atspi.StateType.SHOWING))
                          if states.contains(state)]
        info["children"] = [child for child in (tree(node.get_child_at_index(i), depth + 1)
                                                for i in range(node.get_child_count())) if child]
    except GLib.Error:  # the node went away while being read (a cell recycled meanwhile)
        return None
    return info


class Reader:
    def __init__(self, command):
        environment = dict(os.environ, GTK_A11Y="atspi")
        self.program = subprocess.Popen(command, env=environment)
        self.events = []
        self.awaited = 0
        self.listener = Atspi.EventListener.new(self.received)
        for event in EVENTS:
            self.listener.register(event)

    def received(self, event):
        try:
            if event.source.get_process_id() != self.program.pid:
                return
        except GLib.Error:
            return
        record = {"type": event.type, "detail": event.detail1, **(describe(event.source) or {})}
        if isinstance(event.any_data, Atspi.Accessible):
            record["child"] = describe(event.any_data)
        elif isinstance(event.any_data, str):
            record["value"] = event.any_data
        self.events.append(record)

    def pump(self, until, timeout):
        """Runs the GLib loop until `until()` holds or `timeout` seconds pass."""
        context = GLib.MainContext.default()
        deadline = time.monotonic() + timeout
        while not until():
            if time.monotonic() > deadline or self.program.poll() is not None:
                return False
            context.iteration(False) or time.sleep(0.005)
        return True

    def application(self):
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            try:
                if app is not None and app.get_process_id() == self.program.pid and app.get_child_count() > 0:
                    return app
            except GLib.Error:
                continue
        return None

    def settle(self, app):
        """A round trip: the program answers after sending every event it queued before."""
        app.clear_cache()
        app.get_child_count()
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass

    def step(self, app, step):
        start = len(self.events)
        arrived = lambda kinds: lambda: any(self.matches(e, kinds) for e in self.events[start:])
        if step == "settle":
            ok = True
        elif step.startswith("await:"):
            role = step[len("await:"):].replace("_", " ")
            since = lambda: next((i for i in range(self.awaited, len(self.events))
                                  if self.matches(self.events[i], role)), None)
            ok = self.pump(lambda: since() is not None, STEP_TIMEOUT)
            self.awaited = since() + 1 if ok else len(self.events)
        elif step.startswith("press:"):
            button = self.find(app, BUTTON_ROLES, step[len("press:"):])
            ok = button is not None and button.do_action(0)
        else:
            Atspi.generate_keyboard_event(KEYSYMS[step.lstrip("+")], None, Atspi.KeySynthType.SYM)
            ok = step.startswith("+") or self.pump(arrived("focus"), STEP_TIMEOUT)
        self.settle(app)
        return {"step": step, "completed": ok, "events": self.events[start:]}

    def find(self, node, roles, name):
        """The first node of one of `roles` named `name` under `node` (depth first), or None."""
        if node is None:
            return None
        try:
            if node.get_role_name() in roles and node.get_name() == name:
                return node
            children = [node.get_child_at_index(i) for i in range(node.get_child_count())]
        except GLib.Error:
            return None
        return next((found for found in (self.find(child, roles, name) for child in children) if found), None)

    @staticmethod
    def matches(event, kind):
        if kind == "focus":
            return event["type"] == "object:state-changed:focused" and event["detail"] == 1
        if event["type"] == "object:announcement":
            return kind == "status bar"
        child = event.get("child") or {}
        return child.get("role") == kind or (event.get("role") == kind and "name" in event["type"])


def main(argv):
    if "--" not in argv:
        print(__doc__, file=sys.stderr)
        return 2
    split = argv.index("--")
    options, command = argv[:split], argv[split + 1:]
    steps = options[options.index("--steps") + 1].split() if "--steps" in options else []
    output = options[options.index("--output") + 1] if "--output" in options else None
    valid = lambda s: s.lstrip("+") in KEYSYMS or s == "settle" or s.startswith(("await:", "press:"))
    if not command or not output or not all(valid(s) for s in steps):
        print(__doc__, file=sys.stderr)
        return 2
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        print("no D-Bus session bus for AT-SPI (run under dbus-run-session)", file=sys.stderr)
        return 77
    # Ask this session's bus launcher for the accessibility bus: libatspi would otherwise prefer
    # the AT_SPI_BUS property of the X root window, which another session's launcher may have
    # left behind on a shared display.
    try:
        session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                  GLib.VariantType.new("(s)"), Gio.DBusCallFlags.NONE, 20000, None)
    except GLib.Error as error:
        print(f"no AT-SPI bus (at-spi2-core's bus launcher): {error.message}", file=sys.stderr)
        return 77
    os.environ["AT_SPI_BUS_ADDRESS"] = reply.unpack()[0]
    if Atspi.init() not in (0, 1):
        print("libatspi could not start", file=sys.stderr)
        return 77
    # A loaded machine has seen the program stop in gtk_init_check once: its start-up is tried
    # again (a fresh process) before the run counts as failed.
    for attempt in range(1, START_ATTEMPTS + 1):
        reader, app = start(command)
        if app is not None:
            break
        print(f"attempt {attempt}: the program never appeared on the AT-SPI bus "
              f"(exit status {reader.program.poll()})", file=sys.stderr)
        stop(reader.program)
    else:
        return 3
    try:
        # The first window is up once a frame is on the bus; let its first events arrive.
        reader.pump(lambda: any(n["role"] == "frame" for n in tree(app)["children"]), START_TIMEOUT)
        reader.settle(app)
        report = {"application": describe(app), "before": tree(app)}
        reader.events.clear()
        reader.awaited = 0
        report["steps"] = [reader.step(app, step) for step in steps]
        report["after"] = tree(app)
        with open(output, "w") as file:
            json.dump(report, file)
        return 0
    finally:
        stop(reader.program)


def start(command):
    """Starts the program under a new reader; returns the reader and the program's application
    node once it is on the bus, or None for the node if it never appears (or exits first)."""
    reader = Reader(command)
    app = None
    def found():
        nonlocal app
        app = reader.application()
        return app is not None
    reader.pump(found, START_TIMEOUT)
    return reader, app


def stop(program):
    """Ends the program: politely, then for good after 10 seconds."""
    program.terminate()
    try:
        program.wait(timeout=10)
    except subprocess.TimeoutExpired:
        program.kill()
        program.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
