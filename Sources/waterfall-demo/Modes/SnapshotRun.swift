import Foundation
import WaterfallGTK

/// `--snapshot FILE.png`: waits until the layout is done and every visible image is drawn,
/// writes the window as PNG and quits (exit 0; 1 if the PNG could not be written).
@MainActor
final class SnapshotRun {
    /// How long to wait for the images before writing whatever is shown.
    static let timeout: Duration = .seconds(20)

    private let shop: any WallWindow
    private let path: String
    private let selectedIndex: Int?

    init(application: Application, options: Options, path: String) {
        shop = makeWallWindow(application: application, options: options, preloadAll: false)
        self.path = path
        selectedIndex = options.selectedIndex
    }

    /// Presents the window and checks once per frame whether it is ready; calls `finish` with the
    /// exit status after writing.
    func start(finish: @escaping @MainActor (Int32) -> Void) {
        shop.present()
        let deadline = ContinuousClock.now + Self.timeout
        TickCallback.add(to: shop.view.widget) { [self] _ in
            let timedOut = ContinuousClock.now > deadline
            guard shop.visibleImagesReady || timedOut else { return true }
            if timedOut {
                FileHandle.standardError.write(Data("waterfall-demo: images not ready after \(Self.timeout); writing anyway\n".utf8))
            }
            if let selectedIndex { shop.view.selectItem(at: selectedIndex) }
            // The snapshot reuses what GTK painted last: wait for this frame's paint.
            AfterPaint.next(of: shop.view.widget) { [self] in finish(write()) }
            return false
        }
    }

    /// Writes the window to the PNG; returns the exit status.
    private func write() -> Int32 {
        do {
            try WidgetSnapshot.savePNG(of: shop.window.pointer, to: path)
            print("wrote \(path)")
            return 0
        } catch {
            FileHandle.standardError.write(Data("waterfall-demo: \(error)\n".utf8))
            return 1
        }
    }
}
