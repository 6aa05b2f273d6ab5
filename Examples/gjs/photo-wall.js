#!/usr/bin/env -S gjs -m
// A photo wall in JavaScript (GJS) over the installed libwaterfall-1.
//
//   GI_TYPELIB_PATH=PREFIX/lib/<triplet>/girepository-1.0 LD_LIBRARY_PATH=PREFIX/lib/<triplet> \
//       gjs -m photo-wall.js [--items N] [--snapshot FILE.png]
//
// 100,000 photos in a Gio.ListStore behind a Gtk.MultiSelection; a Waterfall.SignalItemFactory
// builds a Gtk.Picture and a Gtk.Label per item; each photo's aspect ratio comes from its "aspect"
// property through a Gtk.PropertyExpression. Activating a photo prints it; load-more appends a page.
import Gdk from 'gi://Gdk?version=4.0';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import GObject from 'gi://GObject';
import Graphene from 'gi://Graphene';
import Gtk from 'gi://Gtk?version=4.0';
import Waterfall from 'gi://Waterfall?version=1';
import System from 'system';

const PAGE = 1000;
const COLOURS = [[232, 115, 90], [79, 157, 217], [242, 181, 65], [108, 191, 132],
    [154, 123, 209], [224, 86, 143], [64, 178, 176], [237, 140, 52]];

const Photo = GObject.registerClass({
    GTypeName: 'ExamplePhoto',
    Properties: {
        number: GObject.ParamSpec.uint('number', null, null, GObject.ParamFlags.READWRITE, 0, 0xffffffff, 0),
        aspect: GObject.ParamSpec.double('aspect', null, null, GObject.ParamFlags.READWRITE, 0.1, 10, 1),
    },
}, class Photo extends GObject.Object {});

function newPhoto(number) {
    return new Photo({number, aspect: 0.6 + (Math.imul(number, 2654435761) >>> 0) % 1000 / 1000});
}

// A small vertical gradient of a saturated colour: the photos' stand-in image.
function swatch([r, g, b]) {
    const width = 8, height = 32, pixels = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
        const shade = 1 - 0.35 * y / height;
        for (let x = 0; x < width; x++)
            pixels.set([r * shade, g * shade, b * shade], (y * width + x) * 3);
    }
    return Gdk.MemoryTexture.new(width, height, Gdk.MemoryFormat.R8G8B8, new GLib.Bytes(pixels), width * 3);
}

const swatches = COLOURS.map(swatch);

let items = 100000, snapshotPath = null;
for (let i = 0; i < ARGV.length; i++) {
    if (ARGV[i] === '--items')
        items = Number(ARGV[++i]);
    else if (ARGV[i] === '--snapshot')
        snapshotPath = ARGV[++i];
    else
        throw new Error(`usage: photo-wall.js [--items N] [--snapshot FILE.png]`);
}

Gtk.init();
const store = new Gio.ListStore({item_type: Photo});
store.splice(0, 0, Array.from({length: items}, (_, i) => newPhoto(i)));

const factory = new Waterfall.SignalItemFactory();
factory.connect('setup', (_factory, item) => {
    const box = new Gtk.Box({orientation: Gtk.Orientation.VERTICAL, spacing: 4});
    box.append(new Gtk.Picture({content_fit: Gtk.ContentFit.COVER, vexpand: true}));
    box.append(new Gtk.Label());
    item.set_child(box);
});
factory.connect('bind', (_factory, item) => {
    const photo = item.get_item();
    const picture = item.get_child().get_first_child();
    picture.set_paintable(swatches[photo.number % swatches.length]);
    picture.get_next_sibling().set_text(`Photo ${photo.number}`);
});

const view = new Waterfall.MasonryView({
    model: new Gtk.MultiSelection({model: store}),
    factory,
    aspect_ratio_expression: Gtk.PropertyExpression.new(Photo.$gtype, null, 'aspect'),
});
view.connect('activate', (_view, position) => {
    const photo = store.get_item(position);
    print(`activate: photo ${photo.number} (aspect ${photo.aspect.toFixed(3)}) at ${position}`);
});
view.connect('load-more', () => {
    const start = store.get_n_items();
    store.splice(start, 0, Array.from({length: PAGE}, (_, i) => newPhoto(start + i)));
    print(`load-more: ${store.get_n_items()} items`);
});

const window = new Gtk.Window({title: 'Photo wall (GJS)', default_width: 900, default_height: 700});
window.set_child(new Gtk.ScrolledWindow({child: view}));
const loop = new GLib.MainLoop(null, false);
window.connect('close-request', () => {
    loop.quit();
    return false;
});
let status = 0;
if (snapshotPath) {
    let frames = 0;
    window.add_tick_callback(() => {
        if (++frames < 20)
            return GLib.SOURCE_CONTINUE;
        // The window's content: GTK 4.18 draws nothing for a paintable of the window itself.
        const content = window.get_child();
        const width = content.get_width(), height = content.get_height();
        const snapshot = new Gtk.Snapshot();
        new Gtk.WidgetPaintable({widget: content}).snapshot(snapshot, width, height);
        const node = snapshot.to_node();
        if (node === null)
            return GLib.SOURCE_CONTINUE;
        const rect = new Graphene.Rect().init(0, 0, width, height);
        const texture = window.get_native().get_renderer().render_texture(node, rect);
        status = texture.save_to_png(snapshotPath) ? 0 : 1;
        loop.quit();
        return GLib.SOURCE_REMOVE;
    });
}
window.present();
loop.run();
window.destroy();
System.exit(status);
