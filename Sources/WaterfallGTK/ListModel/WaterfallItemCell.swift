import CWaterfallGtk
import CWaterfallGtk4

/// The cell of the list-model path: a ``WaterfallCell`` around one `WaterfallItem` object whose
/// widgets an item factory made (see ``WaterfallListModelSource``), or, for a section's header,
/// one `WaterfallHeader` object whose widgets the view's header factory made.
///
/// The factory's steps follow the cell's life in the view model: setup when the cell is made,
/// bind when it is dequeued for an item, unbind when it leaves the screen for the reuse pool
/// (or is bound to another item), teardown when the view drops it. The item's `child` is the cell's
/// content, and its `accessible-label` and `accessible-description` the cell's name and
/// description; the cell follows each change of them (through the item's private child
/// function, not a `notify` handler, which would make every notification of the item cost a
/// signal emission).
///
/// A header's cell is what GTK's list widgets make of a section header: a row header (named by
/// its child's text on GTK 4.14 and later, which name it from its content), not focusable, with
/// no "item N of M" position, and not counted in the wall's item count.
@MainActor
public final class WaterfallItemCell: WaterfallCell {
    /// The reuse identifier every item cell has (one pool: a factory makes one kind of cell).
    public static let identifier = "waterfall-item"
    /// The reuse identifier of the section headers' cells.
    public static let headerIdentifier = "waterfall-header"

    /// The `WaterfallItem` handed to the factory (a `WaterfallHeader` for a header's cell).
    public let item: OpaquePointer
    /// Whether the cell shows a section's header (its ``item`` is a `WaterfallHeader`).
    public let isHeader: Bool
    /// The source whose sections turn the cell's index into a model position (see
    /// ``placement``).
    weak var source: WaterfallListModelSource?
    private let factory: GObjectRef<UnsafeMutablePointer<WaterfallItemFactory>>?
    private var isBound = false
    private var isTornDown = false
    /// Whether the cell left the screen unbound but its item still holds the object and
    /// position it showed, until the cell is bound again or the main loop is idle.
    private var holdsLeftObject = false

    /// Makes a cell and runs the factory's setup on its item (no factory: an empty cell); a
    /// header's cell (`header`) on a `WaterfallHeader`.
    init(factory: UnsafeMutablePointer<WaterfallItemFactory>?, header: Bool = false) {
        item = header ? waterfall_header_new()! : waterfall_item_new()!
        isHeader = header
        self.factory = factory.map { GObjectRef(sinking: $0) }
        super.init(reuseIdentifier: header ? Self.headerIdentifier : Self.identifier,
                   accessibleRole: header ? GTK_ACCESSIBLE_ROLE_ROW_HEADER : GTK_ACCESSIBLE_ROLE_LIST_ITEM)
        setChildFunc({ cell in
            MainActor.assumeIsolated { Unmanaged<WaterfallItemCell>.fromOpaque(cell!).takeUnretainedValue().followItem() }
        }, Unmanaged.passUnretained(self).toOpaque())
        if let factory { waterfall_item_factory_setup(factory, itemObject) }
        followItem()
    }

    /// The item (or header) object as the factory's steps take it.
    private var itemObject: UnsafeMutablePointer<GObject> { item.gpointer.assumingMemoryBound(to: GObject.self) }

    /// Sets the object's child function (see `waterfall_item_set_child_func`).
    private func setChildFunc(_ function: WaterfallItemChildFunc?, _ data: UnsafeMutableRawPointer?) {
        if isHeader {
            waterfall_header_set_child_func(item, function, data)
        } else {
            waterfall_item_set_child_func(item, function, data)
        }
    }

    #if compiler(>=6.2)
    isolated deinit { release() }
    #else
    // Swift 6.0 and 6.1 have no isolated deinit (SE-0371): there the last reference must be dropped
    // on the main thread, as GTK's are.
    deinit { MainActor.assumeIsolated { release() } }
    #endif

    /// What the deinitializer does.
    private func release() {
        // The teardown may drop the child: the cell that is going away does not follow it.
        setChildFunc(nil, nil)
        tearDown()
        g_object_unref(item.gpointer)
    }

    /// The model's object the cell shows (a header's: its section's first item), `nil` while
    /// unbound.
    public var object: UnsafeMutablePointer<GObject>? {
        isHeader ? waterfall_header_get_item(item) : waterfall_item_get_item(item)
    }

    /// The item's position in the model (a header's: its section's start), `nil` while unbound.
    public var position: Int? {
        let position = isHeader ? waterfall_header_get_start(item) : waterfall_item_get_position(item)
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    /// The selected state, mirrored on the item's `selected` property (a header has none).
    override public var isSelected: Bool {
        didSet { if !isHeader { waterfall_item_set_selected(item, isSelected ? 1 : 0) } }
    }

    /// Shows `object` at `position`: the factory's unbind of what the cell showed (the item
    /// still holds it), the new item, position and selected state, then the factory's bind —
    /// with the item's notifications held until the end, as GtkListItemFactory does, so a
    /// rebind notifies each changed property once.
    func bind(_ object: UnsafeMutableRawPointer?, at position: Int, selected: Bool) {
        bind { [item] in
            self.isSelected = selected
            waterfall_item_update(item, object?.assumingMemoryBound(to: GObject.self), guint(position), selected ? 1 : 0)
        }
    }

    /// Shows the header of the section at the model positions `section`, whose first item is
    /// `object`, as ``bind(_:at:selected:)`` shows an item.
    func bindHeader(_ object: UnsafeMutableRawPointer?, section: Range<Int>) {
        bind { [item] in
            waterfall_header_update(item, object?.assumingMemoryBound(to: GObject.self),
                                    guint(section.lowerBound), guint(section.upperBound))
        }
    }

    /// The factory's unbind of what the cell showed, `update` (which sets what it shows now)
    /// and the factory's bind, inside one freeze of the object's notifications.
    private func bind(updating update: () -> Void) {
        g_object_freeze_notify(itemObject)
        defer { g_object_thaw_notify(itemObject) }
        if isBound, let factory { waterfall_item_factory_unbind(factory.pointer, itemObject) }
        holdsLeftObject = false
        update()
        if let factory { waterfall_item_factory_bind(factory.pointer, itemObject) }
        isBound = true
    }

    /// Placed at another index (an edit of the model before the item renumbered it), the item
    /// records its new position (a header its section's new bounds); the object and the
    /// binding stay.
    override var placement: LayoutAttributes? {
        didSet {
            guard isBound, let index = placement?.index, index != oldValue?.index else { return }
            if isHeader {
                guard let section = source?.section(ofHeaderAt: index) else { return }
                waterfall_header_update(item, waterfall_header_get_item(item), guint(section.lowerBound), guint(section.upperBound))
                return
            }
            let newPosition = source?.position(at: index) ?? index
            guard position != newPosition else { return }
            waterfall_item_update(item, waterfall_item_get_item(item), guint(newPosition), isSelected ? 1 : 0)
        }
    }

    /// Runs the factory's unbind and clears the item's object, if the cell is bound.
    func unbind() {
        unbindKeepingObject()
        releaseLeftObject()
    }

    /// Runs the factory's unbind, if the cell is bound; the item keeps its object and position
    /// until ``releaseLeftObject()``.
    private func unbindKeepingObject() {
        guard isBound else { return }
        isBound = false
        if let factory { waterfall_item_factory_unbind(factory.pointer, itemObject) }
        holdsLeftObject = true
    }

    /// Clears the item's object and position, if the cell is unbound and still holds them.
    private func releaseLeftObject() {
        guard holdsLeftObject else { return }
        holdsLeftObject = false
        if isHeader {
            waterfall_header_update(item, nil, GTK_INVALID_LIST_POSITION, GTK_INVALID_LIST_POSITION)
        } else {
            waterfall_item_update(item, nil, GTK_INVALID_LIST_POSITION, 0)
        }
    }

    /// Runs the factory's teardown once (unbinding first); the cell shows nothing after it.
    func tearDown() {
        guard !isTornDown else { return }
        unbind()
        isTornDown = true
        if let factory { waterfall_item_factory_teardown(factory.pointer, itemObject) }
    }

    /// Unbinds the item as the cell leaves the screen (GTK's lists unbind what is not shown).
    /// The item lets go of its object once the main loop is idle, not at once: a scroll step
    /// binds most cells that leave to another item right away, as GTK's lists rebind a
    /// recycled item in one step, and clearing them in between would notify `item` and
    /// `position` twice per cell.
    override func didLeaveView() {
        unbindKeepingObject()
        Self.leftCells.append(self)
        if Self.releaseSource == nil {
            Self.releaseSource = MainLoopSource.idle {
                let cells = Self.leftCells
                Self.leftCells = []
                Self.releaseSource = nil
                for cell in cells { cell.releaseLeftObject() }
            }
        }
    }

    /// The cells that left the screen since the main loop was last idle, and the idle source
    /// that makes those still unbound let go of their objects.
    private static var leftCells: [WaterfallItemCell] = []
    private static var releaseSource: UInt32?

    /// Shows the item's child, and gives the cell the item's accessible label and description.
    private func followItem() {
        let child = isHeader ? waterfall_header_get_child(item) : waterfall_item_get_child(item)
        if gtk_overlay_get_child(gcast(widget)) != child { gtk_overlay_set_child(gcast(widget), child) }
        guard !isHeader else { return }
        if let label = waterfall_item_get_accessible_label(item) {
            Accessible.setLabel(widget, String(cString: label))
        } else {
            Accessible.resetLabel(widget)
        }
        accessibleDescription = waterfall_item_get_accessible_description(item).map { String(cString: $0) }
    }
}
