import Foundation

/// `--compare`: runs `--scroll-test` and `--flowbox` with the same items and window in two
/// child processes (so neither's memory counts against the other) and prints one JSON line
/// with both reports and the FlowBox ÷ waterfall ratios.
enum CompareRun {
    /// Runs both and prints; returns the exit status.
    static func run(_ options: Options) -> Int32 {
        var shared = ["--items", String(options.items), "--width", String(options.width),
                      "--height", String(options.height)]
        switch options.columns {
        case .byOrientation: break
        case .fixed(let n): shared += ["--columns", String(n)]
        case .adaptive(let w): shared += ["--min-column-width", String(Int(w))]
        }
        guard let waterfall = child(shared + ["--scroll-test"]),
              let flowBox = child(shared + ["--flowbox"]) else { return 1 }
        func ratio(_ key: String) -> JSONLine.Value {
            guard let a = flowBox.fields[key] as? Double, let b = waterfall.fields[key] as? Double, b > 0 else {
                return .string("n/a")
            }
            return .double(a / b)
        }
        JSONLine.print([
            ("waterfall", .raw(waterfall.line)),
            ("flowbox", .raw(flowBox.line)),
            ("flowbox_over_waterfall", .object([
                ("first_frame", ratio("first_frame_ms")),
                ("frame_interval_p50", ratio("frame_interval_ms_p50")),
                ("frame_interval_p99", ratio("frame_interval_ms_p99")),
                ("rss", ratio("rss_mb")),
            ])),
        ])
        return 0
    }

    /// Runs this executable with `arguments`; its last stdout line parsed as a JSON object.
    private static func child(_ arguments: [String]) -> (line: String, fields: [String: Any])? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("waterfall-demo: cannot run \(arguments): \(error)\n".utf8))
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0,
              let line = text.split(separator: "\n").last.map(String.init),
              let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            FileHandle.standardError.write(Data("waterfall-demo: \(arguments.last ?? "") failed:\n\(text)\n".utf8))
            return nil
        }
        return (line, object)
    }
}
