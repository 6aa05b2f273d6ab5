#!/usr/bin/env -S gjs -m
// A feed wall in JavaScript (GJS) with its own cells, over Waterfall.FeedModel.
//
//   GI_TYPELIB_PATH=PREFIX/lib/<triplet>/girepository-1.0 LD_LIBRARY_PATH=PREFIX/lib/<triplet> \
//       gjs -m feed-wall.js URL [--map MAP] [--snapshot FILE.png]
//
// URL is a feed of JSON pages ({page} is the page number, or a file:// page); MAP says where
// its fields are (a preset such as `reddit`, or `items=data.children,img=data.url,...`). The
// feed is a Gio.ListModel of Waterfall.FeedItem behind a Gtk.MultiSelection; a
// Waterfall.SignalItemFactory builds a picture over a price tag per item, and the view sizes
// each cell by the item's "aspect-ratio" property. Scrolling near the end loads the next page
// (the view's load-more signal), F5 or Ctrl+R refreshes, and activating an item prints its link.
//
// The picture draws a Waterfall.Image of the item's image URI: downloaded, decoded off the main
// thread at the cell's size and cached by the library's pipeline, with the item's BlurHash until
// the pixels arrive. An unbound cell drops its image, which cancels what it still had to do.
import GLib from 'gi://GLib';
import Graphene from 'gi://Graphene';
import Gtk from 'gi://Gtk?version=4.0';
import Waterfall from 'gi://Waterfall?version=1';
import System from 'system';

let uri = null, map = null, snapshotPath = null;
for (let i = 0; i < ARGV.length; i++) {
    if (ARGV[i] === '--map')
        map = ARGV[++i];
    else if (ARGV[i] === '--snapshot')
        snapshotPath = ARGV[++i];
    else if (uri === null && !ARGV[i].startsWith('--'))
        uri = ARGV[i];
    else
        throw new Error('usage: feed-wall.js URL [--map MAP] [--snapshot FILE.png]');
}
if (uri === null)
    throw new Error('usage: feed-wall.js URL [--map MAP] [--snapshot FILE.png]');

Gtk.init();
const feed = Waterfall.FeedModel.new(uri, map);
feed.connect('notify::error-message', () => {
    if (feed.error_message)
        printerr(`failed: ${feed.error_message}`);
});

const factory = new Waterfall.SignalItemFactory();
factory.connect('setup', (_factory, cell) => {
    const box = new Gtk.Box({orientation: Gtk.Orientation.VERTICAL, spacing: 4});
    box.append(new Gtk.Picture({content_fit: Gtk.ContentFit.COVER, vexpand: true}));
    box.append(new Gtk.Label({xalign: 0, css_classes: ['heading']}));
    cell.set_child(box);
});
// Shows the item in its cell. In a long feed a far item is compacted (its strings null) and the
// model fetches it again when a cell is bound to it, then notifies: a bound cell follows it.
function show(cell, item) {
    const picture = cell.get_child().get_first_child();
    let image = null;
    if (item.image_uri) {
        image = Waterfall.Image.new_for_uri(item.image_uri);
        image.blurhash = item.blurhash;
    }
    picture.set_paintable(image);
    picture.get_next_sibling().set_text(item.subtitle ?? item.title ?? '');
    cell.set_accessible_label(item.title ?? '');
}
const following = new Map();   // bound cell → its item's notify::image-uri handler
factory.connect('bind', (_factory, cell) => {
    const item = cell.get_item();
    show(cell, item);
    following.set(cell, item.connect('notify::image-uri', () => show(cell, item)));
});
factory.connect('unbind', (_factory, cell) => {
    cell.get_item().disconnect(following.get(cell));
    following.delete(cell);
    cell.get_child().get_first_child().set_paintable(null);
});

const view = new Waterfall.MasonryView({
    model: new Gtk.MultiSelection({model: feed}),
    factory,
    aspect_ratio_property: 'aspect-ratio',
});
view.connect('load-more', () => feed.load_more());
view.connect('refresh', () => feed.refresh());
view.connect('activate', (_view, position) => {
    const item = feed.get_item(position);
    print(`activate: ${item.title ?? item.id} at ${position}: ${item.link ?? item.image_uri}`);
});

const window = new Gtk.Window({title: 'Feed (GJS)', default_width: 900, default_height: 700});
window.set_child(new Gtk.ScrolledWindow({child: view}));
const loop = new GLib.MainLoop(null, false);
window.connect('close-request', () => {
    loop.quit();
    return false;
});
let status = 0;
if (snapshotPath) {
    // Once the first page is in and its pictures have had 20 frames to show.
    let frames = 0;
    window.add_tick_callback(() => {
        if (feed.error_message) {
            status = 1;
            loop.quit();
            return GLib.SOURCE_REMOVE;
        }
        if (feed.get_n_items() === 0 || feed.loading || ++frames < 20)
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
