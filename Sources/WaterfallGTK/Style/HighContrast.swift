import CWaterfallGtk4
import Glibc // dlopen, dlsym

/// Follows GTK's high-contrast theme: GTK 4.8 has no CSS media query for contrast, so a wall
/// carries the ``WaterfallStyle/ClassName/highContrast`` style class while the theme is
/// `HighContrast` or `HighContrastInverse` (GTK's own `Default-hc`, `Default-hc-dark`), chosen
/// by `GTK_THEME` (which wins, as in GTK) or the `gtk-theme-name` setting — or, in an app that
/// loaded and initialised libadwaita, while `AdwStyleManager:high-contrast` is set (the system's
/// contrast preference, which libadwaita follows without changing the theme name). The library
/// does not link libadwaita: it looks its style manager up at run time, so an app without it
/// gets the theme-name rule alone. The library's rules for that class draw borders on the
/// cells, strong focus and selection rings and solid captions, on the theme's named colours.
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
        if let environment = g_getenv("GTK_THEME").map({ String(cString: $0) }), !environment.isEmpty {
            return environment
        }
        var value = GValue()
        g_value_init(&value, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))   // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_object_get_property(settings.gpointer.assumingMemoryBound(to: GObject.self), "gtk-theme-name", &value)
        return g_value_get_string(&value).map { String(cString: $0) } ?? ""
    }

    /// libadwaita's `AdwStyleManager` for the default display, when the app loaded libadwaita
    /// and initialised it (`adw_init`, or an `AdwApplication`), else `nil`.
    static var adwaitaStyleManager: OpaquePointer? {
        guard g_type_from_name("AdwStyleManager") != 0,
              let symbol = dlsym(dlopen(nil, RTLD_NOW), "adw_style_manager_get_default") else { return nil }
        typealias GetDefault = @convention(c) () -> OpaquePointer?
        return unsafeBitCast(symbol, to: GetDefault.self)()
    }

    /// Whether libadwaita's style manager asks for high contrast (`false` without libadwaita).
    static func adwaitaRequestsHighContrast(_ manager: OpaquePointer?) -> Bool {
        guard let manager else { return false }
        var value = GValue()
        g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))   // G_TYPE_BOOLEAN
        defer { g_value_unset(&value) }
        g_object_get_property(manager.gpointer.assumingMemoryBound(to: GObject.self), "high-contrast", &value)
        return g_value_get_boolean(&value) != 0
    }

    /// Keeps the class on `widget` in step with the theme of its display (and libadwaita's
    /// contrast, when it is loaded) while it is realized.
    static func follow(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let connection = SettingsConnection()
        Signal.connect(widget, "realize") { [connection] in
            let settings = gtk_widget_get_settings(widget)!
            let manager = adwaitaStyleManager
            let refresh: @MainActor () -> Void = { update(widget, settings: settings, manager: manager) }
            refresh()
            connection.handlers = [(settings, Signal.connect(settings, "notify::gtk-theme-name", refresh))]
            if let manager { connection.handlers.append((manager, Signal.connect(manager, "notify::high-contrast", refresh))) }
        }
        Signal.connect(widget, "unrealize") { [connection] in
            for (object, id) in connection.handlers { Signal.disconnect(object, id) }
            connection.handlers = []
        }
    }

    private static func update(_ widget: UnsafeMutablePointer<GtkWidget>, settings: OpaquePointer, manager: OpaquePointer?) {
        if isHighContrast(themeName: themeName(of: settings)) || adwaitaRequestsHighContrast(manager) {
            gtk_widget_add_css_class(widget, WaterfallStyle.ClassName.highContrast)
        } else {
            gtk_widget_remove_css_class(widget, WaterfallStyle.ClassName.highContrast)
        }
    }

    /// The settings' `notify::gtk-theme-name` handler (and the style manager's
    /// `notify::high-contrast`) while the widget is realized.
    private final class SettingsConnection {
        var handlers: [(object: OpaquePointer, id: UInt)] = []
    }
}
