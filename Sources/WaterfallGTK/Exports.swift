// GTK 4's C API, re-exported under this package's own module name: `import WaterfallGTK` is all
// a custom cell or an application needs to call `gtk_…` functions. The unique name lets
// Waterfall sit beside other Swift GTK packages whose system library is called `CGtk`.
@_exported import CWaterfallGtk4
