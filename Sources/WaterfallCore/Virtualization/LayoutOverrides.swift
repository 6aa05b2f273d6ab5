/// Settings that, once given, replace what the data source and delegate answer: the columns,
/// the spacing between them and between rows, and whether reordering is allowed at all. The
/// host keeps them and hands them to the view model (``WaterfallHosting/layoutOverrides``): the
/// GTK view reads its `columns`, `min-column-width`, `column-spacing`, `row-spacing` and
/// `reorderable` GObject properties; `nil` leaves the answer to the data source or delegate.
public struct LayoutOverrides: Equatable, Sendable {
    /// The column rule, or `nil` for the data source's ``WaterfallDataSource/columns(in:)``.
    public var columns: ColumnCount?
    /// The space between columns, or `nil` for the delegate's ``MarginType/column`` margin.
    public var columnSpacing: Double?
    /// The space between rows, or `nil` for the delegate's ``MarginType/row`` margin.
    public var rowSpacing: Double?
    /// Whether items may be reordered at all (default `true`: the data source's
    /// ``WaterfallDataSource/waterfallView(_:canMoveItemAt:)`` decides); `false` turns it off.
    public var allowsReordering = true

    /// No overrides: the data source and delegate decide everything.
    public init() {}
}
