import CWaterfallSandbox
import Foundation

extension ImageWorkerPool {
    /// The worker executable's file name.
    public static let workerName = "waterfall-image-worker"

    /// The environment variable naming the worker executable: a path overrides the search;
    /// `none` turns the sandbox off (`standard` is `nil`: images decode in-process).
    public static let workerEnvironmentVariable = "WATERFALL_IMAGE_WORKER"

    /// Where the worker is looked for, in order: `$WATERFALL_IMAGE_WORKER` alone when it is set;
    /// else beside the running executable (SwiftPM puts every product in one directory); beside
    /// the shared library holding this code (an app linking the installed library); and in the
    /// directory the build configured (`-DWATERFALL_LIBEXECDIR="…"` for `CWaterfallSandbox`: the
    /// Meson build's libexecdir).
    public static func workerCandidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        if let named = environment[workerEnvironmentVariable], !named.isEmpty {
            return named == "none" ? [] : [named]
        }
        var directories: [String] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append((executable as NSString).deletingLastPathComponent)
        }
        if let library = wf_worker_code_directory() { directories.append(String(cString: library)) }
        if let libexec = wf_worker_libexecdir() { directories.append(String(cString: libexec)) }
        var seen = Set<String>()
        return directories.filter { seen.insert($0).inserted }.map { ($0 as NSString).appendingPathComponent(workerName) }
    }

    /// The first of `workerCandidates(environment:)` that is an executable file, or `nil`.
    public static func locateWorker(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        workerCandidates(environment: environment).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The pool the standard pipeline's decoder shares, with the default configuration, its
    /// streamed workers started at once (`prestart()`); `nil`
    /// (images decode in-process, and a line on standard error says where the worker was looked
    /// for) when no worker executable is found or `$WATERFALL_IMAGE_WORKER` is `none`.
    public static let standard: ImageWorkerPool? = {
        let environment = ProcessInfo.processInfo.environment
        guard let executable = locateWorker(environment: environment) else {
            if environment[workerEnvironmentVariable] != "none" {
                let places = workerCandidates(environment: environment).joined(separator: ", ")
                FileHandle.standardError.write(Data(
                    "waterfall: no \(workerName) found (looked for \(places)); images decode in-process\n".utf8))
            }
            return nil
        }
        let pool = ImageWorkerPool(configuration: Configuration(executable: executable))
        pool.prestart()
        return pool
    }()
}
