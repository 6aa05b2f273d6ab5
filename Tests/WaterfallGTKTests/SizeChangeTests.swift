import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("50 size corrections in one frame: one relayout at the next frame, animated, the reader's place kept")
    func sizeCorrectionsApplyOncePerFrame() async throws {
        let wall = TestWall(initial: 400)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        view.transitionDuration = 3600   // the slide cannot end before the checks, however slow the machine
        view.scroll(to: 3000)
        await GTKHost.pump(frames: 1, of: view.widget)
        let before = try firstVisible(view)
        // 50 items above the viewport and on screen get a new height.
        let changed = Array(stride(from: 0, to: before.index + 20, by: max(1, (before.index + 20) / 50)).prefix(50))
        for index in changed {
            wall.correctedHeights[wall.ids[index]] = 60 + Double(index % 5) * 40
        }
        view.model.invalidateSizes(at: changed)
        #expect(view.model.hasPendingSizeChanges, "nothing is applied before the frame")
        #expect(view.model.sizeChangeStatistics.relayouts == 0)
        try #require(await GTKHost.pump(until: { !view.model.hasPendingSizeChanges }), "the frame never applied them")
        #expect(view.model.sizeChangeStatistics.relayouts == 1)
        #expect(view.model.sizeChangeStatistics.itemsResized == changed.count)
        #expect(view.isAnimatingTransition, "visible items slide to their new frames")
        let after = try #require(view.model.placedAttributes(at: before.index))
        #expect(abs(after.frame.minY - before.y) < 1e-6, "item \(before.index) moved from \(before.y) to \(after.frame.minY)")
        for index in changed {
            let frame = view.model.layout.frame(at: index)
            #expect(abs(frame.height / frame.width - (60 + Double(index % 5) * 40) / 100) < 1e-9, "item \(index)")
        }
    }
}
