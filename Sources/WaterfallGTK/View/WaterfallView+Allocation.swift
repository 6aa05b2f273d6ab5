import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import WaterfallCore

extension WaterfallView {
    /// Hooks the canvas' size allocation: resize → model, then every child is positioned.
    func installAllocation() {
        let box = CallbackBox<@MainActor (Int32, Int32) -> Void>.retain { [weak self] width, height in
            self?.allocate(width: width, height: height)
        }
        let allocate: WfCanvasAllocateFunc = { _, width, height, data in
            let box = CallbackBox<@MainActor (Int32, Int32) -> Void>.from(data)
            MainActor.assumeIsolated { box.handler(width, height) }
        }
        wf_canvas_set_allocate_func(gcast(widget), allocate, box, releaseCallbackBox)
        Signal.connect(widget, "notify::scale-factor") { [weak self] in self?.scaleFactorChanged() }
    }

    /// Shows the scrollbar of the layout's scroll axis and hides the other (none for a layout
    /// that does not scroll).
    func showScrollbars() {
        let axis = model.layout.scrollAxis
        gtk_widget_set_visible(scrollbar, axis == .vertical ? 1 : 0)
        gtk_widget_set_visible(horizontalScrollbar, axis == .horizontal ? 1 : 0)
        // Pointer-only (the keyboard scrolls the wall itself) and named by their GObject types;
        // showing a widget puts it back in the accessibility tree.
        Accessible.setHidden(scrollbar, true)
        Accessible.setHidden(horizontalScrollbar, true)
        syncAdjustment(offset: model.contentOffset, contentSize: model.contentSize)
    }

    /// The viewport for a canvas of `width` × `height`: the canvas minus the shown scrollbar.
    func viewportSize(width: Int32, height: Int32) -> CGSize {
        let bars = scrollbarThickness()
        return CGSize(width: Double(max(0, width - bars.vertical)), height: Double(max(0, height - bars.horizontal)))
    }

    /// The width of the vertical and the height of the horizontal scrollbar, 0 when hidden.
    private func scrollbarThickness() -> (vertical: Int32, horizontal: Int32) {
        var vertical: Int32 = 0, horizontal: Int32 = 0
        if gtk_widget_get_visible(scrollbar) != 0 {
            gtk_widget_measure(scrollbar, GTK_ORIENTATION_HORIZONTAL, -1, nil, &vertical, nil, nil)
        }
        if gtk_widget_get_visible(horizontalScrollbar) != 0 {
            gtk_widget_measure(horizontalScrollbar, GTK_ORIENTATION_VERTICAL, -1, nil, &horizontal, nil, nil)
        }
        return (vertical, horizontal)
    }

    /// GTK gave the canvas `width` × `height`: the viewport is that minus the scrollbar.
    private func allocate(width: Int32, height: Int32) {
        measuringWork {
            let viewport = viewportSize(width: width, height: height)
            model.setViewportSize(viewport)
            let viewportWidth = Int32(viewport.width), viewportHeight = Int32(viewport.height)

            if gtk_widget_get_visible(scrollbar) != 0 {
                var origin = graphene_point_t(x: Float(viewportWidth), y: 0)
                gtk_widget_allocate(scrollbar, width - viewportWidth, height, -1, gsk_transform_translate(nil, &origin))
            }
            if gtk_widget_get_visible(horizontalScrollbar) != 0 {
                var origin = graphene_point_t(x: 0, y: Float(viewportHeight))
                gtk_widget_allocate(horizontalScrollbar, width, height - viewportHeight, -1,
                                    gsk_transform_translate(nil, &origin))
            }
            let scale = Double(gtk_widget_get_scale_factor(widget))
            let pull = pullDistance / 2
            for cell in shownCells {
                guard let attributes = presentedAttributes(of: cell) else { continue }
                allocate(cell.widget, attributes, scale: scale, pull: pull)
            }
            for ghost in ghosts {
                let attributes = transitions.attributes(for: .ghost(ghost.id), at: transitionTime) ?? ghost.target
                allocate(ghost.widget, attributes, scale: scale, pull: pull)
            }
            header.allocate(centeredIn: viewportWidth, top: Float(12 + pull))
            statusPage.allocate(width: viewportWidth, height: viewportHeight)
            // Below the pinned section header, if one is pinned, so the pill does not cover it.
            let pinnedBottom = max(0, Double(model.pinnedHeader?.attributes.frame.maxY ?? 0))
            newItemsPill.allocate(centeredIn: viewportWidth, top: Float(12 + pull + pinnedBottom))
            footer.allocate(centeredIn: viewportWidth, top: Float(viewportHeight - 12 - footer.naturalHeight))
            announcer.allocate()
        }
    }

    /// Allocates a cell widget at its viewport frame, snapped to device pixels, applying the
    /// attributes' scale (around the centre) and alpha.
    private func allocate(_ child: UnsafeMutablePointer<GtkWidget>, _ attributes: LayoutAttributes,
                          scale: Double, pull: Double) {
        let frame = attributes.frame
        func snap(_ value: Double) -> Double { (value * scale).rounded() / scale }
        let x = snap(Double(frame.minX)), y = snap(Double(frame.minY) + pull)
        let width = Int32(max(1, (snap(Double(frame.maxX)) - x).rounded()))
        let height = Int32(max(1, (snap(Double(frame.maxY) + pull) - y).rounded()))
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
        let live = model.liveIndices
        guard let first = live.first, let last = live.last else { return }
        model.performBatchUpdates([.reload(first..<last + 1)])
    }
}
