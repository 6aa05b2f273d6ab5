import CWaterfallGtk4
import CWaterfallTestShims
import Foundation
import Testing
import WaterfallGTK

/// Real pointer clicks and key presses for GTK tests: the X server's XTEST extension (Xvfb has
/// it) injects the events, so they travel the whole way through GDK and the widgets' event
/// controllers and shortcuts.
///
/// libXtst and GDK's X11 functions are looked up at run time, so the tests need no extra
/// headers or link flags (Debian ships libXtst.so.6 with the X server).
@MainActor
struct XTestInput {
    private typealias FakeMotion = @convention(c) (OpaquePointer?, Int32, Int32, Int32, UInt) -> Int32
    private typealias FakeButton = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    private typealias FakeKey = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    private typealias KeysymToKeycode = @convention(c) (OpaquePointer?, UInt) -> UInt8
    private typealias Flush = @convention(c) (OpaquePointer?) -> Int32
    private typealias XDisplayOf = @convention(c) (OpaquePointer?) -> OpaquePointer?
    private typealias XIDOf = @convention(c) (OpaquePointer?) -> UInt
    private typealias DefaultRoot = @convention(c) (OpaquePointer?) -> UInt
    private typealias Translate = @convention(c) (OpaquePointer?, UInt, UInt, Int32, Int32,
                                                 UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
                                                 UnsafeMutablePointer<UInt>?) -> Int32

    private let display: OpaquePointer?
    private let motion: FakeMotion
    private let button: FakeButton
    private let key: FakeKey
    private let keycode: KeysymToKeycode
    private let flush: Flush
    private let surfaceXID: XIDOf
    private let root: DefaultRoot
    private let translate: Translate

    /// Loads XTEST; `nil` when it or GDK's X11 backend is unavailable.
    init?() {
        guard let xtst = dlopen("libXtst.so.6", RTLD_NOW),
              let motion = dlsym(xtst, "XTestFakeMotionEvent"), let button = dlsym(xtst, "XTestFakeButtonEvent"),
              let key = dlsym(xtst, "XTestFakeKeyEvent"), let keycode = dlsym(nil, "XKeysymToKeycode"),
              let flush = dlsym(nil, "XFlush"), let root = dlsym(nil, "XDefaultRootWindow"),
              let translate = dlsym(nil, "XTranslateCoordinates"),
              let xdisplay = dlsym(nil, "gdk_x11_display_get_xdisplay"),
              let xid = dlsym(nil, "gdk_x11_surface_get_xid") else { return nil }
        self.motion = unsafeBitCast(motion, to: FakeMotion.self)
        self.button = unsafeBitCast(button, to: FakeButton.self)
        self.key = unsafeBitCast(key, to: FakeKey.self)
        self.keycode = unsafeBitCast(keycode, to: KeysymToKeycode.self)
        self.flush = unsafeBitCast(flush, to: Flush.self)
        self.root = unsafeBitCast(root, to: DefaultRoot.self)
        self.translate = unsafeBitCast(translate, to: Translate.self)
        surfaceXID = unsafeBitCast(xid, to: XIDOf.self)
        display = unsafeBitCast(xdisplay, to: XDisplayOf.self)(gcast(gdk_display_get_default()!))
    }

    /// Clicks the primary button `count` times at (`x`, `y`) in `widget`'s coordinates (2 is
    /// a double-click), holding Control when `control` is set and Shift when `shift` is.
    func click(_ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double,
               control: Bool = false, shift: Bool = false, count: Int = 1) throws {
        try move(to: widget, x: x, y: y)
        holding(control: control, shift: shift) {
            for press in 0..<count {
                _ = button(display, 1, 1, press == 0 ? 0 : 40)
                _ = button(display, 1, 0, 10)
            }
        }
    }

    /// Drags with the primary button from (`x`, `y`) to (`toX`, `toY`) in `widget`'s
    /// coordinates, in `steps` motions, holding Control when `control` is set.
    func drag(_ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double, toX: Double, toY: Double,
              steps: Int = 10, control: Bool = false) throws {
        try move(to: widget, x: x, y: y)
        try holding(control: control, shift: false) {
            _ = button(display, 1, 1, 0)
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                try move(to: widget, x: x + (toX - x) * t, y: y + (toY - y) * t)
            }
            _ = button(display, 1, 0, 10)
        }
    }

    /// Runs `body` with Control and Shift held as asked, then flushes.
    private func holding(control: Bool, shift: Bool, _ body: () throws -> Void) rethrows {
        let controlKey = UInt32(keycode(display, UInt(GDK_KEY_Control_L)))
        let shiftKey = UInt32(keycode(display, UInt(GDK_KEY_Shift_L)))
        if control { _ = key(display, controlKey, 1, 0) }
        if shift { _ = key(display, shiftKey, 1, 0) }
        defer {
            if shift { _ = key(display, shiftKey, 0, 0) }
            if control { _ = key(display, controlKey, 0, 0) }
            _ = flush(display)
        }
        try body()
    }

    /// Turns the mouse wheel one notch (X buttons 4 up, 5 down) over (`x`, `y`) in `widget`.
    func wheel(_ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double, down: Bool) throws {
        try move(to: widget, x: x, y: y)
        _ = button(display, down ? 5 : 4, 1, 0)
        _ = button(display, down ? 5 : 4, 0, 0)
        _ = flush(display)
    }

    /// Drags with the primary button from (`x`, `y`) to (`x`, `toY`) in `widget`'s coordinates,
    /// in `steps` motions.
    func drag(_ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double, toY: Double, steps: Int = 10) throws {
        try move(to: widget, x: x, y: y)
        _ = button(display, 1, 1, 0)
        for step in 1...steps {
            try move(to: widget, x: x, y: y + (toY - y) * Double(step) / Double(steps))
        }
        _ = button(display, 1, 0, 10)
        _ = flush(display)
    }

    /// Presses and releases the key with X keysym `keysym` (GDK's `GDK_KEY_*` values are X
    /// keysyms), holding Control when `control` is set and Shift when `shift` is. The window
    /// under the pointer gets it.
    func press(_ keysym: Int32, control: Bool = false, shift: Bool = false) {
        let code = UInt32(keycode(display, UInt(keysym)))
        holding(control: control, shift: shift) {
            _ = key(display, code, 1, 0)
            _ = key(display, code, 0, 0)
        }
    }

    /// Presses the primary button at (`x`, `y`) in `widget`'s coordinates and keeps it down.
    func pressButton(_ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double) throws {
        try move(to: widget, x: x, y: y)
        _ = button(display, 1, 1, 0)
        _ = flush(display)
    }

    /// Releases the primary button where the pointer is.
    func releaseButton() {
        _ = button(display, 1, 0, 0)
        _ = flush(display)
    }

    /// Moves the pointer to (`x`, `y`) in `widget`'s coordinates.
    func move(to widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double) throws {
        let native = try #require(gtk_widget_get_native(widget))
        var nativeX = 0.0, nativeY = 0.0, shadowX = 0.0, shadowY = 0.0
        let translated = wf_test_translate_point(widget, gcast(native), x, y, &nativeX, &nativeY)
        try #require(translated != 0)
        gtk_native_get_surface_transform(native, &shadowX, &shadowY)
        let xid = surfaceXID(gcast(gtk_native_get_surface(native)!))
        var rootX: Int32 = 0, rootY: Int32 = 0
        var child: UInt = 0
        _ = translate(display, xid, root(display), Int32(nativeX + shadowX), Int32(nativeY + shadowY),
                      &rootX, &rootY, &child)
        _ = motion(display, -1, rootX, rootY, 0)
        _ = flush(display)
    }
}
