import Foundation
import WaterfallFeed
import WaterfallGTK
import WaterfallShop

/// `--decode-bench DIR`: decodes every file in DIR to fit a cell (`--width`×`--height` pixels)
/// with the wall's decoder (the standard pipeline's sandboxed workers; in this process when
/// `WATERFALL_IMAGE_WORKER=none`, which the harness turns into `PixbufDecoder.Decoding.inProcess`
/// to compare), 7 times each, and prints one JSON line per file with the first,
/// median and fastest time and the process's peak resident memory. Needs no display.
enum DecodeBenchRun {
    static let runs = 7

    static func run(directory: String, box: ImagePixelSize) -> Int32 {
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        guard let files = try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil) else {
            FileHandle.standardError.write(Data("waterfall-harness: cannot list \(directory)\n".utf8))
            return 2
        }
        let inProcess = ProcessInfo.processInfo.environment[ImageWorkerPool.workerEnvironmentVariable] == "none"
        let decoder = PixbufDecoder(decoding: inProcess ? .inProcess : .standard)
        for file in files.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            guard let data = try? Data(contentsOf: file) else { continue }
            var times: [Double] = []
            var outcome = "ok"
            var size = ImagePixelSize(width: 0, height: 0)
            for _ in 0..<runs {
                let start = ContinuousClock.now
                do {
                    let image = try decoder.decode(data, maxPixelSize: box)
                    size = ImagePixelSize(width: image.pixelWidth, height: image.pixelHeight)
                } catch {
                    outcome = String(describing: error)
                }
                let elapsed = ContinuousClock.now - start
                times.append(elapsed.milliseconds)
            }
            let header = ImageHeader.read(from: data)
            let percentiles = Percentiles(times)
            JSONLine.print([
                ("file", .string(file.lastPathComponent)),
                ("bytes", .int(data.count)),
                ("source", .string(header.map { "\($0.pixelWidth)×\($0.pixelHeight)" } ?? "?")),
                ("decoded", .string(size.description)),
                ("ms_median", .double(percentiles.value(50))),
                ("ms_min", .double(percentiles.value(0))),
                ("ms_first", .double(times.first ?? 0)),
                ("sandboxed", .bool(!inProcess)),
                ("peak_rss_mb", .double(ProcessMemory.peakResidentMegabytes())),
                ("outcome", .string(outcome)),
            ])
        }
        return 0
    }
}
