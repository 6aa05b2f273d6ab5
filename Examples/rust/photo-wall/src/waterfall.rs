//! The few Waterfall types this example uses, declared over libwaterfall-1's C API with
//! `glib::wrapper!` (Waterfall ships no Rust crate; `gir` could generate the same from
//! `Waterfall-1.gir`). Each wrapper is a real GObject type: casts, signals and properties go
//! through GLib's type system.

use gtk::glib;
use gtk::glib::translate::*;
use gtk::prelude::*;

mod ffi {
    use gtk::glib;
    use gtk::glib::ffi::GType;

    /// Declares C structs that Rust only points to.
    macro_rules! opaque {
        ($($name:ident),*) => {
            $(
                #[repr(C)]
                pub struct $name {
                    _private: [u8; 0],
                }
            )*
        };
    }
    opaque!(
        WaterfallMasonryView, WaterfallMasonryViewClass, WaterfallItemFactory, WaterfallItemFactoryClass,
        WaterfallSignalItemFactory, WaterfallSignalItemFactoryClass, WaterfallItem, WaterfallItemClass
    );

    #[link(name = "waterfall-1")]
    extern "C" {
        pub fn waterfall_masonry_view_get_type() -> GType;
        pub fn waterfall_item_factory_get_type() -> GType;
        pub fn waterfall_signal_item_factory_get_type() -> GType;
        pub fn waterfall_item_get_type() -> GType;
        pub fn waterfall_masonry_view_new(
            model: *mut gtk::ffi::GtkSelectionModel,
            factory: *mut WaterfallItemFactory,
        ) -> *mut gtk::ffi::GtkWidget;
        pub fn waterfall_signal_item_factory_new() -> *mut WaterfallItemFactory;
        pub fn waterfall_item_get_item(item: *mut WaterfallItem) -> *mut glib::gobject_ffi::GObject;
        pub fn waterfall_item_get_child(item: *mut WaterfallItem) -> *mut gtk::ffi::GtkWidget;
        pub fn waterfall_item_set_child(item: *mut WaterfallItem, child: *mut gtk::ffi::GtkWidget);
    }
}

glib::wrapper! {
    /// `WaterfallMasonryView`: the wall, a `GtkScrollable` over a selection model.
    pub struct MasonryView(Object<ffi::WaterfallMasonryView, ffi::WaterfallMasonryViewClass>)
        @extends gtk::Widget,
        @implements gtk::Accessible, gtk::Buildable, gtk::ConstraintTarget, gtk::Scrollable;

    match fn {
        type_ => || ffi::waterfall_masonry_view_get_type(),
    }
}

glib::wrapper! {
    /// `WaterfallItemFactory`: what makes the wall's cells.
    pub struct ItemFactory(Object<ffi::WaterfallItemFactory, ffi::WaterfallItemFactoryClass>);

    match fn {
        type_ => || ffi::waterfall_item_factory_get_type(),
    }
}

glib::wrapper! {
    /// `WaterfallSignalItemFactory`: a factory whose `setup` and `bind` signals make the cells.
    pub struct SignalItemFactory(Object<ffi::WaterfallSignalItemFactory, ffi::WaterfallSignalItemFactoryClass>)
        @extends ItemFactory;

    match fn {
        type_ => || ffi::waterfall_signal_item_factory_get_type(),
    }
}

glib::wrapper! {
    /// `WaterfallItem`: one cell's model item, position and child widget.
    pub struct Item(Object<ffi::WaterfallItem, ffi::WaterfallItemClass>);

    match fn {
        type_ => || ffi::waterfall_item_get_type(),
    }
}

impl MasonryView {
    /// `waterfall_masonry_view_new`: a wall of `model`'s items with cells from `factory`.
    pub fn new(model: &impl IsA<gtk::SelectionModel>, factory: &impl IsA<ItemFactory>) -> Self {
        unsafe {
            gtk::Widget::from_glib_none(ffi::waterfall_masonry_view_new(
                model.as_ref().to_glib_full(),
                factory.as_ref().to_glib_full(),
            ))
            .unsafe_cast()
        }
    }
}

impl SignalItemFactory {
    /// `waterfall_signal_item_factory_new`.
    pub fn new() -> Self {
        unsafe { ItemFactory::from_glib_full(ffi::waterfall_signal_item_factory_new()).unsafe_cast() }
    }

    /// Connects to `setup` (a new cell: give its item a child widget).
    pub fn connect_setup<F: Fn(&Item) + 'static>(&self, f: F) {
        self.connect_closure("setup", false, glib::closure_local!(move |_: &Self, item: &Item| f(item)));
    }

    /// Connects to `bind` (a cell shows a model item: fill its child from it).
    pub fn connect_bind<F: Fn(&Item) + 'static>(&self, f: F) {
        self.connect_closure("bind", false, glib::closure_local!(move |_: &Self, item: &Item| f(item)));
    }
}

impl Item {
    /// `waterfall_item_get_item`: the model item shown, `None` while unbound.
    pub fn item(&self) -> Option<glib::Object> {
        unsafe { from_glib_none(ffi::waterfall_item_get_item(self.to_glib_none().0)) }
    }

    /// `waterfall_item_get_child`.
    pub fn child(&self) -> Option<gtk::Widget> {
        unsafe { from_glib_none(ffi::waterfall_item_get_child(self.to_glib_none().0)) }
    }

    /// `waterfall_item_set_child`.
    pub fn set_child(&self, child: &impl IsA<gtk::Widget>) {
        unsafe { ffi::waterfall_item_set_child(self.to_glib_none().0, child.as_ref().to_glib_none().0) }
    }
}
