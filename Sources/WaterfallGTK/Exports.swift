// `import WaterfallGTK` is all an application needs:
// - GTK 4's C API, under this package's own module name (`gtk_…` functions for custom cells
//   and windows); the unique name lets Waterfall sit beside other Swift GTK packages whose
//   system library is called `CGtk`;
// - the platform-free engine and view logic (`WaterfallViewModel`, `ColumnCount`, `ItemSize`…);
// - feeds and images (`FeedLoader`, `FeedItem`, `ImagePipeline`…).
@_exported import CWaterfallGtk4
@_exported import WaterfallCore
@_exported import WaterfallFeed
