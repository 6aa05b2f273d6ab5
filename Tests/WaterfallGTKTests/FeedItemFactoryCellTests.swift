import CWaterfallGtk
import CWaterfallGtk4
import Testing
@testable import WaterfallGTK

/// `WaterfallFeedItemFactory`'s cells beside `FeedWall`'s (the wall, its scrolling and its
/// captions in a real window are tested from Python: test_feed_model.py).
extension WallTests {
    @Test("a FeedItemFactory cell with wrap-captions measures as FeedWall's wrapped image cell does, and its image's placeholder is the item's colour")
    func feedItemFactoryWrappedCellMeasuresAsFeedWall() throws {
        try GTKHost.start()
        let caption = "A caption long enough to wrap over a few lines in a narrow column of the wall"
        var colour = GdkRGBA(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        // 300 × 200: the aspect ratio 1.5. The image is never there: the picture's shape is the item's.
        let feedItem = try #require(wf_feed_item_new(0, "1", "Lamp", caption, "file:///nonexistent/lamp.png",
                                                     300, 200, 1.5, nil, nil, &colour))
        defer { g_object_unref(feedItem.gpointer) }
        let factory = try #require(waterfall_feed_item_factory_new())
        defer { g_object_unref(factory.gpointer) }
        waterfall_feed_item_factory_set_wrap_captions(gcast(factory), 1)
        let item = try #require(waterfall_item_new())
        defer { g_object_unref(item.gpointer) }
        waterfall_item_update(item, gcast(feedItem), 0, 0)
        waterfall_item_factory_setup(factory, gcast(item))
        defer { waterfall_item_factory_teardown(factory, gcast(item)) }
        waterfall_item_factory_bind(factory, gcast(item))
        defer { waterfall_item_factory_unbind(factory, gcast(item)) }
        let cell = try #require(waterfall_item_get_child(item))

        let shop = WaterfallImageCell(captionStyle: .wrappedBelow)
        shop.imageAspectRatio = 200.0 / 300
        shop.setCaption(caption)
        for width in [120.0, 200, 333] {
            let height = WaterfallCell.naturalHeight(of: cell, forWidth: width)
            #expect(height == shop.measuredHeight(forWidth: width), "at \(width) points wide")
            #expect(height > (width / 1.5).rounded() + 20, "the picture and the wrapped caption")
        }

        // The overlay's child is a box of the picture's frame and the wrapped caption.
        let column = try #require(gtk_widget_get_first_child(cell))
        let frame = try #require(gtk_widget_get_first_child(column))
        let picture = try #require(gtk_widget_get_first_child(frame))
        let image = try #require(gtk_picture_get_paintable(gcast(picture)))
        let placeholder = try #require(waterfall_image_get_placeholder_color(gcast(image)))
        #expect(gdk_rgba_equal(placeholder, &colour) != 0)
    }
}
