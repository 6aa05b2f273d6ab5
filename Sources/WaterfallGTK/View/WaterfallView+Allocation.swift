import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// Follows the widget's scale factor (GTK calls ``allocate(width:height:)`` through the
    /// C type on every size allocation).
    func installAllocation() {
        Signal.connect(widget, "notify::scale-factor") { [weak self] in self?.scaleFactorChanged() }
    }

    /// GTK gave the widget `width` × `height`, all of it the viewport (the scrolled window's
    /// overlay scrollbars float above it): resize → model, then every child is positioned
    /// relative to the viewport.
    func allocate(width: Int32, height: Int32) {
        measuringWork {
            model.setViewportSize(Size(width: Double(max(0, width)), height: Double(max(0, height))))
            let scale = Double(gtk_widget_get_scale_factor(widget))
            for cell in shownCells {
                guard let attributes = presentedAttributes(of: cell) else { continue }
                allocate(cell.widget, attributes, scale: scale)
            }
            for ghost in animation.ghosts {
                let attributes = animation.transitions.attributes(for: .ghost(ghost.id), at: animation.time) ?? ghost.target
                allocate(ghost.widget, attributes, scale: scale)
            }
            chrome.header.allocate(centeredIn: width, top: 12)
            chrome.statusPage.allocate(width: width, height: height)
            // Below the pinned section header, if one is pinned, so the pill does not cover it.
            let pinnedBottom = max(0, Double(model.pinnedHeader?.attributes.frame.maxY ?? 0))
            chrome.newItemsPill.allocate(centeredIn: width, top: Float(12 + pinnedBottom))
            chrome.footer.allocate(centeredIn: width, top: Float(height - 12 - chrome.footer.naturalHeight))
            chrome.announcer.allocate()
            allocateRubberband()
        }
    }

    /// Allocates a cell widget at its viewport frame, snapped to device pixels, applying the
    /// attributes' scale (around the centre) and alpha.
    private func allocate(_ child: UnsafeMutablePointer<GtkWidget>, _ attributes: LayoutAttributes,
                          scale: Double) {
        let frame = attributes.frame
        func snap(_ value: Double) -> Double { (value * scale).rounded() / scale }
        let x = snap(Double(frame.minX)), y = snap(Double(frame.minY))
        let width = SizeLimits.pixels(snap(Double(frame.maxX)) - x)
        let height = SizeLimits.pixels(snap(Double(frame.maxY)) - y)
        // GTK wants a measure before every allocation; it answers from its cache when nothing changed.
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, nil, nil, nil, nil)
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, width, nil, nil, nil, nil)
        var origin = graphene_point_t(x: Float(x), y: Float(y))
        var transform = gsk_transform_translate(nil, &origin)
        if attributes.scale != 1 {
            var center = graphene_point_t(x: Float(width) / 2, y: Float(height) / 2)
            var back = graphene_point_t(x: -Float(width) / 2, y: -Float(height) / 2)
            transform = gsk_transform_translate(transform, &center)
            transform = gsk_transform_scale(transform, Float(attributes.scale), Float(attributes.scale))
            transform = gsk_transform_translate(transform, &back)
        }
        if gtk_widget_get_opacity(child) != Double(attributes.alpha) {
            gtk_widget_set_opacity(child, Double(attributes.alpha))
        }
        gtk_widget_allocate(child, width, height, -1, transform)
    }

    /// The surface moved to a screen with another scale: live cells are bound again so that
    /// image cells can request sharper (or smaller) images.
    private func scaleFactorChanged() {
        // The pinned header is live wherever its frame is: far above the window, a reload
        // reaching back to it would ask every size between, so only the window's cells are
        // bound again (as before the header became a live cell).
        let visible = model.visibleIndices
        let live = model.liveIndices.filter { $0 != model.pinnedHeader?.index || visible.contains($0) }
        guard let first = live.first, let last = live.last else { return }
        model.performBatchUpdates([.reload(first..<last + 1)])
    }
}
