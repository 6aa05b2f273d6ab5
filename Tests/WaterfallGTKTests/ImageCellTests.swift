import CWaterfallTestShims
import CWaterfallGtk4
import Foundation
import Synchronization
import Testing
@testable import WaterfallGTK

extension WallTests {
    @Test("an image cell shows its image when the load finishes, but not after being reused")
    func imageLoadCancelledOnReuse() async throws {
        try GTKHost.start()
        let texture = TestWall.texture(color: 0x123456)
        let cell = WaterfallImageCell()
        #expect(!cell.hasImage)

        cell.loadImage {
            try? await Task.sleep(for: .milliseconds(20))
            return texture
        }
        #expect(await GTKHost.pump(until: { cell.hasImage }))

        let cancelled = CancellationRecord()
        cell.loadImage {
            // Sleeps until cancelled, so the reuse below comes first however slow the machine.
            try? await Task.sleep(for: .seconds(3600))
            cancelled.record(Task.isCancelled)
            return texture
        }
        #expect(!cell.hasImage, "the placeholder shows while loading")
        let load = try #require(cell.imageTask)
        cell.prepareForReuse()
        #expect(await GTKHost.pump(until: { cancelled.value != nil }))
        #expect(cancelled.value == true, "reuse cancels the load's task")
        // Once the cancelled load has ended (its texture returned to the cell's task), the cell
        // still shows no image.
        let ended = CancellationRecord()
        Task { await load.value; ended.record(true) }
        #expect(await GTKHost.pump(until: { ended.value != nil }))
        #expect(!cell.hasImage, "a cancelled load never lands in a reused cell")
    }

    @Test("a feed's colour or BlurHash fills the placeholder until the image shows, and reuse clears it")
    func placeholderFromFeedHints() throws {
        try GTKHost.start()
        let blurred = try #require(Texture.placeholder(blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", colorHex: "#0c2340", aspectRatio: 4 / 3))
        #expect(blurred.width == 32 && blurred.height == 24, "the BlurHash wins, shaped like the image")
        let colour = try #require(Texture.placeholder(blurHash: "not a hash", colorHex: "#0c2340", aspectRatio: 1))
        #expect(ImageFixtures.rgba(of: colour) == [0x0C, 0x23, 0x40, 0xFF])
        #expect(Texture.placeholder(blurHash: nil, colorHex: "blue", aspectRatio: 1) == nil)
        let cell = WaterfallImageCell()
        cell.setPlaceholder(colour)
        #expect(cell.hasPlaceholderImage && !cell.hasImage)
        cell.prepareForReuse()
        #expect(!cell.hasPlaceholderImage)
    }

    @Test("a cell's accessible label is set and its role is a list item")
    func cellAccessibility() throws {
        try GTKHost.start()
        let cell = WaterfallImageCell()
        #expect(wf_accessible_label_is(cell.widget, "Walnut Desk Lamp, $12.00") == 0)
        cell.setAccessibleLabel("Walnut Desk Lamp, $12.00")
        #expect(wf_accessible_label_is(cell.widget, "Walnut Desk Lamp, $12.00") != 0)
        #expect(wf_accessible_label_is(cell.widget, "Walnut Desk Lamp") == 0)
        #expect(gtk_accessible_get_accessible_role(gcast(cell.widget)) == GTK_ACCESSIBLE_ROLE_LIST_ITEM)
    }
}

/// What a load saw of its own cancellation, written off the main actor.
private final class CancellationRecord: Sendable {
    private let seen = Mutex<Bool?>(nil)

    var value: Bool? { seen.withLock { $0 } }

    func record(_ cancelled: Bool) {
        seen.withLock { $0 = cancelled }
    }
}
