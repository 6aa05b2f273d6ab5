import Foundation
import WaterfallGTK

// FeedWall --feed URL [--snapshot FILE.png]: a whole feed wall in one call, under GTK's own loop.
func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    return arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
guard let feed = option("--feed") else {
    print("usage: FeedWall --feed URL [--snapshot FILE.png]   (URL: JSON pages, {page} = 1, 2, …)")
    exit(2)
}

gtk_init()
let window = gtk_window_new()!
gtk_window_set_title(gcast(window), "Feed Wall")
gtk_window_set_default_size(gcast(window), 900, 700)
let wall: FeedWall
do {
    wall = try FeedWall(feedURL: feed)
} catch {
    print("FeedWall: \(error)")
    exit(1)
}
wall.onSelect = { item in print("selected \(item.accessibleLabel)") }
gtk_window_set_child(gcast(window), wall.widget)
gtk_window_present(gcast(window))

let loop = g_main_loop_new(nil, 0)
Signal.connect(window, "destroy") { g_main_loop_quit(loop) }
if let path = option("--snapshot") {
    WidgetSnapshot.savePNG(of: window, to: path, whenReady: { wall.visibleImagesReady }) { outcome in
        print(outcome.exitStatus == 0 ? "wrote \(path)" : "snapshot failed: \(outcome)")
        exit(outcome.exitStatus)
    }
}
g_main_loop_run(loop)
