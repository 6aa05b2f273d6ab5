import OtherGtk
import WaterfallCore
import WaterfallGTK

// Both GTK modules in one program: the other package's CGtk (through OtherGtk) and Waterfall's
// CWaterfallGtk4 (re-exported by WaterfallGTK), and a layout from the engine.
let layout = WaterfallLayout(columns: .fixed(2), containerWidth: 400)
print("OtherGtk sees GTK \(otherGtkVersion()); Waterfall sees GTK \(gtk_get_major_version()).\(gtk_get_minor_version()); \(layout.columnCount) columns")
