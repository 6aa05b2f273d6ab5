import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

extension FrameClient {
    /// Layout switches' and batch updates' transitions (`AnimationState.transitions`).
    static let transitions = FrameClient(name: "transitions")
}

extension WaterfallView {
    /// Replaces the layout (seed 003's `setCollectionViewLayout:animated:`). Animated, every
    /// item on screen before or after moves, scales and fades from where it was to where the
    /// new layout puts it over ``transitionDuration`` with easing, at the frame clock; items
    /// that no longer fit leave as fading ghosts. The adjustments follow the new scroll axis.
    public func setLayout(_ layout: any CollectionLayout, animated: Bool = true) {
        stopSettle()
        let orientation = self.orientation
        let moves = capturingGhosts(animated) { model.setLayout(layout) }
        syncAdjustment(offset: model.contentOffset, contentSize: model.contentSize)
        if self.orientation != orientation { g_object_notify(widget.gpointer.assumingMemoryBound(to: GObject.self), "orientation") }
        model.setViewportSize(Size(width: Double(gtk_widget_get_width(widget)), height: Double(gtk_widget_get_height(widget))))
        // Ghosts head for their item's place in the new layout (off screen, for a carousel);
        // one whose item waits for placement (a deferred layout) fades where it is.
        let newLayout = model.layout
        animate(moves) { [model] ghost in
            guard ghost.origin.index < newLayout.placedItemCount else { return nil }
            var target = newLayout.layoutAttributes(at: ghost.origin.index)
            target.frame = model.viewportRect(ofContentRect: target.frame)
            return target
        }
    }

    /// Applies inserts, deletes, moves and reloads (the data source must already reflect
    /// them; see `WaterfallViewModel.performBatchUpdates(_:)`). Animated, items
    /// that stay slide to their new places, new ones fade in and deleted ones fade out before
    /// their pictures go away.
    public func performBatchUpdates(_ updates: [ItemUpdate], animated: Bool = true) {
        stopSettle()
        let moves = capturingGhosts(animated) { model.performBatchUpdates(updates) }
        animate(moves) { _ in nil }
        announceBatchUpdate(updates)
    }

    /// How long an animated layout switch or batch update takes, in seconds (default 0.3).
    public var transitionDuration: Double {
        get { animation.transitions.duration }
        set { animation.transitions.duration = newValue }
    }

    /// Whether GTK's `gtk-enable-animations` setting is on. Off (people who ask for reduced
    /// motion), layout switches, batch updates and snapping jump to their end instead of
    /// animating.
    public var animationsEnabled: Bool { wf_animations_enabled(widget) != 0 }

    /// Whether a layout switch or batch update is animating.
    public var isAnimatingTransition: Bool { frames.isRunning(.transitions) }

    /// Where a cell is drawn now: its animated attributes while it is in flight, else where
    /// the model placed it.
    func presentedAttributes(of cell: Cell) -> LayoutAttributes? {
        guard isAnimatingTransition else { return cell.placement }
        return animation.transitions.attributes(for: .cell(ObjectIdentifier(cell)), at: animation.time) ?? cell.placement
    }

    /// Runs a model change; when `animated` (and animations are on), removed cells become
    /// ghosts while it runs.
    /// - Returns: the change's transitions and the ghosts, or `nil` when not animated.
    func capturingGhosts(_ animated: Bool, _ change: () -> [ItemTransition])
        -> (transitions: [ItemTransition], ghosts: [Int: TransitionGhost])? {
        guard animated, animationsEnabled else {
            measuringWork { _ = change() }
            return nil
        }
        animation.time = transitionNow()
        animation.capturedGhosts = [:]
        let transitions = measuringWork(change)
        defer { animation.capturedGhosts = nil }
        return (transitions, animation.capturedGhosts ?? [:])
    }

    /// During an animated change, replaces a cell that leaves with a ghost at its place on screen.
    func captureGhost(of cell: Cell) {
        guard animation.capturedGhosts != nil, let onScreen = presentedAttributes(of: cell),
              gtk_widget_get_mapped(cell.widget) != 0 else { return }
        animation.lastGhostID += 1
        let ghost = TransitionGhost(id: animation.lastGhostID, of: cell.widget, at: onScreen)
        gtk_widget_insert_before(ghost.widget, widget, chrome.header.widget)
        animation.capturedGhosts?[onScreen.index]?.remove()
        animation.capturedGhosts?[onScreen.index] = ghost
    }

    /// Starts the animations of a change: each transition's cell from its old to its new
    /// attributes; deleted items' ghosts fade out where they were; other ghosts go to
    /// `ghostTarget` (fading), or fade out in place when it gives `nil`.
    func animate(_ change: (transitions: [ItemTransition], ghosts: [Int: TransitionGhost])?,
                         ghostTarget: (TransitionGhost) -> LayoutAttributes?) {
        restackIfNeeded()
        guard let change else { return }
        var leaving = change.ghosts
        var moves: [(key: TransitionKey, from: LayoutAttributes, to: LayoutAttributes)] = []
        for transition in change.transitions {
            if transition.kind == .delete {
                guard let old = transition.oldIndex, let ghost = leaving.removeValue(forKey: old) else { continue }
                ghost.target = transition.to
                moves.append((.ghost(ghost.id), ghost.origin, ghost.target))
                animation.ghosts.append(ghost)
            } else if let index = transition.newIndex, let cell = model.cell(at: index) {
                moves.append((.cell(ObjectIdentifier(cell)), transition.from, transition.to))
            }
        }
        for ghost in leaving.values {
            var target = ghostTarget(ghost) ?? ghost.origin
            target.alpha = 0
            ghost.target = target
            moves.append((.ghost(ghost.id), ghost.origin, target))
            animation.ghosts.append(ghost)
        }
        let start = transitionNow()
        animation.time = start
        animation.transitions.animate(moves, now: start)
        if !isAnimatingTransition {
            frames.run(.transitions) { [weak self] _ in
                guard let self else { return false }
                return transitionFrame(at: transitionNow())
            }
        }
        gtk_widget_queue_allocate(widget)
    }

    /// One frame of the running transitions: finished ghosts go away, everything else is
    /// re-allocated at its attributes for `time`. Returns whether to keep ticking.
    private func transitionFrame(at time: Double) -> Bool {
        animation.time = max(time, animation.time)
        for finished in animation.transitions.removeFinished(at: animation.time) {
            guard case .ghost(let id) = finished.key, let position = animation.ghosts.firstIndex(where: { $0.id == id }) else {
                continue
            }
            animation.ghosts.remove(at: position).remove()
        }
        gtk_widget_queue_allocate(widget)
        return animation.transitions.isAnimating(at: animation.time)
    }

    /// The time transitions are animated at: `animation.clock` when set, else ``now()`` (in a
    /// tick callback, the frame's time).
    func transitionNow() -> Double {
        animation.clock?() ?? now()
    }

    /// The time on the view's frame clock (the clock's last frame time, or the monotonic
    /// clock before the view is realized), in seconds.
    func now() -> Double {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return Double(g_get_monotonic_time()) / 1_000_000 }
        return Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
    }
}
