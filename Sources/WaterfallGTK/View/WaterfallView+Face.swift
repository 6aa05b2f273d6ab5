import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import WaterfallCore

/// What the C side of `WaterfallMasonryView` asks of its Swift logic (see
/// `waterfall-private.h`): the one ``WaterfallView`` that runs a view, whatever its cell type.
@MainActor
protocol MasonryViewFace: AnyObject {
    /// GTK allocated the view `width` × `height`.
    func allocate(width: Int32, height: Int32)
    /// The view entered or left a scrolled window: its adjustments are new.
    func adjustmentsReplaced()
    /// The adjustment of `orientation` moved.
    func adjustmentValueChanged(_ orientation: GtkOrientation)
    /// The scrolled window reported an overshoot at `position`.
    func edgeOvershot(_ position: GtkPositionType)
    /// The view is being disposed.
    func detach()
}

/// The retained object a `WaterfallMasonryView` holds as its face: a box, so the C side calls
/// the face through one pointer without a dynamic cast.
@MainActor
final class MasonryViewFaceBox {
    let face: any MasonryViewFace

    init(_ face: any MasonryViewFace) {
        self.face = face
    }

    /// The box behind a face pointer (not retained: the view owns it).
    static func face(_ pointer: gpointer?) -> any MasonryViewFace {
        Unmanaged<MasonryViewFaceBox>.fromOpaque(pointer!).takeUnretainedValue().face
    }
}

/// The items of a view made from C before it is given any: none.
@MainActor
final class EmptyWall: WaterfallDataSource, WaterfallDelegate {
    typealias Cell = WaterfallCell

    func numberOfCells(in waterfallView: WaterfallViewModel<WaterfallCell>) -> Int { 0 }

    func waterfallView(_ waterfallView: WaterfallViewModel<WaterfallCell>, cellAt index: Int) -> WaterfallCell {
        WaterfallCell(reuseIdentifier: "empty")
    }
}

@_cdecl("waterfall_swift_masonry_view_create")
@MainActor
func waterfallSwiftMasonryViewCreate(_ view: OpaquePointer?) -> gpointer? {
    let items = EmptyWall()
    let face = WaterfallView<WaterfallCell>(adopting: UnsafeMutableRawPointer(view!).assumingMemoryBound(to: GtkWidget.self),
                                            dataSource: items, delegate: items)
    face.ownedItems = items
    return Unmanaged.passRetained(MasonryViewFaceBox(face)).toOpaque()
}

@_cdecl("waterfall_swift_masonry_view_allocate")
@MainActor
func waterfallSwiftMasonryViewAllocate(_ face: gpointer?, _ width: Int32, _ height: Int32) {
    MasonryViewFaceBox.face(face).allocate(width: width, height: height)
}

@_cdecl("waterfall_swift_masonry_view_adjustments_replaced")
@MainActor
func waterfallSwiftMasonryViewAdjustmentsReplaced(_ face: gpointer?) {
    MasonryViewFaceBox.face(face).adjustmentsReplaced()
}

@_cdecl("waterfall_swift_masonry_view_value_changed")
@MainActor
func waterfallSwiftMasonryViewValueChanged(_ face: gpointer?, _ orientation: GtkOrientation) {
    MasonryViewFaceBox.face(face).adjustmentValueChanged(orientation)
}

@_cdecl("waterfall_swift_masonry_view_edge_overshot")
@MainActor
func waterfallSwiftMasonryViewEdgeOvershot(_ face: gpointer?, _ position: GtkPositionType) {
    MasonryViewFaceBox.face(face).edgeOvershot(position)
}

@_cdecl("waterfall_swift_masonry_view_dispose")
@MainActor
func waterfallSwiftMasonryViewDispose(_ face: gpointer?) {
    MasonryViewFaceBox.face(face).detach()
}

@_cdecl("waterfall_swift_masonry_view_release")
@MainActor
func waterfallSwiftMasonryViewRelease(_ face: gpointer?) {
    Unmanaged<MasonryViewFaceBox>.fromOpaque(face!).release()
}
