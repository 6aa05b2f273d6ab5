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

    /// Presents the window, waits until it is ready, writes it and calls `finish` with the exit
    /// status (0 also when the images timed out: the PNG shows what was ready).
    func start(finish: @escaping @MainActor (Int32) -> Void) {
        shop.present()
        WidgetSnapshot.savePNG(of: shop.window.pointer, to: path, whenReady: { [shop] in shop.visibleImagesReady },
                               timeout: Self.timeout,
                               prepare: { [shop, selectedIndex] in
                                   if let selectedIndex { shop.view.selectItem(at: selectedIndex) }
                               },
                               completion: { [path] outcome in
            switch outcome {
            case .written(let timedOut):
                if timedOut {
                    FileHandle.standardError.write(Data("waterfall-demo: images not ready after \(Self.timeout); wrote them as they were\n".utf8))
                }
                print("wrote \(path)")
                finish(0)
            case .failed(let error):
                FileHandle.standardError.write(Data("waterfall-demo: \(error)\n".utf8))
                finish(1)
            }
        })
    }
}
