import CWaterfallGtk4
import Foundation

/// Follows GTK's high-contrast theme: GTK 4.8 has no CSS media query for contrast, so a wall
/// carries the ``WaterfallStyle/ClassName/highContrast`` style class while the theme is
/// `HighContrast` or `HighContrastInverse` (GTK's own `Default-hc`, `Default-hc-dark`), chosen
/// by `GTK_THEME` (which wins, as in GTK) or the `gtk-theme-name` setting, and the library's
/// rules for that class draw borders on the cells, strong focus and selection rings and solid
/// captions, on the theme's named colours.
@MainActor
enum HighContrast {
    /// Whether `themeName` (a `GTK_THEME` value such as `HighContrast:dark`, or a
    /// `gtk-theme-name`) names a high-contrast theme.
    static func isHighContrast(themeName: String) -> Bool {
        let name = themeName.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        return name.hasPrefix("HighContrast") || name.hasPrefix("Default-hc")
    }

    /// The theme GTK loads for `settings`: `GTK_THEME` when it is set, else `gtk-theme-name`.
    static func themeName(of settings: OpaquePointer) -> String {
        if let environment = ProcessInfo.processInfo.environment["GTK_THEME"], !environment.isEmpty {
            return environment
        }
        var value = GValue()
        g_value_init(&value, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))   // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_object_get_property(settings.gpointer.assumingMemoryBound(to: GObject.self), "gtk-theme-name", &value)
        return g_value_get_string(&value).map { String(cString: $0) } ?? ""
    }

    /// Keeps the class on `widget` in step with the theme of its display while it is realized.
    static func follow(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let connection = SettingsConnection()
        Signal.connect(widget, "realize") { [connection] in
            let settings = gtk_widget_get_settings(widget)!
            update(widget, settings: settings)
            connection.handler = (settings, Signal.connect(settings, "notify::gtk-theme-name") {
                update(widget, settings: settings)
            })
        }
        Signal.connect(widget, "unrealize") { [connection] in
            guard let (settings, id) = connection.handler else { return }
            Signal.disconnect(settings, id)
            connection.handler = nil
        }
    }

    private static func update(_ widget: UnsafeMutablePointer<GtkWidget>, settings: OpaquePointer) {
        if isHighContrast(themeName: themeName(of: settings)) {
            gtk_widget_add_css_class(widget, WaterfallStyle.ClassName.highContrast)
        } else {
            gtk_widget_remove_css_class(widget, WaterfallStyle.ClassName.highContrast)
        }
    }

    /// The settings' `notify::gtk-theme-name` handler while the widget is realized.
    private final class SettingsConnection {
        var handler: (settings: OpaquePointer, id: UInt)?
    }
}
