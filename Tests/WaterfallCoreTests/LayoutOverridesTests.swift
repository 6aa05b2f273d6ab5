import Foundation
import Testing
import WaterfallCore

@Suite("Layout overrides")
@MainActor
struct LayoutOverridesTests {
    @Test func theHostsOverridesReplaceTheDataSourcesColumnsAndSpacingUntilCleared() throws {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 30), columns: 3)
        let model = fixture.model
        // 400 wide, margins 8: three columns of (400 - 16 - 16) / 3.
        #expect(abs(model.cellWidth - (400 - 32) / 3) < 1e-9)

        fixture.host.layoutOverrides.columns = .fixed(2)
        model.invalidateLayout()
        #expect(abs(model.cellWidth - (400 - 24) / 2) < 1e-9, "two columns, the delegate's spacing")
        fixture.host.layoutOverrides.columnSpacing = 20
        model.invalidateLayout()
        #expect(abs(model.cellWidth - (400 - 16 - 20) / 2) < 1e-9)
        fixture.host.layoutOverrides.rowSpacing = 30
        model.invalidateLayout()
        let first = try #require(model.placedAttributes(at: 0)).frame
        let third = try #require(model.placedAttributes(at: 2)).frame
        #expect(abs(third.minY - first.maxY - 30) < 1e-9, "the row spacing is the override's")

        fixture.host.layoutOverrides.columns = .adaptive(minimumWidth: 150)
        model.invalidateLayout()
        #expect(abs(model.cellWidth - (400 - 16 - 20) / 2) < 1e-9, "150 px fits twice in 384")
        fixture.host.layoutOverrides = LayoutOverrides()
        model.invalidateLayout()
        #expect(abs(model.cellWidth - (400 - 32) / 3) < 1e-9, "back to the data source and delegate")
    }

    @Test func reorderingCanBeTurnedOffWhateverTheDataSourceSays() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 10))
        fixture.source.allowsMoving = true
        #expect(fixture.model.canMoveItem(at: 3))
        fixture.host.layoutOverrides.allowsReordering = false
        #expect(!fixture.model.canMoveItem(at: 3))
    }
}
