import CWaterfallGtk4
import WaterfallCore

extension FrameClient {
    /// A snapping layout's settle (`SnappingState.settle`).
    static let settle = FrameClient(name: "settle")
}

extension WaterfallView {
    /// How long scrolling must pause (no adjustment motion, kinetic scrolling included) before a snapping
    /// layout settles, in milliseconds.
    static var settleDelayMilliseconds: UInt32 { 150 }

    /// A pointer button went down (`held`) or up anywhere in the view, or in the scrolled window
    /// it is the child of, scrollbars included (the C type's one listener, in the capture phase,
    /// reports them): a snapping layout does not settle under a drag, and settles at the release.
    func pointerButton(held: Bool) {
        snapping.isPointerHeld = held
        if !held && model.layout.scrollAxis == .horizontal { scheduleSettle() }
    }

    /// Settles once scrolling has paused for ``settleDelayMilliseconds`` (restarting the wait).
    func scheduleSettle() {
        if let timer = snapping.timer { MainLoopSource.remove(timer) }
        snapping.timer = MainLoopSource.timeout(milliseconds: Self.settleDelayMilliseconds) { [weak self] in
            guard let self else { return }
            self.snapping.timer = nil
            guard !self.snapping.isPointerHeld, self.snapping.settle == nil else { return }
            self.settleToRest()
        }
    }

    /// Scrolling that stopped here (the scrolled window's kinetic scrolling included) comes to
    /// rest where the layout says (`CollectionLayout.targetContentOffset(forProposed:velocity:)`),
    /// animated. Layouts that do not scroll sideways do not snap.
    func settleToRest() {
        guard model.layout.scrollAxis == .horizontal else { return }
        settle(to: model.targetContentOffset(forProposed: model.contentOffset, velocity: .zero))
    }

    /// Centres item `index` (of a snapping layout), animated; nothing for an index outside the
    /// items. The item is laid out first if it waits for placement.
    func settle(centering index: Int) {
        guard let frame = model.contentAttributes(ofItemAt: index)?.frame else { return }
        let proposed = Point(x: frame.midX - model.viewportSize.width / 2, y: 0)
        settle(to: model.targetContentOffset(forProposed: proposed, velocity: .zero))
    }

    /// Animates the scroll position to `target` on the frame clock (moves it there at once when
    /// animations are off).
    func settle(to target: Point) {
        stopSettle()
        let current = model.contentOffset
        guard target != current else { return }
        guard animationsEnabled else {
            setSettlingOffset(target)
            return
        }
        snapping.settle = .paced(from: current, to: target, start: now())
        frames.run(.settle) { [weak self] time in self?.settleStep(at: time) ?? false }
    }

    /// Moves the settle one frame; returns whether it continues.
    private func settleStep(at time: Double) -> Bool {
        guard let running = snapping.settle else { return false }
        setSettlingOffset(running.offset(at: time))
        guard !running.isFinished(at: time) else {
            snapping.settle = nil
            return false
        }
        return true
    }

    /// Moves the scroll position to `offset` as a settle does (without scheduling another).
    private func setSettlingOffset(_ offset: Point) {
        snapping.isSettling = true
        setScrollAdjustmentOffset(Double(model.layout.scrollAxis == .horizontal ? offset.x : offset.y))
        snapping.isSettling = false
    }

    /// Stops a running settle and a pending one.
    func stopSettle() {
        frames.stop(.settle)
        snapping.settle = nil
        if let timer = snapping.timer { MainLoopSource.remove(timer) }
        snapping.timer = nil
    }
}
