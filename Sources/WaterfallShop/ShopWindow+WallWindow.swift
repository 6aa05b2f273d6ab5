extension ShopWindow: WallWindow {
    /// Cells the generated shop created.
    var cellsCreated: Int { wall.cellsCreated }

    /// Calls `body` now: the generated shop has its items from the start.
    func whenAllItemsLoaded(_ body: @escaping @MainActor () -> Void) {
        body()
    }
}
