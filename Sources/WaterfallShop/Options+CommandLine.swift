import Foundation

extension Options {
    /// The options of this process's command line; on `--help` prints the usage and exits 0, on
    /// a mistake prints it to standard error as `program: …` and exits 2.
    package static func parseCommandLine(program: String) -> Options {
        do {
            return try Options(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch .helpRequested {
            print(usage)
            exit(0)
        } catch .invalidValue(let flag, let reason) {
            // A bad value is one line: the usage would only bury it.
            FileHandle.standardError.write(Data("\(program): \(flag): \(reason)\n".utf8))
            exit(2)
        } catch {
            FileHandle.standardError.write(Data("\(program): \(error)\n\n\(usage)\n".utf8))
            exit(2)
        }
    }
}
