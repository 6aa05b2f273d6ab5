import FoundationEssentials
import WaterfallGTK

/// Draws a product picture for a ``ShopItem`` with cairo: a gradient backdrop in the item's
/// colour, a lit silhouette of the product and its name. Runs on any thread (each call owns its
/// cairo surface) and returns an immutable texture.
enum ProductArt {
    /// The number of silhouettes ``ShopItem/shape`` chooses from.
    static let shapeCount = 4

    /// Renders `item` at `width` × `height` device pixels; `nil` when cancelled first.
    static func render(_ item: ShopItem, width: Int, height: Int) -> Texture? {
        guard width > 0, height > 0, !Task.isCancelled else { return nil }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        let w = Double(width), h = Double(height)

        let (r, g, b) = rgb(hue: item.hue, saturation: 0.45, value: 0.92)
        let backdrop = cairo_pattern_create_linear(0, 0, 0, h)!
        cairo_pattern_add_color_stop_rgb(backdrop, 0, r, g, b)
        let (r2, g2, b2) = rgb(hue: item.hue, saturation: 0.6, value: 0.62)
        cairo_pattern_add_color_stop_rgb(backdrop, 1, r2, g2, b2)
        cairo_set_source(cr, backdrop)
        cairo_paint(cr)
        cairo_pattern_destroy(backdrop)

        drawSilhouette(cr, shape: item.shape, hue: item.hue, width: w, height: h)
        drawTitle(cr, item.title, width: w, height: h)

        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard !Task.isCancelled, let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        return Texture(premultipliedARGB32: UnsafeRawBufferPointer(start: data, count: stride * height),
                       width: width, height: height, stride: stride)
    }

    private static func drawSilhouette(_ cr: OpaquePointer, shape: Int, hue: Double, width w: Double, height h: Double) {
        let size = min(w, h) * 0.55
        let cx = w / 2, cy = h * 0.58
        // Soft floor shadow.
        cairo_save(cr)
        cairo_translate(cr, cx, cy + size * 0.55)
        cairo_scale(cr, size * 0.6, size * 0.12)
        cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
        cairo_restore(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.18)
        cairo_fill(cr)

        switch shape {
        case 0:  // round: vase / lamp shade
            cairo_arc(cr, cx, cy, size / 2, 0, 2 * .pi)
        case 1:  // box
            roundedRectangle(cr, x: cx - size / 2, y: cy - size / 2, width: size, height: size, radius: size * 0.12)
        case 2:  // bottle
            roundedRectangle(cr, x: cx - size * 0.3, y: cy - size * 0.35, width: size * 0.6, height: size * 0.9,
                             radius: size * 0.18)
            roundedRectangle(cr, x: cx - size * 0.1, y: cy - size * 0.6, width: size * 0.2, height: size * 0.3,
                             radius: size * 0.05)
        default:  // tent / cone
            cairo_move_to(cr, cx, cy - size / 2)
            cairo_line_to(cr, cx + size / 2, cy + size / 2)
            cairo_line_to(cr, cx - size / 2, cy + size / 2)
            cairo_close_path(cr)
        }
        let (r, g, b) = rgb(hue: (hue + 0.5).truncatingRemainder(dividingBy: 1), saturation: 0.35, value: 0.97)
        let light = cairo_pattern_create_radial(cx - size * 0.2, cy - size * 0.25, size * 0.05, cx, cy, size * 0.75)!
        cairo_pattern_add_color_stop_rgb(light, 0, 1, 1, 1)
        cairo_pattern_add_color_stop_rgb(light, 1, r * 0.8, g * 0.8, b * 0.8)
        cairo_set_source(cr, light)
        cairo_fill(cr)
        cairo_pattern_destroy(light)
    }

    private static func drawTitle(_ cr: OpaquePointer, _ title: String, width w: Double, height h: Double) {
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        var fontSize = max(9, w / 11)
        cairo_set_font_size(cr, fontSize)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, title, &extents)
        if extents.width > w * 0.9 {
            fontSize *= w * 0.9 / extents.width
            cairo_set_font_size(cr, fontSize)
            cairo_text_extents(cr, title, &extents)
        }
        let x = (w - extents.width) / 2 - extents.x_bearing
        let y = h * 0.06 + fontSize
        cairo_move_to(cr, x + 1, y + 1)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.35)
        cairo_show_text(cr, title)
        cairo_move_to(cr, x, y)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_show_text(cr, title)
    }

    private static func roundedRectangle(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double,
                                         radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - radius, y + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, x + width - radius, y + height - radius, radius, 0, .pi / 2)
        cairo_arc(cr, x + radius, y + height - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, x + radius, y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// HSV → RGB, all components in 0...1.
    private static func rgb(hue: Double, saturation s: Double, value v: Double) -> (Double, Double, Double) {
        let h = hue * 6
        let i = Int(h) % 6
        let f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }
}
