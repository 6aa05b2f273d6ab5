import CWaterfallGtk
import CWaterfallGtk4
import CWaterfallTestShims
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

// The wall follows the theme (its CSS is at THEME priority, on the theme's named colours) and
// an application's CSS at APPLICATION priority overrides it.
extension WallTests {
    /// The theme's named colour `name` for `widget`, as 0–255 RGB.
    func themeRGB(_ name: String, of widget: UnsafeMutablePointer<GtkWidget>) throws -> [Int] {
        var color = GdkRGBA()
        let found = wf_test_theme_color(widget, name, &color)
        try #require(found != 0, "the theme has no colour \(name)")
        return [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
    }

    /// Whether `rgb` lies on the placeholder's gradient for the current theme (its two ends are
    /// `mix(@theme_fg_color, @theme_base_color, 0.80)` and `0.92`, see `WaterfallStyle`), within
    /// two levels per channel.
    func liesOnPlaceholderGradient(_ rgb: [Int], of widget: UnsafeMutablePointer<GtkWidget>) throws -> Bool {
        let fg = try themeRGB("theme_fg_color", of: widget), base = try themeRGB("theme_base_color", of: widget)
        func mixed(_ f: Double) -> [Int] { zip(fg, base).map { Int((Double($0) * (1 - f) + Double($1) * f).rounded()) } }
        return zip(rgb, zip(mixed(0.80), mixed(0.92))).allSatisfy { $0 >= min($1.0, $1.1) - 2 && $0 <= max($1.0, $1.1) + 2 }
    }

    /// Sets a GtkSettings property of `widget`'s display.
    private func setSetting(_ name: String, of widget: UnsafeMutablePointer<GtkWidget>, _ fill: (inout GValue) -> Void) {
        var value = GValue()
        fill(&value)
        g_object_set_property(gcast(gtk_settings_get_for_display(gtk_widget_get_display(widget))), name, &value)
        g_value_unset(&value)
    }

    /// The wall's background in a snapshot, just inside its top-left corner.
    private func background(of view: WaterfallView<WaterfallImageCell>) async throws -> [Int] {
        await GTKHost.pump(frames: 2, of: view.widget)
        return rgb(pixels(of: try WidgetSnapshot.texture(of: view.widget)), 3, 3)
    }

    private func luminance(_ rgb: [Int]) -> Int { (rgb[0] * 3 + rgb[1] * 6 + rgb[2]) / 10 }

    @Test("light, prefer-dark, HighContrast and its dark variant recolour the wall; an app's CSS at APPLICATION priority wins")
    func wallFollowsTheTheme() async throws {
        let wall = TestWall(initial: 30)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let settings = gtk_settings_get_for_display(gtk_widget_get_display(view.widget))!
        var original = GValue()
        g_value_init(&original, g_type_from_name("gchararray"))
        g_object_get_property(gcast(settings), "gtk-theme-name", &original)
        defer {
            g_object_set_property(gcast(settings), "gtk-theme-name", &original)
            g_value_unset(&original)
            setSetting("gtk-application-prefer-dark-theme", of: view.widget) {
                g_value_init(&$0, g_type_from_name("gboolean"))
                g_value_set_boolean(&$0, 0)
            }
        }
        func theme(_ name: String) {
            setSetting("gtk-theme-name", of: view.widget) {
                g_value_init(&$0, g_type_from_name("gchararray"))
                g_value_set_string(&$0, name)
            }
        }

        theme("Adwaita")
        let light = try await background(of: view)
        #expect(close(light, try themeRGB("theme_base_color", of: view.widget)))
        #expect(luminance(light) > 200, "light: \(light)")

        setSetting("gtk-application-prefer-dark-theme", of: view.widget) {
            g_value_init(&$0, g_type_from_name("gboolean"))
            g_value_set_boolean(&$0, 1)
        }
        let dark = try await background(of: view)
        #expect(luminance(dark) < 80, "prefer-dark: \(dark)")
        #expect(close(dark, try themeRGB("theme_base_color", of: view.widget)))
        setSetting("gtk-application-prefer-dark-theme", of: view.widget) {
            g_value_init(&$0, g_type_from_name("gboolean"))
            g_value_set_boolean(&$0, 0)
        }

        // GTK 4.8's high-contrast theme is HighContrast; its inverse is its dark variant
        // (GTK_THEME=HighContrast:dark), which the theme name Default-hc-dark selects directly.
        theme("HighContrast")
        let contrast = try await background(of: view)
        #expect(luminance(contrast) > 230, "HighContrast: \(contrast)")
        #expect(close(contrast, try themeRGB("theme_base_color", of: view.widget)))
        theme("Default-hc-dark")
        let inverse = try await background(of: view)
        #expect(luminance(inverse) < 80, "HighContrast:dark: \(inverse)")
        #expect(close(inverse, try themeRGB("theme_base_color", of: view.widget)))
        theme("Adwaita")

        WaterfallStyle.addStylesheet("waterfall.view { background-color: rgb(10, 200, 30); }", for: view.widget)
        #expect(close(try await background(of: view), [10, 200, 30]), "the app's CSS wins over the wall's")
    }

    @Test("HighContrast and its dark variant: the wall carries .high-contrast, the cells have a border of the theme's foreground and solid captions of its base colour")
    func highContrastBordersCellsAndCaptions() async throws {
        #expect(HighContrast.isHighContrast(themeName: "HighContrast"))
        #expect(HighContrast.isHighContrast(themeName: "HighContrast:dark"))
        #expect(HighContrast.isHighContrast(themeName: "HighContrastInverse"))
        #expect(HighContrast.isHighContrast(themeName: "Default-hc-dark"))
        #expect(!HighContrast.isHighContrast(themeName: "Adwaita"))
        #expect(!HighContrast.isHighContrast(themeName: "Adwaita:dark"))
        #expect(!HighContrast.isHighContrast(themeName: ""))

        let wall = TestWall(initial: 30)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let settings = gtk_settings_get_for_display(gtk_widget_get_display(view.widget))!
        func theme(_ name: String) {
            var value = GValue()
            g_value_init(&value, g_type_from_name("gchararray"))
            g_value_set_string(&value, name)
            g_object_set_property(gcast(settings), "gtk-theme-name", &value)
            g_value_unset(&value)
        }
        defer { theme("Adwaita") }
        let index = try #require(view.model.visibleIndices.sorted().first)
        let frame = try #require(view.model.placedAttributes(at: index)).frame
        let edge = (x: Int(frame.minX) + 1, y: Int(frame.midY))
        let caption = (x: Int(frame.minX) + 6, y: Int(frame.maxY) - 5)
        func shown() async throws -> (edge: [Int], caption: [Int]) {
            await GTKHost.pump(frames: 2, of: view.widget)
            let image = pixels(of: try WidgetSnapshot.texture(of: view.widget))
            return (rgb(image, edge.x, edge.y), rgb(image, caption.x, caption.y))
        }

        theme("Adwaita")
        let plain = try await shown()
        #expect(gtk_widget_has_css_class(view.widget, WaterfallStyle.ClassName.highContrast) == 0)
        #expect(!close(plain.edge, try themeRGB("theme_fg_color", of: view.widget), tolerance: 40), "Adwaita draws no border: \(plain.edge)")

        for name in ["HighContrast", "Default-hc-dark"] {
            theme(name)
            let contrast = try await shown()
            #expect(gtk_widget_has_css_class(view.widget, WaterfallStyle.ClassName.highContrast) != 0, "\(name)")
            #expect(close(contrast.edge, try themeRGB("theme_fg_color", of: view.widget)),
                    "\(name): the cell's border is the theme's foreground: \(contrast.edge)")
            #expect(close(contrast.caption, try themeRGB("theme_base_color", of: view.widget)),
                    "\(name): the caption is solid base colour: \(contrast.caption)")
        }
        theme("Adwaita")
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(gtk_widget_has_css_class(view.widget, WaterfallStyle.ClassName.highContrast) == 0, "back to Adwaita")
    }
}
