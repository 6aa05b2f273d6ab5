extension ShopWindow: WallWindow {
    /// Cells the generated shop created.
    var cellsCreated: Int { wall.cellsCreated }

    /// Calls `body` now: the generated shop has its items from the start.
    func whenAllItemsLoaded(_ body: @escaping @MainActor () -> Void) {
        body()
    }

    /// Nothing to sample: pictures are drawn, not loaded.
    func sampleFrame() {}

    /// The generated shop loads no pages and no images: its feed figures are all 0.
    func feedFigures() async -> [(String, JSONLine.Value)] {
        Self.generatedFeedFigures
    }

    /// The feed figures of the generated shop, wherever it is shown (the wall, `--grid-view`).
    static let generatedFeedFigures: [(String, JSONLine.Value)] = [
        ("feed", .string(Options.Source.generated.kind)), ("pages_loaded", .int(0)), ("feed_errors", .int(0)),
        ("images_loaded", .int(0)), ("images_failed", .int(0)), ("image_cache_mb", .double(0)),
        ("items_estimated", .int(0)), ("items_resized", .int(0)),
    ]
}
