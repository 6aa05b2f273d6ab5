import CWaterfallGtk4
import WaterfallCore

// The small parts of a `WaterfallView`'s state, each owned by the extension that uses it.

/// The children a `WaterfallView` shows besides its cells, placed relative to the viewport.
@MainActor
struct StatusChildren {
    /// The pull-to-refresh header.
    let header = StatusIndicator()
    /// The load-more footer (spinner, or the failure and Retry).
    let footer = StatusIndicator()
    /// The centred page of an empty wall (see +Status); made in the view's `init`, because its
    /// Retry needs the view.
    var statusPage: StatusPage!
    /// The "N new items" pill (see `WaterfallView.revealNewItems()`); made in the view's `init`,
    /// because its action needs the view.
    var newItemsPill: NewItemsPill!
    /// Says loading, refresh and update results to assistive technologies.
    let announcer = Announcer()
}

/// Layout switches' and batch updates' animations (`WaterfallView+Transitions.swift`).
struct AnimationState {
    /// Cells' animated transitions and fading ghosts.
    var transitions = TransitionAnimator<TransitionKey>()
    /// The frame time the transitions are drawn at, in seconds.
    var time = 0.0
    /// The clock transitions read instead of the frame clock, in seconds; tests set it to step
    /// animations to chosen times, whatever the machine's speed.
    var clock: (() -> Double)?
    /// Pictures of cells that left during an animated change, fading out or moving away.
    var ghosts: [TransitionGhost] = []
    /// While an animated change runs inside the model: the cells it removed, as ghosts by
    /// their item index.
    var capturedGhosts: [Int: TransitionGhost]?
    /// The last ghost id handed out.
    var lastGhostID = 0
}

/// A snapping layout's settle (`WaterfallView+Snapping.swift`).
struct SnappingState {
    /// The running settle (seed 003's carousel centring an item).
    var settle: ScrollSettle?
    /// The pending quiet-period timer after which the layout settles.
    var timer: UInt32?
    /// Set while the settle moves the adjustment, so the move does not schedule another settle.
    var isSettling = false
    /// Whether a pointer button is held anywhere in the view (a drag in progress).
    var isPointerHeld = false
}

/// The page and refresh the status children and announcements speak of (`WaterfallView+Status.swift`).
struct PagingState {
    /// The load-more state last reported by the model.
    var loadMoreState = LoadMoreState.idle
    /// The item count when the running page request began.
    var itemsBeforeLoading = 0
    /// The item count when the running refresh began.
    var itemsBeforeRefresh = 0
    /// Why the last page failed (`WaterfallView.loadFailure`).
    var failure: WaterfallStatus?
}

/// The idle slices that lay out the rest of the items after a resize (`WaterfallView+IdleLayout.swift`).
struct IdleLayoutState {
    /// The idle source, while one is scheduled.
    var source: UInt32?
    /// How many slices ran so far.
    var slices = 0
}

/// A restack of the children (`WaterfallView+Stacking.swift`).
struct RestackState {
    /// Whether the children's stacking order no longer follows their z-indices.
    var isNeeded = false
    /// The pending idle that restacks, if one is scheduled.
    var idle: UInt32?
}

/// Dragging items out of the wall (`WaterfallView+DragAndDrop.swift`).
struct ItemDragState {
    /// The content of a dragged item (see `WaterfallView.enableDraggingItems(content:)`).
    var content: (@MainActor (Int) -> UnsafeMutablePointer<GdkContentProvider>?)?
    /// Whether the `GtkDragSource` is on the wall.
    var hasSource = false
}

/// What the wall's accessible label and its cells' descriptions last said
/// (`WaterfallView+Accessibility.swift`).
struct AccessibilityState {
    /// What assistive technologies call the wall (`WaterfallView.accessibleName`).
    var name = ""
    /// The feed's total item count, when known (`WaterfallView.accessibleTotal`).
    var total: Int?
    /// The name and count the wall's accessible label last said.
    var labelledAs: (name: String, count: Int)?
    /// Makes the cells' accessible descriptions ("item 12 of 10,000").
    var itemPositionText = ItemPositionText()
}
