import Foundation
import WaterfallGTK

// Gallery [--snapshot FILE.png]: custom cells in a WaterfallView, in the app's own GtkApplication.
let snapshotPath = CommandLine.arguments.firstIndex(of: "--snapshot").map { CommandLine.arguments[$0 + 1] }
let swatches = Swatches()

// NON_UNIQUE: no D-Bus name to own, so the app also runs where there is no session bus.
let app = gtk_application_new("org.example.Gallery", G_APPLICATION_NON_UNIQUE)!
Signal.connect(app, "activate") {
    let window = gtk_application_window_new(app)!
    gtk_window_set_title(gcast(window), "Gallery")
    gtk_window_set_default_size(gcast(window), 900, 700)
    let wall = WaterfallView(dataSource: swatches, delegate: swatches)
    WaterfallStyle.addStylesheet(Swatches.css, for: window)
    gtk_window_set_child(gcast(window), wall.scrolledWindow)
    gtk_window_present(gcast(window))
    if let snapshotPath {
        WidgetSnapshot.savePNG(of: window, to: snapshotPath, whenReady: { wall.model.liveCellCount > 0 }) { outcome in
            print(outcome.exitStatus == 0 ? "wrote \(snapshotPath)" : "snapshot failed: \(outcome)")
            exit(outcome.exitStatus)
        }
    }
}
exit(g_application_run(gcast(app), 0, nil))
