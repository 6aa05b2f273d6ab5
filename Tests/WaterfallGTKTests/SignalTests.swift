import CWaterfallGtk4
import Foundation
import Testing
@testable import WaterfallGTK

extension WallTests {
    private final class Probe {}

    @Test("a signal handler's closure is released on disconnect and when its object dies")
    func signalClosuresAreReleased() throws {
        try GTKHost.start()
        let adjustment = GObjectRef(sinking: gtk_adjustment_new(0, 0, 100, 1, 10, 10)!)
        var probe: Probe? = Probe()
        #if compiler(>=6.2)
        weak let watched = probe
        #else
        weak var watched = probe   // weak let is Swift 6.2's
        #endif
        var calls = 0
        let id = Signal.connect(adjustment.pointer, "value-changed") { [probe] in
            _ = probe
            calls += 1
        }
        probe = nil
        gtk_adjustment_set_value(adjustment.pointer, 5)
        #expect(calls == 1)
        #expect(watched != nil, "the connection keeps its closure alive")
        Signal.disconnect(adjustment.pointer, id)
        #expect(watched == nil, "disconnecting releases the closure")

        var second: Probe? = Probe()
        #if compiler(>=6.2)
        weak let watchedSecond = second
        #else
        weak var watchedSecond = second   // weak let is Swift 6.2's
        #endif
        do {
            let owner = GObjectRef(sinking: gtk_adjustment_new(0, 0, 100, 1, 10, 10)!)
            Signal.connect(owner.pointer, "value-changed") { [second] in _ = second }
            second = nil
            #expect(watchedSecond != nil)
        }
        #expect(watchedSecond == nil, "finalizing the object releases the closure")
    }

    @Test("a tick callback's closure is released when it returns false")
    func tickClosuresAreReleased() async throws {
        let wall = TestWall(initial: 10)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        var probe: Probe? = Probe()
        #if compiler(>=6.2)
        weak let watched = probe
        #else
        weak var watched = probe   // weak let is Swift 6.2's
        #endif
        var ticks = 0
        TickCallback.add(to: view.widget) { [probe] _ in
            _ = probe
            ticks += 1
            return ticks < 3
        }
        probe = nil
        #expect(await GTKHost.pump(until: { ticks == 3 }))
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(watched == nil)
    }
}
