import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("switching carousel → circle animates every item at the frame clock and ends exactly on the circle")
    func layoutSwitchEndsOnTheTargetFrames() async throws {
        let wall = PhotoWall(count: 12)
        let (view, window) = try await showPhotos(wall, layout: CarouselLayout())
        defer { GTKHost.close(window) }
        let cell = try #require(view.model.cell(at: 1))
        let before = try #require(view.presentedAttributes(of: cell))

        // The test's clock, stepped by hand: the checks below cannot miss the animation.
        var time = view.now()
        view.animation.clock = { time }
        view.setLayout(CircleLayout())
        #expect(view.isAnimatingTransition)
        #expect(scrollRange(of: view.horizontalAdjustment) == 0)
        let target = try #require(view.model.placedAttributes(at: 1))
        // Half-way through, the item is between where it was and where it goes.
        time += view.transitionDuration / 2
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(view.isAnimatingTransition)
        let middle = try #require(view.presentedAttributes(of: cell))
        let lower = min(before.frame.midX, target.frame.midX), upper = max(before.frame.midX, target.frame.midX)
        #expect(upper - lower > 10, "the item moves")
        #expect(middle.frame.midX > lower + 1 && middle.frame.midX < upper - 1)
        time += 2 * view.transitionDuration   // well past the end, whatever the rounding
        try await finishAnimations(view)
        #expect(view.model.liveIndices == Array(0..<12))
        #expect(view.animation.ghosts.isEmpty)
        try expectCellsWhereTheLayoutSays(view)
    }

    @Test("a switch interrupted by another lands cleanly on the second layout; ghosts of cells that left go away")
    func interruptedSwitchLandsCleanly() async throws {
        let wall = PhotoWall(count: 20)
        let (view, window) = try await showPhotos(wall, layout: CircleLayout())
        defer { GTKHost.close(window) }
        #expect(view.model.liveCellCount == 20)
        var time = view.now()
        view.animation.clock = { time }
        view.setLayout(CarouselLayout())
        // Circle → carousel: the items that do not fit the carousel's window leave as ghosts.
        #expect(!view.animation.ghosts.isEmpty)
        time += 0.4 * view.transitionDuration
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(view.isAnimatingTransition, "interrupted while running")
        view.setLayout(CircleLayout())
        time += 0.2 * view.transitionDuration
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(view.isAnimatingTransition, "interrupted while running")
        view.setLayout(CarouselLayout())
        time += 2 * view.transitionDuration   // well past the end, whatever the rounding
        try await finishAnimations(view)
        #expect(view.animation.ghosts.isEmpty)
        #expect(view.model.layout is CarouselLayout)
        #expect(view.contentOffset == 0)
        try expectCellsWhereTheLayoutSays(view)
        // Only the live cells are visible children (besides the announcer's status node, which
        // is never drawn).
        var visible = 0
        var child = gtk_widget_get_first_child(view.widget)
        while let current = child {
            if gtk_widget_get_visible(current) != 0 && current != view.chrome.announcer.widget { visible += 1 }
            child = gtk_widget_get_next_sibling(current)
        }
        #expect(visible == view.model.liveCellCount)
    }

    @Test("a real click on a carousel item deletes that item with a fade; the others end where the layout says")
    func clickDeletesTheRightItem() async throws {
        let wall = PhotoWall(count: 20)
        let (view, window) = try await showPhotos(wall, layout: CarouselLayout())
        defer { GTKHost.close(window) }
        view.scroll(to: 2 * 140)
        try await finishAnimations(view)
        let frame = try #require(view.model.placedAttributes(at: 3)).frame   // right of the centre, scaled
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        // The deletion animates on the test's clock, which stands still until the checks are done.
        var time = view.now()
        view.animation.clock = { time }
        try input.click(view.widget, x: Double(frame.midX), y: Double(frame.midY))
        try #require(await GTKHost.pump(until: { wall.ids.count == 19 }), "the click never arrived")
        #expect(wall.ids == [0, 1, 2] + Array(4..<20))
        #expect(view.model.numberOfItems == 19)
        #expect(view.isAnimatingTransition)
        // The deleted photo fades out as a ghost where it was.
        let ghost = try #require(view.animation.ghosts.first)
        #expect(ghost.origin.index == 3 && ghost.target.alpha == 0)
        #expect(ghost.target.frame == ghost.origin.frame)
        time += 2 * view.transitionDuration   // well past the end, whatever the rounding
        try await finishAnimations(view)
        #expect(view.animation.ghosts.isEmpty)
        #expect(view.model.selectedIndex == nil)
        try expectCellsWhereTheLayoutSays(view)
        // The item now at index 3 is photo 4.
        let image = pixels(of: try WidgetSnapshot.texture(of: view.widget))
        let moved = try #require(view.model.placedAttributes(at: 3)).frame
        #expect(close(rgb(image, Int(moved.midX), Int(moved.midY)), expectedRGB(of: 4)))
    }

    @Test("a real click on the background reports it (seed 003 switches carousel ↔ circle there)")
    func backgroundClickSwitchesLayouts() async throws {
        let wall = PhotoWall(count: 8)
        let (view, window) = try await showPhotos(wall, layout: CarouselLayout())
        defer { GTKHost.close(window) }
        var clicks: [Point] = []
        view.onBackgroundClick = { [view] point in
            clicks.append(point)
            view.setLayout(view.model.layout is CarouselLayout ? CircleLayout() : CarouselLayout())
        }
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        try input.click(view.widget, x: 20, y: 20)
        try #require(await GTKHost.pump(until: { clicks.count == 1 }), "the click never arrived")
        #expect(clicks == [Point(x: 20, y: 20)])
        #expect(view.model.layout is CircleLayout)
        #expect(wall.ids.count == 8)
        try await finishAnimations(view)
        try expectCellsWhereTheLayoutSays(view)

        try input.click(view.widget, x: 20, y: 20)
        try #require(await GTKHost.pump(until: { clicks.count == 2 }), "the second click never arrived")
        #expect(view.model.layout is CarouselLayout)
        try await finishAnimations(view)
        try expectCellsWhereTheLayoutSays(view)
    }

    @Test("with GTK's animations off (reduced motion), a layout switch, a deletion and the carousel's centring jump to their end")
    func reducedMotionJumps() async throws {
        let wall = PhotoWall(count: 20)
        let (view, window) = try await showPhotos(wall, layout: CircleLayout())
        Application.animationsEnabled = false
        defer {
            Application.animationsEnabled = true
            GTKHost.close(window)
        }
        #expect(!view.animationsEnabled)
        view.setLayout(CarouselLayout())
        #expect(!view.isAnimatingTransition && view.animation.ghosts.isEmpty, "the switch did not animate")
        await GTKHost.pump(frames: 1, of: view.widget)
        try expectCellsWhereTheLayoutSays(view)

        wall.waterfallView(view.model, didSelectAt: 0)
        #expect(!view.isAnimatingTransition && view.animation.ghosts.isEmpty, "the deletion did not animate")
        #expect(view.lastAnnouncement == "1 item removed, 19 items")
        await GTKHost.pump(frames: 1, of: view.widget)
        try expectCellsWhereTheLayoutSays(view)

        view.focus(5)
        #expect(view.snapping.settle == nil, "centring item 5 did not animate")
        let frame = view.model.layout.frame(at: 5)
        #expect(abs(view.contentOffset + view.model.viewportSize.width / 2 - frame.midX) < 1, "item 5 is centred")
    }
}
