/* A photo wall in Vala over the installed libwaterfall-1.
 *
 *   valac --pkg gtk4 --pkg waterfall-1 --vapidir PREFIX/share/vala/vapi photo-wall.vala
 *   ./photo-wall [--items N] [--snapshot FILE.png]
 *
 * 100,000 photos in a GLib.ListStore behind a Gtk.MultiSelection; a Waterfall.SignalItemFactory
 * builds a Gtk.Picture and a Gtk.Label per item; each photo's aspect ratio comes from its "aspect"
 * property through a Gtk.PropertyExpression. Activating a photo prints it; load-more appends a page. */

const uint PAGE = 1000;

/* One photo of the wall: its number and its aspect ratio (width / height). */
public class ExamplePhoto : Object {
    public uint number { get; construct; }
    public double aspect { get; construct; }

    public ExamplePhoto (uint number) {
        Object (number: number, aspect: 0.6 + (double) ((number * 2654435761U) % 1000) / 1000.0);
    }
}

/* A small vertical gradient of a saturated colour: the photos' stand-in image. */
Gdk.Texture swatch (uint8 r, uint8 g, uint8 b) {
    const int W = 8;
    const int H = 32;
    var pixels = new uint8[W * H * 3];
    for (int y = 0; y < H; y++) {
        double shade = 1.0 - 0.35 * y / H;
        for (int x = 0; x < W; x++) {
            pixels[(y * W + x) * 3] = (uint8) (r * shade);
            pixels[(y * W + x) * 3 + 1] = (uint8) (g * shade);
            pixels[(y * W + x) * 3 + 2] = (uint8) (b * shade);
        }
    }
    return new Gdk.MemoryTexture (W, H, Gdk.MemoryFormat.R8G8B8, new Bytes (pixels), W * 3);
}

int main (string[] args) {
    uint items = 100000;
    string? snapshot_path = null;
    for (int i = 1; i < args.length; i++) {
        if (args[i] == "--items" && i + 1 < args.length) {
            items = (uint) uint64.parse (args[++i]);
        } else if (args[i] == "--snapshot" && i + 1 < args.length) {
            snapshot_path = args[++i];
        } else {
            stderr.printf ("usage: %s [--items N] [--snapshot FILE.png]\n", args[0]);
            return 2;
        }
    }

    Gtk.init ();
    Gdk.Texture[] swatches = {
        swatch (232, 115, 90), swatch (79, 157, 217), swatch (242, 181, 65), swatch (108, 191, 132),
        swatch (154, 123, 209), swatch (224, 86, 143), swatch (64, 178, 176), swatch (237, 140, 52),
    };

    var store = new ListStore (typeof (ExamplePhoto));
    var photos = new Object[items];
    for (uint i = 0; i < items; i++) {
        photos[i] = new ExamplePhoto (i);
    }
    store.splice (0, 0, photos);

    var factory = new Waterfall.SignalItemFactory ();
    // The factory's signals pass a GLib.Object: a Waterfall.Item here (a Waterfall.Header for a
    // header factory).
    factory.setup.connect ((object) => {
        var item = (Waterfall.Item) object;
        var box = new Gtk.Box (Gtk.Orientation.VERTICAL, 4);
        box.append (new Gtk.Picture () { keep_aspect_ratio = false, vexpand = true });
        box.append (new Gtk.Label (null));
        item.child = box;
    });
    factory.bind.connect ((object) => {
        var item = (Waterfall.Item) object;
        var photo = (ExamplePhoto) item.item;
        var picture = (Gtk.Picture) item.child.get_first_child ();
        picture.paintable = swatches[photo.number % swatches.length];
        ((Gtk.Label) picture.get_next_sibling ()).label = "Photo %u".printf (photo.number);
    });

    var view = new Waterfall.MasonryView (new Gtk.MultiSelection (store), factory);
    view.aspect_ratio_expression = new Gtk.PropertyExpression (typeof (ExamplePhoto), null, "aspect");
    view.activate.connect ((position) => {
        var photo = (ExamplePhoto) store.get_item (position);
        print ("activate: photo %u (aspect %.3f) at %u\n", photo.number, photo.aspect, position);
    });
    view.load_more.connect (() => {
        uint start = store.get_n_items ();
        var page = new Object[PAGE];
        for (uint i = 0; i < PAGE; i++) {
            page[i] = new ExamplePhoto (start + i);
        }
        store.splice (start, 0, page);
        print ("load-more: %u items\n", store.get_n_items ());
    });

    var window = new Gtk.Window () { title = "Photo wall (Vala)", default_width = 900, default_height = 700 };
    window.child = new Gtk.ScrolledWindow () { child = view };
    var loop = new MainLoop ();
    window.close_request.connect (() => { loop.quit (); return false; });
    int status = 0;
    if (snapshot_path != null) {
        int frames = 0;
        window.add_tick_callback (() => {
            if (++frames < 20) {
                return Source.CONTINUE;
            }
            int width = window.get_width ();
            int height = window.get_height ();
            var snapshot = new Gtk.Snapshot ();
            new Gtk.WidgetPaintable (window).snapshot (snapshot, width, height);
            var node = snapshot.to_node ();
            var rect = Graphene.Rect ().init (0, 0, width, height);
            var texture = window.get_native ().get_renderer ().render_texture (node, rect);
            status = texture.save_to_png (snapshot_path) ? 0 : 1;
            loop.quit ();
            return Source.REMOVE;
        });
    }
    window.present ();
    loop.run ();
    window.destroy ();
    return status;
}
