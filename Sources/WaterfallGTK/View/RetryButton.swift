import CWaterfallGtk4

/// A Retry button (``WaterfallStrings/retry``, with its mnemonic) that runs `clicked` (if given; a
/// caller that needs itself in the handler connects "clicked" once it is initialised): the
/// status page's, the footer's and the error banner's. GTK 4.8 names a mnemonic button twice,
/// by its label and by its label widget ("_Retry Retry"), so its accessible name is set once.
@MainActor
func makeRetryButton(clicked: (@MainActor () -> Void)? = nil) -> UnsafeMutablePointer<GtkWidget> {
    let text = WaterfallStrings.current.retry
    let button = gtk_button_new_with_mnemonic(text)!
    gtk_accessible_reset_relation(gcast(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    Accessible.setLabel(button, text.filter { $0 != "_" })
    if let clicked { Signal.connect(button, "clicked", clicked) }
    return button
}
