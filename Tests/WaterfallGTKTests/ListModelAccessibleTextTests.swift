import CWaterfallGtk
import CWaterfallGtk4
import CWaterfallTestShims
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    @Test("list model: a WaterfallItem's accessible-label and accessible-description become its cell's name and description; cleared, the cell's own come back")
    func listModelItemAccessibleTexts() async throws {
        let wall = StringWall(count: 40)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let index = try #require(view.model.visibleIndices.sorted().dropFirst(2).first)
        let cell = try #require(view.model.cell(at: index))
        let ownDescription = WaterfallStrings.current.itemPosition(index + 1, of: 40)
        #expect(wf_accessible_description_is(cell.widget, ownDescription) != 0, "the view's position text before")

        waterfall_item_set_accessible_label(cell.item, "Photo of a cat")
        waterfall_item_set_accessible_description(cell.item, "taken in May")
        #expect(wf_accessible_label_is(cell.widget, "Photo of a cat") != 0)
        #expect(wf_accessible_description_is(cell.widget, "taken in May") != 0)

        waterfall_item_set_accessible_description(cell.item, nil)
        #expect(wf_accessible_description_is(cell.widget, ownDescription) != 0, "the position text is back")
        waterfall_item_set_accessible_label(cell.item, nil)
        #expect(wf_accessible_has_label(cell.widget) == 0, "the label is gone")
    }
}
