import CGtk

/// The GTK version the other package's `CGtk` module was built against, as "major.minor".
public func otherGtkVersion() -> String {
    "\(gtk_get_major_version()).\(gtk_get_minor_version())"
}
