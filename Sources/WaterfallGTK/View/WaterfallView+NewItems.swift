import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// Whether the "N new items" pill is showing.
    public var isShowingNewItemsPill: Bool { chrome.newItemsPill.isVisible }

    /// Scrolls smoothly to the top, where the new items are, as activating the "N new items"
    /// pill does; the pill hides when the top is reached. The keyboard focus goes back to the
    /// wall.
    public func revealNewItems() {
        if gtk_widget_has_focus(chrome.newItemsPill.widget) != 0 { gtk_widget_grab_focus(widget) }
        settle(to: .zero)
    }

    /// Shows the pill with the model's text while there are new items above, hides it at 0.
    public func newItemsAboveDidChange(_ count: Int) {
        if count > 0 {
            chrome.newItemsPill.show(WaterfallStrings.current.newItems(model.newItemsPillCount))
        } else {
            if gtk_widget_has_focus(chrome.newItemsPill.widget) != 0 { gtk_widget_grab_focus(widget) }
            chrome.newItemsPill.hide()
        }
        gtk_widget_queue_allocate(widget)
    }
}
