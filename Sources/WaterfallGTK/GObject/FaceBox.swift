import CWaterfallGtk
import CWaterfallGtk4

/// A Swift face that a C widget type of the library disposes (see `wf_face.h`).
@MainActor
protocol DetachableFace: AnyObject {
    /// The widget is being disposed: stop the work that would reach it and never call it again.
    func detach()
}

/// The retained object a C widget type of the library (`WaterfallMasonryView`,
/// `WaterfallFeedWall`) holds as its face: the C side calls the face through this one pointer,
/// typed by the type's own forwarders, and disposes and releases it through the shared
/// `waterfall_swift_face_dispose` and `waterfall_swift_face_release`.
@MainActor
final class FaceBox<Face>: DetachableFace {
    /// The face; `nil` only while a Swift initializer makes its widget, until it fills the box
    /// with itself (``fill(_:with:)``): the forwarders then do nothing.
    private(set) var face: Face?
    private let detachFace: @MainActor (Face) -> Void

    private init(_ face: Face?, detach: @escaping @MainActor (Face) -> Void) {
        self.face = face
        detachFace = detach
    }

    /// Boxes `face` (`nil`: a box to fill) and returns the retained box for the C widget;
    /// `detach` runs at its dispose.
    static func retain(_ face: Face?, detach: @escaping @MainActor (Face) -> Void) -> gpointer {
        Unmanaged.passRetained(FaceBox(face, detach: detach)).toOpaque()
    }

    /// The face behind a pointer made by ``retain(_:detach:)`` (not retained: the widget owns it).
    static func face(_ pointer: gpointer?) -> Face? {
        box(pointer).face
    }

    /// Puts `face` in the empty box behind `pointer`.
    static func fill(_ pointer: gpointer?, with face: Face) {
        let box = box(pointer)
        precondition(box.face == nil, "a face box is filled once")
        box.face = face
    }

    private static func box(_ pointer: gpointer?) -> FaceBox {
        Unmanaged<FaceBox<Face>>.fromOpaque(pointer!).takeUnretainedValue()
    }

    func detach() {
        if let face { detachFace(face) }
    }
}

@_cdecl("waterfall_swift_face_dispose")
@MainActor
func waterfallSwiftFaceDispose(_ face: gpointer?) {
    // Once per widget: the box's type is known only as a face that detaches.
    (Unmanaged<AnyObject>.fromOpaque(face!).takeUnretainedValue() as! any DetachableFace).detach()
}

@_cdecl("waterfall_swift_face_release")
@MainActor
func waterfallSwiftFaceRelease(_ face: gpointer?) {
    Unmanaged<AnyObject>.fromOpaque(face!).release()
}
