/// Hit testing, clicks, keys and actions: the one place where they become focus, selection
/// (through ``WaterfallViewModel/selection``) and activation.
extension WaterfallViewModel {
    /// The item ``SingleSelection`` holds: the selection of a view model that keeps its own
    /// (`nil` while another store keeps it). Setting it selects from code; the delegate is not
    /// told, as with `UICollectionView.selectItem(at:)`.
    public var selectedIndex: Int? {
        get { (selection as? SingleSelection)?.index }
        set { (selection as? SingleSelection)?.index = newValue }
    }

    /// The item drawn under a point given relative to the viewport (as clicks arrive), or `nil`
    /// for a gap or margin: the topmost live item whose frame, scaled around its centre as
    /// drawn, contains the point; ties go to the lower index. The pinned section header is on
    /// top, so a point on it hits the header, not the item scrolled beneath it. While the host
    /// animates, its ``WaterfallHosting/presentedAttributes`` say where the items are drawn.
    /// - Complexity: O(k) for k live items.
    public func index(at viewportPoint: Point) -> Int? {
        var hit: LayoutAttributes?
        func consider(_ attributes: LayoutAttributes) {
            let frame = attributes.frame
            let drawn = frame.insetBy(dx: frame.width * (1 - attributes.scale) / 2,
                                      dy: frame.height * (1 - attributes.scale) / 2)
            guard drawn.contains(viewportPoint) else { return }
            if let best = hit, best.zIndex > attributes.zIndex
                || (best.zIndex == attributes.zIndex && best.index < attributes.index) { return }
            hit = attributes
        }
        if let presented = host?.presentedAttributes {
            for attributes in presented { consider(attributes) }
        } else {
            let pinned = pinnedHeader
            for entry in live.entries { consider(placedAttributes(of: entry, pinned: pinned)) }
        }
        return hit?.index
    }

    /// A primary click at a point relative to the viewport, `count` presses as the toolkit
    /// counted them, at the event's `time` (milliseconds): the item under it takes the focus;
    /// a double-click — a count of 2, or a second click on the same item within the host's
    /// ``WaterfallHosting/doubleClickTime`` (some input stacks report 1 for both presses) — or
    /// a plain click with ``WaterfallHosting/activatesOnSingleClick`` activates it; any other
    /// click selects it (Ctrl toggles, Shift extends: see ``select(_:modify:extend:)``). A click
    /// on an item that takes no focus (``canFocus(_:)``: a section header) does none of this.
    /// - Returns: the item clicked, or `nil` when the click hit no item.
    /// - Complexity: O(k) for k live items.
    @discardableResult
    public func click(at viewportPoint: Point, count: Int = 1, modifiers: SelectionModifiers = [],
                      time: UInt32 = 0) -> Int? {
        guard let index = index(at: viewportPoint) else { return nil }
        guard canFocus(index) else { return index }
        focusedIndex = index
        let previous = lastClick
        lastClick = (index, time)
        let doubleClickTime = host?.doubleClickTime ?? 400
        let repeated = previous.map { $0.index == index && time &- $0.time <= doubleClickTime } ?? false
        if modifiers.isEmpty, count == 2 || repeated {
            lastClick = nil
            activate(index)
        } else if modifiers.isEmpty, host?.activatesOnSingleClick == true {
            activate(index)
        } else {
            select(index, modify: modifiers.contains(.toggle), extend: modifiers.contains(.extend))
        }
        return index
    }

    /// Space selects the focused item at `index` as a plain click does; Enter (`activate`)
    /// activates it, selecting it first when the store asks for that
    /// (``WaterfallSelection/activationSelects``).
    public func keyPressed(on index: Int, activate: Bool) {
        if !activate || selection.activationSelects { select(index, modify: false, extend: false) }
        if activate { self.activate(index) }
    }

    /// Selects the item at `index` as a click does (see ``WaterfallSelection/select(_:modify:extend:)``)
    /// and tells the delegate (``WaterfallDelegate/waterfallView(_:didSelectAt:)``) when it is
    /// selected afterwards.
    public func select(_ index: Int, modify: Bool, extend: Bool) {
        selection.select(index, modify: modify, extend: extend)
        if selection.isSelected(index) { delegate?.waterfallView(self, didSelectAt: index) }
    }

    /// Whether the item at `index` is selected.
    public func isSelected(_ index: Int) -> Bool { selection.isSelected(index) }

    /// Activates the item at `index` (a double-click, Enter, an action): the delegate
    /// (``WaterfallDelegate/waterfallView(_:didActivateAt:)``), then the host
    /// (``WaterfallHosting/didActivateItem(at:)``).
    public func activate(_ index: Int) {
        delegate?.waterfallView(self, didActivateAt: index)
        host?.didActivateItem(at: index)
    }
}
