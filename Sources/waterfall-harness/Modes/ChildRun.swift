import Foundation
import WaterfallShop

/// Runs this executable again in another mode, so that each measured mode has a process — and a
/// resident memory — of its own (`--compare`, `--compare-grid`).
enum ChildRun {
    /// The options every child gets from its parent: items, window size, columns, frames,
    /// scroll mode and animations.
    static func sharedArguments(_ options: Options) -> [String] {
        var shared = ["--items", String(options.items), "--width", String(options.width),
                      "--height", String(options.height), "--scroll-mode", options.scrollMode.rawValue]
        switch options.columns {
        case .byOrientation: break
        case .fixed(let n): shared += ["--columns", String(n)]
        case .adaptive(let w): shared += ["--min-column-width", String(Int(w))]
        }
        if let frames = options.frames { shared += ["--frames", String(frames)] }
        if !options.animations { shared.append("--no-animations") }
        return shared
    }

    /// Runs this executable with `arguments`; its last stdout line parsed as a JSON object, or
    /// `nil` (with a message on standard error) when it cannot start or fails.
    static func run(_ arguments: [String]) -> (line: String, fields: [String: Any])? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("waterfall-harness: cannot run \(arguments): \(error)\n".utf8))
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0,
              let line = text.split(separator: "\n").last.map(String.init),
              let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            FileHandle.standardError.write(Data("waterfall-harness: \(arguments.last ?? "") failed:\n\(text)\n".utf8))
            return nil
        }
        return (line, object)
    }
}
