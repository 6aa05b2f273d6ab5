import WaterfallCore
import WaterfallGTK

/// The header bar's layout switcher (linked toggle buttons) and seed 003's background tap:
/// switches the wall between the shop's waterfall or rows and the photos' carousel and circle.
///
/// Carousel ↔ circle is animated (every photo moves, scales and fades to its new place), as
/// the seed's `setCollectionViewLayout:animated:`; waterfall ↔ photos changes the items too
/// (the shop for the seed's twenty photos), so the wall reloads instead. In the photo
/// layouts, clicking the background switches carousel ↔ circle.
@MainActor
final class LayoutSwitcher {
    /// The layout shown.
    private(set) var choice = LayoutChoice.waterfall
    /// The photo layouts' data source and delegate.
    let photos = PhotoStrip()

    private let view: WaterfallView<WaterfallImageCell>
    private weak var shopSource: (any WaterfallDataSource<WaterfallImageCell>)?
    private weak var shopDelegate: (any WaterfallDelegate<WaterfallImageCell>)?
    private let shopLoadsMore: Bool
    private let shopRefreshes: Bool
    /// The wall's accessible name and total in the shop ("Photos" and no total in the photo
    /// layouts).
    private let shopAccessibleName: String
    private let shopAccessibleTotal: Int?
    private var buttons: [(choice: LayoutChoice, widget: UnsafeMutablePointer<GtkWidget>)] = []

    /// Puts the switcher at the start of `window`'s header bar and shows `initial`.
    init(window: Window, view: WaterfallView<WaterfallImageCell>, initial: LayoutChoice) {
        self.view = view
        shopSource = view.model.dataSource
        shopDelegate = view.model.delegate
        shopLoadsMore = view.model.isLoadMoreEnabled
        shopRefreshes = view.isPullToRefreshEnabled
        shopAccessibleName = view.accessibleName
        shopAccessibleTotal = view.accessibleTotal
        photos.view = view
        PhotoStyle.install(for: window.pointer)

        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "linked")
        var group: UnsafeMutablePointer<GtkToggleButton>?
        for choice in LayoutChoice.allCases {
            let button = gtk_toggle_button_new_with_label(choice.title)!
            gtk_toggle_button_set_group(gcast(button), group)
            group = group ?? gcast(button)
            Signal.connect(button, "toggled") { [weak self, button] in
                guard gtk_toggle_button_get_active(gcast(button)) != 0 else { return }
                self?.select(choice, animated: true)
            }
            gtk_box_append(gcast(box), button)
            buttons.append((choice, button))
        }
        gtk_header_bar_pack_start(gcast(window.headerBar), box)
        view.onBackgroundClick = { [weak self] _ in self?.backgroundClicked() }
        select(initial, animated: false)
        syncButtons()
    }

    /// Shows `new`: animated between the photo layouts, reloading when the items change.
    func select(_ new: LayoutChoice, animated: Bool) {
        guard new != choice else { return }
        let itemsChange = new.showsPhotos != choice.showsPhotos
        choice = new
        syncButtons()
        defer { view.announce(WaterfallStrings.fill(tr("{layout} layout, {wall}"), ["layout": new.title, "wall": view.accessibleLabel])) }
        guard itemsChange else {
            view.setLayout(new.makeLayout(), animated: animated)
            return
        }
        let model = view.model
        model.isLoadMoreEnabled = false
        view.isPullToRefreshEnabled = false
        if new.showsPhotos {
            model.dataSource = photos
            model.delegate = photos
            view.accessibleName = tr("Photos")
            view.accessibleTotal = nil
            gtk_widget_add_css_class(view.widget, PhotoStyle.wallClass)
        } else {
            model.dataSource = shopSource
            model.delegate = shopDelegate
            view.accessibleName = shopAccessibleName
            view.accessibleTotal = shopAccessibleTotal
            gtk_widget_remove_css_class(view.widget, PhotoStyle.wallClass)
        }
        view.setLayout(new.makeLayout(), animated: false)
        model.reloadData()
        view.isPullToRefreshEnabled = !new.showsPhotos && shopRefreshes
        model.isLoadMoreEnabled = !new.showsPhotos && shopLoadsMore
    }

    /// Seed 003's `touchesBegan:`: a tap beside the photos switches carousel ↔ circle.
    private func backgroundClicked() {
        switch choice {
        case .carousel: select(.circle, animated: true)
        case .circle: select(.carousel, animated: true)
        case .waterfall, .rows: break
        }
    }

    /// Activates the button of the layout shown.
    private func syncButtons() {
        for button in buttons where (gtk_toggle_button_get_active(gcast(button.widget)) != 0) != (button.choice == choice) {
            gtk_toggle_button_set_active(gcast(button.widget), button.choice == choice ? 1 : 0)
        }
    }
}
