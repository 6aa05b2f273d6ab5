import CWaterfallGtk4
import Foundation
import Testing
@testable import WaterfallGTK

extension WallTests {
    @Test("the view's frame driver steps every client from one tick callback, which goes away when idle and while unmapped")
    func frameDriverSharesOneCallback() async throws {
        let wall = TestWall(initial: 400)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let frames = view.frames
        #expect(!frames.isTicking, "no client, no callback")

        // Two clients in one frame see the same frame time; one stops the other mid-frame.
        let first = FrameClient(name: "first"), second = FrameClient(name: "second")
        var firstTimes: [Double] = [], secondTimes: [Double] = []
        frames.run(first) { time in
            firstTimes.append(time)
            if firstTimes.count == 2 { frames.stop(second) }
            return true
        }
        frames.run(second) { time in
            secondTimes.append(time)
            return true
        }
        #expect(frames.isTicking)
        try #require(await GTKHost.pump(until: { firstTimes.count >= 3 }), "the steps never ran")
        #expect(secondTimes.count == 1, "stopped by an earlier step of its second frame, not stepped in it")
        #expect(secondTimes.first == firstTimes.first)
        #expect(firstTimes == firstTimes.sorted() && Set(firstTimes).count == firstTimes.count,
                "one step per client per frame")

        // Unmapped: no callback, the client waits; mapped again: it resumes.
        gtk_widget_set_visible(view.widget, 0)
        #expect(!frames.isTicking && frames.isRunning(first))
        let stepsWhileHidden = firstTimes.count
        await GTKHost.pump(frames: 3, of: window)
        #expect(firstTimes.count == stepsWhileHidden)
        gtk_widget_set_visible(view.widget, 1)
        #expect(frames.isTicking)
        #expect(await GTKHost.pump(until: { firstTimes.count > stepsWhileHidden }))

        // Restarting a client replaces its step; the last step to end removes the callback.
        var replacementSteps = 0
        frames.run(first) { _ in
            replacementSteps += 1
            return false
        }
        let stepsBeforeReplacement = firstTimes.count
        #expect(await GTKHost.pump(until: { !frames.isTicking }))
        #expect(replacementSteps == 1 && firstTimes.count == stepsBeforeReplacement)
        #expect(!frames.isRunning(first))

    }
}
