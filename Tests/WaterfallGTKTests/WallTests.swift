import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

/// The GTK front end under a real (virtual) display. One serialized suite, because every test
/// drives the one GLib main context from the main actor (see ``GTKHost``).
@Suite("WaterfallView under GTK", .serialized)
@MainActor
struct WallTests {
    /// A wall of `wall`'s items in a window of `width` × `height`, laid out and painted.
    func show(_ wall: TestWall, width: Int = 800, height: Int = 600) async throws
        -> (view: WaterfallView<WaterfallImageCell>, window: UnsafeMutablePointer<GtkWidget>) {
        try GTKHost.start()
        let view = WaterfallView(dataSource: wall, delegate: wall)
        let window = try await GTKHost.window(showing: view.scrolledWindow, width: width, height: height)
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }), "no cells became live")
        return (view, window)
    }

    /// The first visible item's index and its top edge on screen.
    func firstVisible(_ view: WaterfallView<WaterfallImageCell>) throws -> (index: Int, y: Double) {
        let index = try #require(view.model.visibleIndices.first)
        let attributes = try #require(view.model.placedAttributes(at: index))
        return (index, attributes.frame.minY)
    }
}
