import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

extension WaterfallListModelSource: WaterfallSelfSizing {
    /// Measures the section headers, and the cells of items with no size from the function or
    /// the expressions. The
    /// expressions are not evaluated again at each bind: the internal `size(of:at:cellWidth:)`, which the
    /// layout asked before placing the item, marked the items they gave no size (on the item
    /// itself, so a model that makes a new object at each `get_item` has its items keep the
    /// estimate instead of being measured at every bind, the measure being lost with the object).
    public func waterfallView(_ view: WaterfallView<WaterfallItemCell>, shouldMeasureItemAt index: Int) -> Bool {
        guard position(at: index) != nil else { return true }   // a header: measured
        guard positionSizeFunction == nil, sizeFunction == nil else { return false }
        guard aspectRatioExpression != nil || aspectRatioProperty != nil || heightExpression != nil else { return true }
        guard let object = object(at: index) else { return false }
        defer { g_object_unref(object) }
        return wf_item_is_undeclared(object, sizingGeneration) != 0
    }

    /// Keeps the measured height on the model's item (it follows the item through sorts and
    /// splices); a header's on its section's first item (`keepHeaderHeight(_:at:cellWidth:)`).
    public func waterfallView(_ view: WaterfallView<WaterfallItemCell>, didMeasureItemAt index: Int,
                              height: Double, width: Double) {
        guard position(at: index) != nil else { return keepHeaderHeight(height, at: index, cellWidth: view.model.cellWidth) }
        guard let object = object(at: index) else { return }
        wf_item_set_measured_height(object, Double(height), Double(width))
        g_object_unref(object)
    }

    /// The size of the model's `object`: the size function's, the expressions', the measured
    /// height at `cellWidth`, or ``estimatedHeight``.
    func size(of object: UnsafeMutableRawPointer, at index: Int, cellWidth: Double) -> ItemSize {
        if let sizeFunction { return sizeFunction(object.assumingMemoryBound(to: GObject.self), index) }
        if let size = declaredSize(of: object) { return size }
        wf_item_mark_undeclared(object, sizingGeneration)
        let measured = wf_item_get_measured_height(object, Double(cellWidth))
        return .height(measured >= 0 ? Double(measured) : estimatedHeight)
    }

    /// The size ``aspectRatioExpression``, ``aspectRatioProperty`` or ``heightExpression`` gives `object`, `nil` when
    /// neither is set or it cannot be evaluated on it (warned once per expression). Ratios and
    /// heights beyond ``SizeLimits`` are clamped to them.
    func declaredSize(of object: UnsafeMutableRawPointer) -> ItemSize? {
        if let expression = aspectRatioExpression {
            guard let ratio = evaluate(expression, on: object, as: "aspect-ratio-expression") else { return nil }
            return .aspectRatio(width: Double(SizeLimits.aspectRatio(ratio)), height: 1)
        }
        if let name = aspectRatioProperty {
            guard let ratio = evaluate(property: name, on: object) else { return nil }
            return .aspectRatio(width: Double(SizeLimits.aspectRatio(ratio)), height: 1)
        }
        if let expression = heightExpression {
            guard let height = evaluate(expression, on: object, as: "height-expression") else { return nil }
            return .height(Double(min(height, SizeLimits.maximumHeight)))
        }
        return nil
    }

    /// A positive, finite number from `expression` on `object`, or `nil` (and one warning).
    private func evaluate(_ expression: OpaquePointer, on object: UnsafeMutableRawPointer, as name: String) -> Double? {
        var value = 0.0
        if wf_expression_evaluate_double(expression, object, &value) != 0, value.isFinite, value > 0 { return value }
        if warnedExpressions.insert(expression).inserted { warnMeasuring(object, because: "the \(name)") }
        return nil
    }

    /// A positive, finite number from `object`'s property `name`, or `nil` (and one warning).
    private func evaluate(property name: String, on object: UnsafeMutableRawPointer) -> Double? {
        var value = 0.0
        if wf_property_get_double(object, name, &value) != 0, value.isFinite, value > 0 { return value }
        if warnedProperties.insert(name).inserted { warnMeasuring(object, because: "the aspect-ratio-property '\(name)'") }
        return nil
    }

    /// Warns that `what` gives no positive number for items of `object`'s type, which are
    /// measured instead.
    private func warnMeasuring(_ object: UnsafeMutableRawPointer, because what: String) {
        let type = String(cString: g_type_name(object.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type))
        wf_warning("Waterfall: \(what) gives no positive number for an item of type \(type); "
            + "such items are measured instead (estimated height \(estimatedHeight) until then)")
    }

    /// Takes a reference to the new expression, drops the old one and lays everything out again.
    func expressionChanged(from old: OpaquePointer?, to new: OpaquePointer?) {
        guard old != new else { return }
        if let new { gtk_expression_ref(new) }
        if let old {
            warnedExpressions.remove(old)
            gtk_expression_unref(old)
        }
        sizesChanged()
    }

    /// Starts a new sizing generation (older marks of unsized items stop counting) and lays
    /// everything out again: the size function, an expression or the property changed.
    func sizesChanged() {
        sizingGeneration &+= 1
        view?.model.reloadData()
    }
}
