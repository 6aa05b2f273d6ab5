import CWaterfallImageWorker
import CWaterfallSandbox
import Glibc

extension ImageWorkerPool {
    /// The worker executable's file name.
    public static let workerName = "waterfall-image-worker"

    /// The environment variable naming the worker executable: a path overrides the search;
    /// `none` turns the sandbox off, so the standard decoder decodes nothing (an app decodes
    /// in-process only by choosing `PixbufDecoder.Decoding.inProcess` in code).
    public static let workerEnvironmentVariable = "WATERFALL_IMAGE_WORKER"

    /// The path that starts the running executable again, as a worker (see ``standard``).
    public static let ownExecutable = "/proc/self/exe"

    /// Where the worker is looked for, in order: `$WATERFALL_IMAGE_WORKER` alone when it is set;
    /// else beside the running executable (SwiftPM puts every product in one directory); beside
    /// the shared library holding this code (an app linking the installed library); and in the
    /// directory the build configured (`-DWATERFALL_LIBEXECDIR="…"` for `CWaterfallSandbox`: the
    /// Meson build's libexecdir).
    public static func workerCandidates(environment: [String: String] = ProcessEnvironment.current) -> [String] {
        if let named = environment[workerEnvironmentVariable], !named.isEmpty {
            return named == "none" ? [] : [named]
        }
        var directories: [String] = []
        if let executable = Self.ownExecutablePath(), let slash = executable.lastIndex(of: "/") {
            directories.append(slash == executable.startIndex ? "/" : String(executable[..<slash]))
        }
        if let library = wf_worker_code_directory() { directories.append(String(cString: library)) }
        if let libexec = wf_worker_libexecdir() { directories.append(String(cString: libexec)) }
        var seen = Set<String>()
        return directories.filter { seen.insert($0).inserted }.map { $0.hasSuffix("/") ? $0 + workerName : $0 + "/" + workerName }
    }

    /// Where `/proc/self/exe` leads: the running executable's absolute path.
    private static func ownExecutablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(ownExecutable, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `path` is a regular file this process may execute.
    private static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    /// The first of `workerCandidates(environment:)` that is an executable file, or `nil`.
    public static func locateWorker(environment: [String: String] = ProcessEnvironment.current) -> String? {
        workerCandidates(environment: environment).first(where: isExecutableFile)
    }

    /// The pool the standard decoder (`PixbufDecoder.Decoding.standard`) shares, with the default
    /// configuration and its streamed workers started at once (`prestart()`). Its workers are,
    /// unless `$WATERFALL_IMAGE_WORKER` names one or is `none`:
    /// - `waterfall-image-worker` where `locateWorker` finds it (the Meson build installs it for C,
    ///   Python, GJS and Vala apps; `swift build` puts it beside a package's executables);
    /// - else the running executable itself (``ownExecutable``) when it holds the worker's code,
    ///   as every executable that links WaterfallGTK through SwiftPM does: such an app has its
    ///   sandbox without building or shipping anything more. Its workers map the app's
    ///   libraries, so they take more address space (within `memoryLimitBytes`) and a few
    ///   milliseconds more to start.
    ///
    /// Otherwise `ImageWorkerError.unavailable` with where the worker was looked for, and a line
    /// on standard error: images then fail with that reason.
    public static let standard: Result<ImageWorkerPool, ImageWorkerError> = {
        standardExecutable(environment: ProcessEnvironment.current).map { executable in
            let pool = ImageWorkerPool(configuration: Configuration(executable: executable))
            pool.prestart()
            return pool
        }.mapError { error in
            StandardError.write("waterfall: \(error); images are not decoded\n")
            return error
        }
    }()

    /// The executable ``standard``'s workers run, as its documentation says, for `environment`.
    public static func standardExecutable(environment: [String: String]) -> Result<String, ImageWorkerError> {
        if let found = locateWorker(environment: environment) { return .success(found) }
        guard environment[workerEnvironmentVariable] == nil else {
            let setting = environment[workerEnvironmentVariable] ?? ""
            let reason = setting == "none" ? "the sandboxed image decoder is turned off (\(workerEnvironmentVariable)=none)"
                : "\(workerEnvironmentVariable) names no executable file"
            return .failure(.unavailable(path: setting, reason: reason))
        }
        if wf_image_worker_in_executable() != 0 { return .success(ownExecutable) }
        let places = workerCandidates(environment: environment).joined(separator: ", ")
        return .failure(.unavailable(path: workerName, reason: "not found (looked for \(places)), and this program does not hold the worker's code"))
    }
}
