//! A photo wall in Rust over the installed libwaterfall-1, with gtk4-rs 0.9 from Debian's crates.
//!
//!   cargo run --offline -- [--items N] [--snapshot FILE.png]
//!
//! N photos (default 10,000) in a `GtkStringList` behind a `GtkMultiSelection`; a
//! `WaterfallSignalItemFactory` builds a `GtkPicture` and a `GtkLabel` per cell; each photo's
//! aspect ratio comes from a Rust closure through a `GtkClosureExpression`. With `--snapshot` it
//! renders the window into a PNG after a few frames and quits (CI checks that it shows cells).

mod waterfall;

use gtk::prelude::*;
use gtk::{gdk, glib, graphene};
use std::cell::Cell;
use std::rc::Rc;
use waterfall::{MasonryView, SignalItemFactory};

/// The photos' stand-in pictures: small vertical gradients of saturated colours.
fn swatches() -> Vec<gdk::Texture> {
    const COLOURS: [[u8; 3]; 8] = [
        [232, 115, 90], [79, 157, 217], [242, 181, 65], [108, 191, 132],
        [154, 123, 209], [224, 86, 143], [64, 178, 176], [237, 140, 52],
    ];
    let (width, height) = (8usize, 32usize);
    COLOURS
        .iter()
        .map(|colour| {
            let mut pixels = Vec::with_capacity(width * height * 3);
            for y in 0..height {
                for _ in 0..width {
                    let shade = 1.0 - 0.35 * y as f64 / height as f64;
                    pixels.extend(colour.iter().map(|&c| (c as f64 * shade) as u8));
                }
            }
            let bytes = glib::Bytes::from_owned(pixels);
            gdk::MemoryTexture::new(width as i32, height as i32, gdk::MemoryFormat::R8g8b8, &bytes, width * 3)
                .upcast()
        })
        .collect()
}

/// Photo n's number from its text ("Photo n").
fn number(text: &str) -> u32 {
    text.rsplit(' ').next().and_then(|n| n.parse().ok()).unwrap_or(0)
}

/// A reproducible aspect ratio between 0.6 (tall) and 1.6 (wide) for photo n.
fn aspect(number: u32) -> f64 {
    0.6 + (number.wrapping_mul(2_654_435_761) % 1000) as f64 / 1000.0
}

/// Renders `window` into a PNG at `path`.
fn save_snapshot(window: &gtk::Window, path: &str) -> Result<(), String> {
    let (width, height) = (window.width(), window.height());
    let paintable = gtk::WidgetPaintable::new(Some(window));
    let snapshot = gtk::Snapshot::new();
    paintable.snapshot(&snapshot, width as f64, height as f64);
    let node = snapshot.to_node().ok_or("the window drew nothing")?;
    let renderer = window.renderer().ok_or("the window has no renderer")?;
    let viewport = graphene::Rect::new(0.0, 0.0, width as f32, height as f32);
    let texture = renderer.render_texture(&node, Some(&viewport));
    texture.save_to_png(path).map_err(|error| error.to_string())
}

fn main() -> glib::ExitCode {
    let mut items = 10_000u32;
    let mut snapshot_path: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--items", Some(n)) if n.parse::<u32>().is_ok() => items = n.parse().unwrap(),
            ("--snapshot", Some(path)) => snapshot_path = Some(path),
            _ => {
                eprintln!("usage: waterfall-photo-wall [--items N] [--snapshot FILE.png]");
                return glib::ExitCode::from(2);
            }
        }
    }
    if let Err(error) = gtk::init() {
        eprintln!("waterfall-photo-wall: {error}");
        return glib::ExitCode::FAILURE;
    }

    let names: Vec<String> = (0..items).map(|n| format!("Photo {n}")).collect();
    let store = gtk::StringList::new(&names.iter().map(String::as_str).collect::<Vec<_>>());
    let selection = gtk::MultiSelection::new(Some(store));

    let pictures = swatches();
    let factory = SignalItemFactory::new();
    factory.connect_setup(|item| {
        let cell = gtk::Box::new(gtk::Orientation::Vertical, 4);
        let picture = gtk::Picture::new();
        picture.set_content_fit(gtk::ContentFit::Cover);
        picture.set_vexpand(true);
        cell.append(&picture);
        cell.append(&gtk::Label::new(None));
        item.set_child(&cell);
    });
    factory.connect_bind(move |item| {
        let (Some(photo), Some(cell)) = (item.item().and_downcast::<gtk::StringObject>(), item.child()) else {
            return;
        };
        let text = photo.string();
        let picture = cell.first_child().and_downcast::<gtk::Picture>().expect("setup made a picture");
        picture.set_paintable(Some(&pictures[number(&text) as usize % pictures.len()]));
        let label = picture.next_sibling().and_downcast::<gtk::Label>().expect("setup made a label");
        label.set_text(&text);
    });

    let view = MasonryView::new(&selection, &factory);
    let aspect_ratio = gtk::ClosureExpression::new::<f64>(
        gtk::Expression::NONE,
        glib::closure!(|photo: gtk::StringObject| aspect(number(&photo.string()))),
    );
    view.set_property("aspect-ratio-expression", aspect_ratio);
    view.connect_closure(
        "activate",
        false,
        glib::closure_local!(move |_: &MasonryView, position: u32| println!("activate: photo {position}")),
    );

    let window = gtk::Window::builder()
        .title("Photo wall (Rust)")
        .default_width(900)
        .default_height(700)
        .child(&gtk::ScrolledWindow::builder().child(&view).build())
        .build();
    let main_loop = glib::MainLoop::new(None, false);
    let status = Rc::new(Cell::new(0i32));
    window.connect_destroy({
        let main_loop = main_loop.clone();
        move |_| main_loop.quit()
    });
    if let Some(path) = snapshot_path {
        let frames = Cell::new(0);
        let (main_loop, status) = (main_loop.clone(), status.clone());
        window.add_tick_callback(move |window, _| {
            frames.set(frames.get() + 1);
            if frames.get() < 20 {
                return glib::ControlFlow::Continue;
            }
            let window = window.downcast_ref::<gtk::Window>().expect("a window");
            match save_snapshot(window, &path) {
                Ok(()) => println!("wrote {path}"),
                Err(error) => {
                    eprintln!("waterfall-photo-wall: no snapshot: {error}");
                    status.set(1);
                }
            }
            main_loop.quit();
            glib::ControlFlow::Break
        });
    }
    window.present();
    main_loop.run();
    window.destroy();
    glib::ExitCode::from(status.get())
}
