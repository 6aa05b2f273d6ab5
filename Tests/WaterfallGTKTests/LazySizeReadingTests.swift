import CWaterfallGtk
import CWaterfallGtk4
import CWaterfallHarness
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("list model: a 1,000,000-item splice asks the size function for a few thousand items at most before the first frame; idle slices read the rest")
    func listModelSpliceReadsSizesLazily() async throws {
        let wall = StringWall(count: 400)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let one = gtk_string_object_new("1")!
        var many = [gpointer?](repeating: one.gpointer, count: 1_000_000)
        wall.sizesAsked = 0
        g_list_store_splice(gcast(wall.store), 200, 0, &many, 1_000_000)
        g_object_unref(one.gpointer)
        // items-changed is handled at once and leaves the rest to idle slices, which the next
        // frame need not wait for.
        #expect(view.model.numberOfItems == 1_000_400)
        #expect(wall.sizesAsked <= 3_000, "\(wall.sizesAsked) sizes asked by the splice")
        #expect(view.model.isLayoutPending)
        await GTKHost.pump(frames: 1, of: view.widget)
        expectCellsShowTheirItems(view, wall)
        #expect(await GTKHost.pump(until: { !view.model.isLayoutPending }, timeout: .seconds(300)),
                "the idle slices did not finish")
        #expect(wall.sizesAsked == 1_000_000, "\(wall.sizesAsked) sizes asked in all: each new one once")
        expectCellsShowTheirItems(view, wall)
    }
}
