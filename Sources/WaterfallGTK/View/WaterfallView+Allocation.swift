import CGtk
import CWaterfallGtk
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

    /// GTK gave the canvas `width` × `height`: the viewport is that minus the scrollbar.
    private func allocate(width: Int32, height: Int32) {
        measuringWork {
            var scrollbarWidth: Int32 = 0
            gtk_widget_measure(scrollbar, GTK_ORIENTATION_HORIZONTAL, -1, nil, &scrollbarWidth, nil, nil)
            let viewportWidth = max(0, width - scrollbarWidth)
            model.setViewportSize(CGSize(width: Double(viewportWidth), height: Double(height)))

            var origin = graphene_point_t(x: Float(viewportWidth), y: 0)
            gtk_widget_allocate(scrollbar, scrollbarWidth, height, -1, gsk_transform_translate(nil, &origin))
            let scale = Double(gtk_widget_get_scale_factor(widget))
            let pull = pullDistance / 2
            for cell in shownCells {
                guard let attributes = cell.placement else { continue }
                allocate(cell.widget, attributes, scale: scale, pull: pull)
            }
            header.allocate(centeredIn: viewportWidth, top: Float(12 + pull))
            footer.allocate(centeredIn: viewportWidth, top: Float(height - 12 - footer.naturalHeight))
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
